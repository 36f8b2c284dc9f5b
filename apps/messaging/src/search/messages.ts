/**
 * The messages part of search: the messages the caller may read whose text holds every word of
 * `q`, newest first. Served by the index `{networkEID, searchTokens}`: at most `SEARCH_MAX_DEPTH`
 * newest matches are read, those of groups the caller may not read (`view_group_timeline`, asked
 * of auth in one batch) are dropped; `total` counts what is left.
 */
import { SEARCH_MAX_DEPTH, type CallerGroupAccess, type PlainResource } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { mayReadMessageOf } from '../messages/rules.js';
import { tokensOf } from '../messages/search-tokens.js';
import { mayReadPrivate } from '../messages/types.js';
import type { CoreStore } from '../messages/features.js';
import { presentTagged, readableTagged, type TaggedQuery } from '../tags/listing.js';

export interface SourceMatches {
  readonly total: number;
  readonly items: readonly PlainResource[];
}

/** The readable matches, `depth` at most presented (the rest only counted). */
export async function searchMessages(
  models: CoreStore,
  caller: Caller,
  access: (groupEIDs: readonly (string | null)[]) => Promise<CallerGroupAccess>,
  { q, messageTypes, depth }: { q: string; messageTypes: readonly string[]; depth: number },
): Promise<SourceMatches> {
  const tokens = tokensOf(q);
  if (tokens.length === 0) return { total: 0, items: [] };
  // Drafts and scheduled items are on no timeline: search finds published messages only.
  const filter: Record<string, unknown> = {
    networkEID: caller.networkEID,
    searchTokens: { $all: tokens },
    status: { $nin: ['draft', 'scheduled'] },
  };
  if (messageTypes.length > 0) filter.type = { $in: messageTypes };
  const candidates = await models.Message.find(filter)
    .sort({ _id: -1 })
    .limit(SEARCH_MAX_DEPTH)
    .lean<MessageDoc[]>();
  const granted = await access(candidates.map((doc) => doc.groupEID ?? null));
  const readable = candidates.filter(
    (doc) => mayReadMessageOf(granted, doc.groupEID ?? null) && mayReadPrivate(doc, caller.profileEID), // private messages
  );
  return { total: readable.length, items: await presentMessages(models, caller, readable.slice(0, depth)) };
}

/** Hashtags (`search?tag=`): the readable messages with the tag (and every word of `q`, if given). */
export async function searchTagged(
  models: CoreStore,
  caller: Caller,
  access: (groupEIDs: readonly (string | null)[]) => Promise<CallerGroupAccess>,
  query: TaggedQuery & { depth: number },
): Promise<SourceMatches> {
  const readable = await readableTagged(models, caller, access, query);
  return {
    total: readable.length,
    items: await presentTagged(models, caller, readable.slice(0, query.depth)),
  };
}
