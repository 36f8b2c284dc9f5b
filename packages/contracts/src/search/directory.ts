/**
 * Search of people and groups: messaging asks auth, which owns them, over NATS
 * (`internalSubjects.directorySearch`), one request per search.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ReadonlyArrayOf } from '../core/internal-subject.js';
import { PlainResourceSchema } from '../core/internal-subjects.js';

/** Content types `addressable_for` names: results are limited to what the caller may address with it. */
export const addressableForTypes = ['task', 'news', 'journey'] as const;
export type AddressableFor = (typeof addressableForTypes)[number];

export const DirectorySearchRequestSchema = Type.Object({
  /** The search text (2..200 characters); each word must start a name. */
  q: Type.String(),
  users: Type.Boolean(),
  groups: Type.Boolean(),
  /** Hidden groups the caller may see are found only with this. */
  includeHidden: Type.Boolean(),
  addressableFor: Type.Union([...addressableForTypes.map((type) => Type.Literal(type)), Type.Null()]),
  /** How many of each kind to present (the rest only counted), at most `SEARCH_MAX_DEPTH`. */
  limit: Type.Integer({ minimum: 0 }),
});
export type DirectorySearchRequest = Static<typeof DirectorySearchRequestSchema>;

/** Matches of one kind: how many in all, the first `limit` presented as plain resources. */
export const SearchMatchesSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: ReadonlyArrayOf(PlainResourceSchema),
});
export type DirectoryMatches = Static<typeof SearchMatchesSchema>;

export const DirectorySearchReplySchema = Type.Object({
  users: SearchMatchesSchema,
  groups: SearchMatchesSchema,
});
export type DirectorySearchReply = Static<typeof DirectorySearchReplySchema>;
