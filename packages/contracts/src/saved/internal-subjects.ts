/**
 * Saved items: messaging keeps the bookmarks and asks the knowledge base about its pages; the
 * knowledge base asks messaging which of its pages the caller saved, for their `save`/`unsave`.
 */
import { Type } from '@sinclair/typebox';
import { defineInternalSubject, ReadonlyArrayOf } from '../core/internal-subject.js';
import { PlainResourceSchema } from '../core/internal-subjects.js';
import { queryNumberBounds } from '../core/pagination.js';
import { savedItemUnavailableReasons } from './resources.js';

/** Pages asked about at once: one page of a list at most (the hard page bound). */
const PAGES_PER_REQUEST_MAX = queryNumberBounds.limit;

export const savedInternalSubjects = {
  kbPagesOfReader: defineInternalSubject({
    service: 'kb',
    resource: 'page',
    action: 'readable',
    description:
      'Messaging → kb (saved items): of `EIDs`, the pages the caller may read, as kb presents them (without `_user`), and why each other one is not shown (`removed`: deleted or unknown; `no_access`).',
    request: Type.Object({
      EIDs: Type.Array(Type.String(), { maxItems: PAGES_PER_REQUEST_MAX }),
    }),
    reply: Type.Object({
      pages: ReadonlyArrayOf(PlainResourceSchema),
      unavailable: ReadonlyArrayOf(
        Type.Object({
          EID: Type.String(),
          reason: Type.Union(savedItemUnavailableReasons.map((reason) => Type.Literal(reason))),
        }),
      ),
    }),
  }),
  savedOfCaller: defineInternalSubject({
    service: 'messaging',
    resource: 'savedItems',
    action: 'which',
    description:
      "Kb → messaging (saved items): which of `EIDs` (pages of one reply) the caller saved, for the pages' `_user.saved` and `save`/`unsave`.",
    request: Type.Object({
      EIDs: Type.Array(Type.String(), { maxItems: PAGES_PER_REQUEST_MAX }),
    }),
    reply: Type.Object({ saved: Type.Array(Type.String()) }),
  }),
} as const;
