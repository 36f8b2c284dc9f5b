/**
 * Search of people and groups: messaging asks auth, which owns them, over NATS
 * (`internalSubjects.directorySearch`), one request per search.
 */
import type { PlainResource } from '../core/envelope.js';

/** Content types `addressable_for` names: results are limited to what the caller may address with it. */
export const addressableForTypes = ['task', 'news', 'journey'] as const;
export type AddressableFor = (typeof addressableForTypes)[number];

export interface DirectorySearchRequest {
  /** The search text (2..200 characters); each word must start a name. */
  readonly q: string;
  readonly users: boolean;
  readonly groups: boolean;
  /** Hidden groups the caller may see are found only with this. */
  readonly includeHidden: boolean;
  readonly addressableFor: AddressableFor | null;
  /** How many of each kind to present (the rest only counted), at most `SEARCH_MAX_DEPTH`. */
  readonly limit: number;
}

export interface DirectoryMatches {
  readonly total: number;
  readonly items: readonly PlainResource[];
}

export interface DirectorySearchReply {
  readonly users: DirectoryMatches;
  readonly groups: DirectoryMatches;
}
