/** Knowledge-base categories: top-level and child categories, highlight, delete when empty. */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { pageOf, pick, type Outbox, type RequestOf } from '@ncs/service-kit';
import type { CategoryDoc, KbModels } from '../models/index.js';
import {
  callerOf,
  findCategory,
  findVisibleCategory,
  hiddenCategoryEIDs,
  requireManage,
  type Caller,
} from './access.js';

export function presentCategory(category: CategoryDoc): PlainResource {
  return {
    type: 'kb_category',
    EID: String(category._id),
    name: category.name,
    description: category.description,
    audienceType: category.audienceType,
    headerBackgroundUrl: category.headerBackgroundUrl ?? null,
    headerColor: category.headerColor ?? null,
    parent: category.parentEID ? { type: 'kb_category', EID: category.parentEID } : null,
    highlightedAt: category.highlightedAt ? toTimestamp(category.highlightedAt) : null,
    created: toTimestamp(category.created),
    lastModified: toTimestamp(category.lastModified),
  };
}

const actorOf = (caller: Caller) => ({ type: 'user', EID: caller.profileEID });

const EDITABLE_FIELDS = [
  'name',
  'description',
  'audienceType',
  'headerBackgroundUrl',
  'headerColor',
] as const;

export async function createCategory(
  models: KbModels,
  outbox: Outbox,
  ctx: RequestContext,
  body: RequestOf<'category.create'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const fields = pick(body, EDITABLE_FIELDS);
  const parentRef = body.parent;
  let parentEID: string | null = null;
  if (parentRef) {
    const parent = await models.Category.findOne({
      _id: parentRef.EID,
      networkEID: caller.networkEID,
    }).lean<CategoryDoc>();
    // Two levels only: a parent must be a top-level category of this network.
    if (!parent || parent.parentEID) {
      throw new DomainError('KB_ERR_PARENT_NOT_TOP_LEVEL', undefined, [
        { pointer: '/body/parent', message: 'must be a top-level category of this network' },
      ]);
    }
    parentEID = String(parent._id);
  }
  const [created] = await models.Category.insertMany([
    { ...fields, parentEID, networkEID: caller.networkEID },
  ]);
  const category = presentCategory(created!.toObject<CategoryDoc>());
  await outbox.record('category', 'created', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    data: { category },
  });
  return category;
}

export async function listCategories(
  models: KbModels,
  ctx: RequestContext,
  query: RequestOf<'category.list'>['query'],
): Promise<PlainCollection> {
  const caller = callerOf(ctx);
  const hidden = await hiddenCategoryEIDs(models, caller);
  const filter = {
    networkEID: caller.networkEID,
    ...(query.parent ? { parentEID: query.parent } : {}),
    ...(hidden.length > 0 ? { _id: { $nin: hidden } } : {}),
  };
  return pageOf(
    models.Category,
    { filter, sort: { created: 1, _id: 1 } },
    query,
    { itemType: 'kb_category', rel: 'categories' },
    (categories) => categories.map(presentCategory),
  );
}

export async function getCategory(models: KbModels, ctx: RequestContext, categoryEID: string) {
  const { category } = await findVisibleCategory(models, callerOf(ctx), categoryEID);
  return presentCategory(category);
}

export async function updateCategory(
  models: KbModels,
  ctx: RequestContext,
  categoryEID: string,
  body: RequestOf<'category.update'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  await findCategory(models, caller, categoryEID);
  const updated = await models.Category.findOneAndUpdate(
    { _id: categoryEID, networkEID: caller.networkEID },
    { $set: pick(body, EDITABLE_FIELDS) },
    { returnDocument: 'after', runValidators: true },
  ).lean<CategoryDoc>();
  if (!updated) throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  return presentCategory(updated);
}

/** Highlight keeps the first time (idempotent); unhighlight clears it. */
export async function setHighlight(
  models: KbModels,
  ctx: RequestContext,
  categoryEID: string,
  highlighted: boolean,
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  await findCategory(models, caller, categoryEID);
  await models.Category.updateOne(
    {
      _id: categoryEID,
      networkEID: caller.networkEID,
      ...(highlighted ? { highlightedAt: null } : { highlightedAt: { $ne: null } }),
    },
    { $set: { highlightedAt: highlighted ? new Date() : null } },
  );
  return presentCategory(await findCategory(models, caller, categoryEID));
}

/** A category with child categories or live pages is kept (409); soft-deleted pages do not count. */
export async function deleteCategory(
  models: KbModels,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const category = await findCategory(models, caller, categoryEID);
  const [children, pages] = await Promise.all([
    models.Category.exists({ networkEID: caller.networkEID, parentEID: categoryEID }),
    models.Page.exists({ networkEID: caller.networkEID, categoryEID, deletedAt: null }),
  ]);
  if (children || pages) throw new DomainError('KB_ERR_CATEGORY_NOT_EMPTY');
  await models.Category.deleteOne({ _id: categoryEID, networkEID: caller.networkEID });
  await models.Manager.deleteMany({ networkEID: caller.networkEID, categoryEID });
  await outbox.record('category', 'deleted', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    data: { category: presentCategory(category) },
  });
}
