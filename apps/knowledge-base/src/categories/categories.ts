/** Knowledge-base categories: top-level and child categories, highlight, delete when empty. */
import { DomainError, type PlainCollection, type RequestContext } from '@ncs/contracts';
import { pageOf, pick, type Outbox, type RequestOf } from '@ncs/service-kit';
import { findCategory, findVisibleCategory, hiddenCategoryEIDs } from '../core/access.js';
import type { CategoryDoc, CategoryModels, CoreModels } from '../core/models.js';
import { callerOf, requireManage, type Caller } from '../core/rules.js';
import {
  EDITABLE_FIELDS,
  categoryListFilter,
  highlightChange,
  presentCategory,
  requireEmptyCategory,
  requireTopLevelParent,
} from './rules.js';

const actorOf = (caller: Caller) => ({ type: 'user', EID: caller.profileEID });

export async function createCategory(
  models: CategoryModels,
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
    parentEID = requireTopLevelParent(parent);
  }
  const [created] = await models.Category.insertMany([
    { ...fields, parentEID, networkEID: caller.networkEID },
  ]);
  const category = presentCategory(created!.toObject<CategoryDoc>());
  await outbox.record('kb.category.created', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { category },
  });
  return category;
}

export async function listCategories(
  models: CategoryModels,
  ctx: RequestContext,
  query: RequestOf<'category.list'>['query'],
): Promise<PlainCollection> {
  const caller = callerOf(ctx);
  const hidden = await hiddenCategoryEIDs(models, caller);
  return pageOf(
    models.Category,
    { filter: categoryListFilter(caller, query.parent, hidden), sort: { created: 1, _id: 1 } },
    query,
    { itemType: 'kb_category', rel: 'categories' },
    (categories) => categories.map(presentCategory),
  );
}

export async function getCategory(models: CategoryModels, ctx: RequestContext, categoryEID: string) {
  const { category } = await findVisibleCategory(models, callerOf(ctx), categoryEID);
  return presentCategory(category);
}

export async function updateCategory(
  models: CategoryModels,
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

export async function setHighlight(
  models: CategoryModels,
  ctx: RequestContext,
  categoryEID: string,
  highlighted: boolean,
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  await findCategory(models, caller, categoryEID);
  const { when, set } = highlightChange(highlighted, new Date());
  await models.Category.updateOne(
    { _id: categoryEID, networkEID: caller.networkEID, ...when },
    { $set: set },
  );
  return presentCategory(await findCategory(models, caller, categoryEID));
}

/** Deletes an empty category (requireEmptyCategory) and its manager assignments. */
export async function deleteCategory(
  models: CoreModels,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const category = await findCategory(models, caller, categoryEID);
  const [children, livePages] = await Promise.all([
    models.Category.exists({ networkEID: caller.networkEID, parentEID: categoryEID }),
    models.Page.exists({ networkEID: caller.networkEID, categoryEID, deletedAt: null }),
  ]);
  requireEmptyCategory({ children: Boolean(children), livePages: Boolean(livePages) });
  await models.Category.deleteOne({ _id: categoryEID, networkEID: caller.networkEID });
  await models.Manager.deleteMany({ networkEID: caller.networkEID, categoryEID });
  await outbox.record('kb.category.deleted', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { category: presentCategory(category) },
  });
}
