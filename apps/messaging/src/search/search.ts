/**
 * `GET /networks/{networkEID}/search/`: the messaging service asks its sources in parallel — its
 * own messages, auth for people and groups (`internalSubjects.directorySearch`) and, when `type`
 * names `knowledge_base_article`, the knowledge base (`internalSubjects.kbSearch`) — each for its
 * first `offset + limit` results (capped at `SEARCH_MAX_DEPTH`), then concatenates them by source
 * (messages newest first, then people, then groups, then articles) and cuts the page. `total` is
 * the sum of the sources' totals. `addressable_for` answers people and groups only.
 */
import {
  DomainError,
  internalSubjects,
  SEARCH_MAX_DEPTH,
  type DirectorySearchRequest,
  type PlainCollection,
} from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import { requireTagKey } from '../tags/listing.js';
import { searchMessages, searchTagged, type SourceMatches } from './messages.js';
import { searchTypesOf } from './types.js';
import type { CoreStore } from '../messages/features.js';

export interface SearchRequest extends Page {
  /** Required unless `tag` is given. */
  readonly q?: string;
  /** Hashtags: only messages with this tag. */
  readonly tag?: string;
  readonly type?: string;
  readonly include_hidden?: boolean;
  readonly addressable_for?: DirectorySearchRequest['addressableFor'];
}

const none: SourceMatches = { total: 0, items: [] };

export async function search(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  query: SearchRequest,
): Promise<PlainCollection> {
  if (query.q === undefined && query.tag === undefined) {
    throw new DomainError('MESSAGING_ERR_SEARCH_QUERY_REQUIRED', undefined, [
      { pointer: '/query/q', message: 'is required unless tag is given' },
    ]);
  }
  const tagKey = query.tag === undefined ? undefined : requireTagKey(query.tag, '/query/tag');
  const types = searchTypesOf(query.type);
  const addressableFor = query.addressable_for ?? null;
  // Only people and groups are addressed: messages and articles are left out with `addressable_for`.
  const messagesToo = types.messages && addressableFor === null;
  // Hashtags: people, groups and articles have no tags, so a tag narrows the search to messages.
  const articlesToo = types.articles && addressableFor === null && tagKey === undefined;
  const directoryToo = (types.users || types.groups) && tagKey === undefined;
  const depth = Math.min(query.offset + query.limit, SEARCH_MAX_DEPTH);
  // Asked even when no message is searched: a member suspended a moment ago is refused (404).
  const access = (groupEIDs: readonly (string | null)[]) => accessOf(rpc, caller, groupEIDs);
  const directory: DirectorySearchRequest = {
    q: query.q ?? '',
    users: types.users,
    groups: types.groups,
    includeHidden: query.include_hidden === true,
    addressableFor,
    limit: depth,
  };
  const [messages, people, articles] = await Promise.all([
    !messagesToo
      ? access([]).then(() => none)
      : tagKey !== undefined
        ? searchTagged(models, caller, access, {
            key: tagKey,
            ...(query.q !== undefined ? { q: query.q } : {}),
            messageTypes: types.messageTypes,
            depth,
          })
        : searchMessages(models, caller, access, { q: query.q!, messageTypes: types.messageTypes, depth }),
    directoryToo
      ? rpc.request(internalSubjects.directorySearch, {
          ctx: caller.ctx,
          body: directory,
        })
      : { users: none, groups: none },
    articlesToo
      ? rpc.request(internalSubjects.kbSearch, {
          ctx: caller.ctx,
          body: { q: query.q!, limit: depth },
        })
      : none,
  ]);
  const sources = [messages, people.users, people.groups, articles];
  const merged = sources.flatMap((source) => source.items).slice(query.offset, depth);
  const total = sources.reduce((sum, source) => sum + source.total, 0);
  return collectionOf({ itemType: 'result', rel: 'results' }, query, total, merged);
}
