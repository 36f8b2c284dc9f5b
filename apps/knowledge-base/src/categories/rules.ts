/** Knowledge-base categories as plain functions: how one reads, and the rules of nesting, highlight and delete. */
import { DomainError, toTimestamp, type EventData } from '@ncs/contracts';
import type { CategoryDoc } from '../core/models.js';
import type { Caller } from '../core/rules.js';

/** A category as served, and as its events carry it (the catalogue's `kb.category.*` schema). */
export type CategoryResource = EventData<'kb.category.created'>['category'];

export function presentCategory(category: CategoryDoc): CategoryResource {
  return {
    type: 'kb_category' as const,
    EID: String(category._id),
    name: category.name,
    description: category.description,
    audienceType: category.audienceType,
    headerBackgroundUrl: category.headerBackgroundUrl ?? null,
    headerColor: category.headerColor ?? null,
    parent: category.parentEID ? { type: 'kb_category' as const, EID: category.parentEID } : null,
    highlightedAt: category.highlightedAt ? toTimestamp(category.highlightedAt) : null,
    created: toTimestamp(category.created),
    lastModified: toTimestamp(category.lastModified),
  };
}

/** The fields a category's create and update bodies set (besides `parent`, create only). */
export const EDITABLE_FIELDS = [
  'name',
  'description',
  'audienceType',
  'headerBackgroundUrl',
  'headerColor',
] as const;

/**
 * The parent of a new child category: two levels only, so it must be a top-level category of the
 * caller's network (`parent` as found there: null when another network's or none).
 */
export function requireTopLevelParent(parent: Pick<CategoryDoc, '_id' | 'parentEID'> | null): string {
  if (!parent || parent.parentEID) {
    throw new DomainError('KB_ERR_PARENT_NOT_TOP_LEVEL', undefined, [
      { pointer: '/body/parent', message: 'must be a top-level category of this network' },
    ]);
  }
  return String(parent._id);
}

/** The categories a caller lists: its network's, of one parent if asked, none of those hidden from it. */
export function categoryListFilter(caller: Caller, parent: string | undefined, hidden: readonly string[]) {
  return {
    networkEID: caller.networkEID,
    ...(parent ? { parentEID: parent } : {}),
    ...(hidden.length > 0 ? { _id: { $nin: hidden } } : {}),
  };
}

/**
 * Highlight keeps the first time (idempotent: it applies only to a category not highlighted);
 * unhighlight clears it.
 */
export function highlightChange(highlighted: boolean, now: Date) {
  return {
    when: highlighted ? { highlightedAt: null } : { highlightedAt: { $ne: null } },
    set: { highlightedAt: highlighted ? now : null },
  };
}

/** A category with child categories or live pages is kept (409); soft-deleted pages do not count. */
export function requireEmptyCategory(contents: { readonly children: boolean; readonly livePages: boolean }) {
  if (contents.children || contents.livePages) throw new DomainError('KB_ERR_CATEGORY_NOT_EMPTY');
}
