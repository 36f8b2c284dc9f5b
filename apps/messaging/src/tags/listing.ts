/**
 * The messages with a tag the caller may read, newest first: the network's and profiles', those of
 * groups whose timeline the caller may read (hidden ones: their members), private messages and
 * their comments the caller takes part in; published only (no drafts, scheduled or removed items).
 * One indexed query (`{networkEID, tags, _id: -1}`) reads the newest TAG_LIST_MAX_DEPTH tagged,
 * one request asks auth about all their groups at once, then only the page's messages are read
 * whole and presented (the features' one query per page each, none per message).
 */
import {
  DomainError,
  TAG_LIST_MAX_DEPTH,
  type CallerGroupAccess,
  type PlainCollection,
  type PlainResource,
} from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { CoreStore } from '../messages/features.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { mayReadMessageOf } from '../messages/rules.js';
import { tokensOf } from '../messages/search-tokens.js';
import { mayReadPrivate } from '../messages/types.js';
import { tagKeyOf } from './extraction.js';

type Candidate = Pick<MessageDoc, '_id' | 'groupEID' | 'participantEIDs'>;

/** The key of the tag a request names; what is no tag is a 400 naming where it was given. */
export function requireTagKey(input: string, pointer: string): string {
  const key = tagKeyOf(input);
  if (key === undefined)
    throw new DomainError('MESSAGING_ERR_TAG_INVALID', undefined, [{ pointer, message: 'is no tag' }]);
  return key;
}

export interface TaggedQuery {
  readonly key: string;
  /** Every word of the text too (`search?tag=&q=`). */
  readonly q?: string;
  /** Only these message types (search's `type`). */
  readonly messageTypes?: readonly string[];
}

/** The readable tagged messages among the newest TAG_LIST_MAX_DEPTH: their EIDs, newest first. */
export async function readableTagged(
  models: CoreStore,
  caller: Caller,
  access: (groupEIDs: readonly (string | null)[]) => Promise<CallerGroupAccess>,
  { key, q, messageTypes = [] }: TaggedQuery,
): Promise<string[]> {
  const filter: Record<string, unknown> = { networkEID: caller.networkEID, tags: key, status: 'published' };
  if (q !== undefined) {
    const tokens = tokensOf(q);
    if (tokens.length > 0) filter.searchTokens = { $all: tokens };
  }
  if (messageTypes.length > 0) filter.type = { $in: messageTypes };
  const candidates = await models.Message.find(filter, { _id: 1, groupEID: 1, participantEIDs: 1 })
    .sort({ _id: -1 })
    .limit(TAG_LIST_MAX_DEPTH)
    .lean<Candidate[]>();
  // Asked even without group messages: a member suspended a moment ago is refused (404).
  const granted = await access(candidates.map((doc) => doc.groupEID ?? null));
  return candidates
    .filter(
      (doc) => mayReadMessageOf(granted, doc.groupEID ?? null) && mayReadPrivate(doc, caller.profileEID),
    )
    .map((doc) => String(doc._id));
}

/** The messages of `EIDs` (already checked readable), presented in that order. */
export async function presentTagged(
  models: CoreStore,
  caller: Caller,
  EIDs: readonly string[],
): Promise<PlainResource[]> {
  if (EIDs.length === 0) return [];
  const docs = await models.Message.find({ networkEID: caller.networkEID, _id: { $in: EIDs } }).lean<
    MessageDoc[]
  >();
  const byId = new Map(docs.map((doc) => [String(doc._id), doc]));
  const ordered = EIDs.flatMap((eid) => (byId.has(eid) ? [byId.get(eid)!] : []));
  return presentMessages(models, caller, ordered);
}

/** `GET …/tags/{tag}/messages/`: one page of the readable messages with the tag, newest first. */
export async function listTagMessages(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  tag: string,
  page: Page,
): Promise<PlainCollection> {
  const key = requireTagKey(tag, '/params/tag');
  const readable = await readableTagged(models, caller, (groups) => accessOf(rpc, caller, groups), { key });
  const items = await presentTagged(models, caller, readable.slice(page.offset, page.offset + page.limit));
  return collectionOf({ itemType: 'message', rel: 'messages' }, page, readable.length, items);
}
