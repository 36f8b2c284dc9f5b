/** Managers of top-level categories as plain functions: who may be assigned where, and how the list reads. */
import { DomainError, type PlainResource } from '@ncs/contracts';
import type { CategoryDoc, ManagerDoc } from '../core/models.js';

/** Upper bound of managers returned with a category; far above any real assignment count. */
export const MAX_MANAGERS = 1000;

/** What auth answers of a profile (`profilesBatch`), as far as assignment reads it. */
export interface ProfileSummary {
  readonly EID: string;
  readonly extrnal?: boolean;
  readonly userState?: string;
}

/** Managers are assigned to top-level categories only; they edit the children's pages too. */
export function requireTopLevelCategory(category: Pick<CategoryDoc, 'parentEID'>): void {
  if (category.parentEID) throw new DomainError('KB_ERR_MANAGER_TOP_LEVEL_ONLY');
}

/**
 * A manager is an active, non-external member of the network. Auth answers only profiles of the
 * request's network, so another network's profile arrives here as none (not found).
 */
export function requireAssignableProfile(profile: ProfileSummary | undefined, pointer: string): void {
  if (!profile || profile.userState !== 'active') {
    throw new DomainError('KB_ERR_MANAGER_PROFILE_NOT_FOUND', undefined, [
      { pointer, message: 'is not an active member of this network' },
    ]);
  }
  if (profile.extrnal) {
    throw new DomainError('KB_ERR_MANAGER_EXTERNAL_PROFILE', undefined, [
      { pointer, message: 'is external' },
    ]);
  }
}

export function presentManagers(categoryEID: string, managers: readonly ManagerDoc[]): PlainResource {
  return {
    type: 'kb_category_managers',
    EID: categoryEID,
    category: { type: 'kb_category', EID: categoryEID },
    users: managers.map((m) => ({ type: 'user', EID: m.profileEID })),
    total: managers.length,
  };
}
