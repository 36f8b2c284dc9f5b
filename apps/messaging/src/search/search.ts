/**
 * `GET /networks/{networkEID}/search/`: the messaging service asks its sources in parallel — its
 * own messages and, when `type` names `knowledge_base_article`, the knowledge base over NATS
 * (`internalSubjects.kbSearch`) — each for its first `offset + limit` results (capped at
 * `SEARCH_MAX_DEPTH`), then concatenates them by source (messages newest first, then articles) and
 * cuts the page. `total` is the sum of the sources' totals.
 */
import { internalSubjects, SEARCH_MAX_DEPTH, type PlainCollection } from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import { searchMessages, type SourceMatches } from './messages.js';
import { searchTypesOf } from './types.js';

export interface SearchRequest extends Page {
  readonly q: string;
  readonly type?: string;
}

const none: SourceMatches = { total: 0, items: [] };

export async function search(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  query: SearchRequest,
): Promise<PlainCollection> {
  const types = searchTypesOf(query.type);
  const depth = Math.min(query.offset + query.limit, SEARCH_MAX_DEPTH);
  // Asked even when no message is searched: a member suspended a moment ago is refused (404).
  const access = (groupEIDs: readonly (string | null)[]) => accessOf(rpc, caller, groupEIDs);
  const [messages, articles] = await Promise.all([
    types.messages
      ? searchMessages(models, caller, access, { q: query.q, messageTypes: types.messageTypes, depth })
      : access([]).then(() => none),
    types.articles
      ? rpc.request<SourceMatches>(internalSubjects.kbSearch, {
          ctx: caller.ctx,
          body: { q: query.q, limit: depth },
        })
      : none,
  ]);
  const merged = [...messages.items, ...articles.items].slice(query.offset, depth);
  return collectionOf({ itemType: 'result', rel: 'results' }, query, messages.total + articles.total, merged);
}
