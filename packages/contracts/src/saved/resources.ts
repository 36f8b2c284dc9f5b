/**
 * Saved items (personal bookmarks): the `saved_item` resource, the caller's list of them, and the
 * bound per person. Rules where the spec is silent: docs/decisions.md, "Saved items".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { Eid, halCollection, halResource, Nullable, Ref, strictObject, Timestamp } from '../core/schemas.js';

/** Saved items one person keeps in one network; one more is refused (409) until one is removed. */
export const SAVED_ITEMS_PER_PERSON_MAX = 1_000;

/** Why a saved item shows no content: the thing was removed, or the caller may no longer read it. */
export const savedItemUnavailableReasons = ['removed', 'no_access'] as const;
export type SavedItemUnavailableReason = (typeof savedItemUnavailableReasons)[number];

export const SavedItemResource = halResource(
  'saved_item',
  {
    EID: Eid,
    item: Type.Object(
      { type: Type.String(), EID: Eid },
      { description: 'read-only: what was saved: a message (of its type), a comment or a `kb_page`' },
    ),
    // One of the two is set, for the `message` or `page` link.
    message: Nullable(Ref()),
    page: Nullable(Ref('kb_page')),
    // The spec's read-only `created` of a stored thing: here, when the item was saved.
    created: Timestamp,
    available: Type.Boolean({
      description:
        'read-only: whether the caller may read the item now; when true it is embedded as `item`, as the caller reads it',
    }),
    reason: Nullable(
      Type.Union(
        savedItemUnavailableReasons.map((reason) => Type.Literal(reason)),
        {
          description:
            'read-only, when not available: `removed` (the item was removed) or `no_access` (the caller may no longer read it)',
        },
      ),
    ),
  },
  "One of the caller's saved items (a personal bookmark), with the item embedded or a tombstone.",
);
export type SavedItem = Static<typeof SavedItemResource>;

export const SavedItemCollection = halCollection(
  'savedItems',
  SavedItemResource,
  "The caller's saved items, most recently saved first, one page.",
);

export const SavedItemParams = strictObject({ networkEID: Eid, savedItemEID: Eid });
export const SavedItemListQuery = PaginationQuery;
