/**
 * Who may do what in the knowledge base, as plain functions of the caller and the documents: the
 * tenant, permission and audience checks every handler starts with. Rules where the spec is silent
 * are in docs/decisions.md, "Knowledge base".
 */
import { DomainError, type RequestContext } from '@ncs/contracts';
import type { CategoryDoc } from './models.js';

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

/**
 * Whether a stored document is of the caller's network. Lookups by `_id` alone check the tenant
 * here: a pure `_id` lookup is the one a FerretDB/SQLite store answers from its index.
 */
export function inCallersNetwork(caller: Caller, stored: { readonly networkEID: string }): boolean {
  return stored.networkEID === caller.networkEID;
}

/** Whether the caller's audience may see a category (external members never see `internal` ones). */
export function inAudience(caller: Caller, category: Pick<CategoryDoc, 'audienceType'>): boolean {
  return !(caller.external && category.audienceType === 'internal');
}

/** A category is visible when the caller's audience may see it and its parent, if it has one. */
export function isVisibleCategory(
  caller: Caller,
  category: Pick<CategoryDoc, 'audienceType'>,
  parent: Pick<CategoryDoc, 'audienceType'> | null,
): boolean {
  return inAudience(caller, category) && (!parent || inAudience(caller, parent));
}

/** The top-level category a category belongs to (itself when top-level): managers are assigned there. */
export function topLevelEID(category: Pick<CategoryDoc, '_id' | 'parentEID'>): string {
  return category.parentEID ?? String(category._id);
}

/**
 * Which pages the caller may edit: administrators every page, external members none, anyone else
 * the pages of the top-level categories it manages and of their children.
 */
export type PageEditRight = 'every-page' | 'no-page' | 'managed-categories';

export function pageEditRightOf(caller: Caller): PageEditRight {
  if (caller.canManage) return 'every-page';
  if (caller.external) return 'no-page';
  return 'managed-categories';
}
