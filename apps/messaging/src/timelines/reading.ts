/**
 * Timelines: the network's, a group's and a user's profile timeline, newest first (by `timelineAt`, where bubbling will move
 * an item up), served by the index `{networkEID, timelineKey, timelineAt: -1, _id: -1}`.
 */
import type { PlainCollection } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import { presentWithEmbeds, type EmbedQuery } from './embedding.js';
import { requireProfile } from './profiles.js';
import { requireTimelineReader, timelineKeyOf } from '../messages/rules.js';
import { withNewsFilters } from '../news/rules.js';

function pageOfTimeline(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  timelineKey: string,
  page: Page & EmbedQuery,
): Promise<PlainCollection> {
  return pageOf(
    models.Message,
    {
      filter: withNewsFilters({ networkEID: caller.networkEID, timelineKey }, page, caller),
      sort: { timelineAt: -1, _id: -1 },
    },
    page,
    { itemType: 'message', rel: 'messages' },
    (docs) => presentWithEmbeds(models, rpc, caller, docs, page), // `embed=comments`
  );
}

/** The network timeline: what was posted to the network (every active member reads it). */
export async function networkTimeline(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  page: Page & EmbedQuery,
) {
  // Asked even without groups: a member suspended a moment ago is refused at once (404, by auth).
  await accessOf(rpc, caller, []);
  return pageOfTimeline(models, rpc, caller, timelineKeyOf(null), page);
}

/** A group timeline: needs `view_group_timeline`; a group the caller may not see is 404. */
export async function groupTimeline(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  groupEID: string,
  page: Page & EmbedQuery,
) {
  requireTimelineReader(await accessOf(rpc, caller, [groupEID]), groupEID);
  return pageOfTimeline(models, rpc, caller, timelineKeyOf(groupEID), page);
}

/** A user's profile timeline: every member reads it; a profile of another network is 404 -311. */
export async function userTimeline(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  profileEID: string,
  page: Page & EmbedQuery,
) {
  await requireProfile(rpc, caller, profileEID);
  return pageOfTimeline(models, rpc, caller, timelineKeyOf(null, profileEID), page);
}
