/**
 * Who may do what in the knowledge base (tenant and permission checks every handler starts with).
 * Rules where the spec is silent are in docs/decisions.md, "Knowledge base".
 */
import { isEid, DomainError, type RequestContext } from '@ncs/contracts';
import type { CategoryDoc, KbModels } from '../models/index.js';

export const MANAGE_KNOWLEDGE_BASE = 'MANAGE_KNOWLEDGE_BASE';

export interface Caller {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly external: boolean;
  readonly canManage: boolean;
}

/** The caller inside the request's network; the gateway has already checked membership. */
export function callerOf(ctx: RequestContext): Caller {
  const principal = ctx.principal;
  if (!ctx.networkEID || !principal?.profileEID) throw new DomainError('FORBIDDEN');
  return {
    networkEID: ctx.networkEID,
    profileEID: principal.profileEID,
    external: principal.external,
    canManage: principal.permissions.includes(MANAGE_KNOWLEDGE_BASE),
  };
}

export function requireManage(caller: Caller): void {
  if (!caller.canManage) throw new DomainError('KB_ERR_MANAGE_PERMISSION_REQUIRED');
}

/** A category of the caller's network, without audience checks (for administrators). */
export async function findCategory(models: KbModels, caller: Caller, categoryEID: string) {
  if (!isEid(categoryEID)) throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  // By `_id` alone, tenant checked in memory (see findReadablePage in pages.ts).
  const category = await models.Category.findById(categoryEID).lean<CategoryDoc>();
  if (!category || category.networkEID !== caller.networkEID)
    throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  return category;
}

/** Whether the caller's audience may see a category (external members never see `internal` ones). */
function inAudience(caller: Caller, category: CategoryDoc): boolean {
  return !(caller.external && category.audienceType === 'internal');
}

/**
 * A category the caller may see, with its parent: another network's category, or one hidden from
 * the caller (its own or its parent's audience), is 404.
 */
export async function findVisibleCategory(models: KbModels, caller: Caller, categoryEID: string) {
  const category = await findCategory(models, caller, categoryEID);
  const parent = category.parentEID ? await findCategory(models, caller, category.parentEID) : null;
  if (!inAudience(caller, category) || (parent && !inAudience(caller, parent))) {
    throw new DomainError('KB_ERR_CATEGORY_NOT_FOUND');
  }
  return { category, parent };
}

/** The top-level category a category belongs to (itself when top-level): managers are assigned there. */
export function topLevelEID(category: CategoryDoc): string {
  return category.parentEID ?? String(category._id);
}

/** Administrators edit every page; a manager edits the pages of its top-level category and its children. */
export async function canEditPagesOf(models: KbModels, caller: Caller, category: CategoryDoc) {
  if (caller.canManage) return true;
  if (caller.external) return false;
  return Boolean(
    await models.Manager.exists({
      networkEID: caller.networkEID,
      categoryEID: topLevelEID(category),
      profileEID: caller.profileEID,
    }),
  );
}

/** EIDs of the categories whose pages the caller may edit (managed top-level ones and their children). */
export async function editableCategoryEIDs(models: KbModels, caller: Caller): Promise<string[]> {
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
export async function hiddenCategoryEIDs(models: KbModels, caller: Caller): Promise<string[]> {
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
