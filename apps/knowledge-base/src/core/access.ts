/**
 * The access rules (rules.ts) applied to stored categories and assignments: the lookups every
 * handler starts with. Another network's category, or one hidden from the caller, is 404.
 */
import { isEid, DomainError } from '@ncs/contracts';
import type { CategoryDoc, CategoryModels, ManagerModels } from './models.js';
import { inCallersNetwork, isVisibleCategory, pageEditRightOf, topLevelEID, type Caller } from './rules.js';

/** A category of the caller's network, without audience checks (for administrators). */
export async function findCategory(models: CategoryModels, caller: Caller, categoryEID: string) {
  if (!isEid(categoryEID)) throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  // By `_id` alone, tenant checked in memory (inCallersNetwork says why).
  const category = await models.Category.findById(categoryEID).lean<CategoryDoc>();
  if (!category || !inCallersNetwork(caller, category)) throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  return category;
}

/**
 * A category the caller may see, with its parent: another network's category, or one hidden from
 * the caller (its own or its parent's audience), is 404.
 */
export async function findVisibleCategory(models: CategoryModels, caller: Caller, categoryEID: string) {
  const category = await findCategory(models, caller, categoryEID);
  const parent = category.parentEID ? await findCategory(models, caller, category.parentEID) : null;
  if (!isVisibleCategory(caller, category, parent)) throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  return { category, parent };
}

/** Whether the caller may edit the pages of a category (pageEditRightOf; assignments asked only then). */
export async function canEditPagesOf(models: ManagerModels, caller: Caller, category: CategoryDoc) {
  const right = pageEditRightOf(caller);
  if (right !== 'managed-categories') return right === 'every-page';
  return Boolean(
    await models.Manager.exists({
      networkEID: caller.networkEID,
      categoryEID: topLevelEID(category),
      profileEID: caller.profileEID,
    }),
  );
}

/** EIDs of the categories whose pages the caller may edit (managed top-level ones and their children). */
export async function editableCategoryEIDs(
  models: CategoryModels & ManagerModels,
  caller: Caller,
): Promise<string[]> {
  const managed = await models.Manager.find(
    { networkEID: caller.networkEID, profileEID: caller.profileEID },
    { categoryEID: 1 },
  ).lean<{ categoryEID: string }[]>();
  const topLevel = managed.map((m) => m.categoryEID);
  if (topLevel.length === 0) return [];
  const children = await models.Category.find(
    { networkEID: caller.networkEID, parentEID: { $in: topLevel } },
    { _id: 1 },
  ).lean<{ _id: unknown }[]>();
  return [...topLevel, ...children.map((c) => String(c._id))];
}

/** EIDs of the categories hidden from the caller (for lists and search). */
export async function hiddenCategoryEIDs(models: CategoryModels, caller: Caller): Promise<string[]> {
  if (!caller.external) return [];
  const internal = await models.Category.find(
    { networkEID: caller.networkEID, audienceType: 'internal' },
    { _id: 1 },
  ).lean<{ _id: unknown }[]>();
  const internalEIDs = internal.map((c) => String(c._id));
  if (internalEIDs.length === 0) return [];
  const children = await models.Category.find(
    { networkEID: caller.networkEID, parentEID: { $in: internalEIDs } },
    { _id: 1 },
  ).lean<{ _id: unknown }[]>();
  return [...internalEIDs, ...children.map((c) => String(c._id))];
}
