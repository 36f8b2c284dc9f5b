/**
 * `GET /network(s)/{networkEID}/messages/`: without filters, the messages every member of the
 * network reads (the network timeline's), newest first; with `parentCommentEID`, the replies in
 * that comment's thread, oldest first. `embedded=originalAuthor` and `embed=comments` on request.
 * Decisions: docs/decisions.md, "Messaging: timelines, threads, bubbling".
 */
import type { PlainCollection } from '@ncs/contracts';
import { pageOf, type RequestOf, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import { timelineKeyOf } from '../messages/rules.js';
import { presentWithEmbeds } from './embedding.js';
import { threadPage } from './threads.js';
import type { TimelineStore } from './commenters-model.js';

export async function listMessages(
  models: TimelineStore,
  rpc: RpcClient,
  caller: Caller,
  query: RequestOf<'messages.list'>['query'],
): Promise<PlainCollection> {
  const page = { limit: query.limit, offset: query.offset };
  if (query.parentCommentEID !== undefined) {
    return threadPage(models, rpc, caller, query.parentCommentEID, page, query);
  }
  // Asked even without groups: a member suspended a moment ago is refused at once (404, by auth).
  await accessOf(rpc, caller, []);
  return pageOf(
    models.Message,
    {
      filter: { networkEID: caller.networkEID, timelineKey: timelineKeyOf(null) },
      sort: { timelineAt: -1, _id: -1 },
    },
    page,
    { itemType: 'message', rel: 'messages' },
    (docs) => presentWithEmbeds(models, rpc, caller, docs, query),
  );
}
