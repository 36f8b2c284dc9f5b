/**
 * Timelines: the network's and a group's, newest first (by `timelineAt`, where bubbling will move
 * an item up), served by the index `{networkEID, timelineKey, timelineAt: -1, _id: -1}`.
 */
import type { PlainCollection } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { requireTimelineReader, timelineKeyOf } from '../messages/rules.js';
import { withNewsFilters } from '../news/rules.js';

function pageOfTimeline(
  models: MessagingModels,
  caller: Caller,
  groupEID: string | null,
  page: Page,
): Promise<PlainCollection> {
  return pageOf(
    models.Message,
    {
      filter: withNewsFilters(
        { networkEID: caller.networkEID, timelineKey: timelineKeyOf(groupEID) },
        page,
        caller,
      ),
      sort: { timelineAt: -1, _id: -1 },
    },
    page,
    { itemType: 'message', rel: 'messages' },
    (docs) => presentMessages(models, caller, docs),
  );
}

/** The network timeline: what was posted to the network (every active member reads it). */
export async function networkTimeline(models: MessagingModels, rpc: RpcClient, caller: Caller, page: Page) {
  // Asked even without groups: a member suspended a moment ago is refused at once (404, by auth).
  await accessOf(rpc, caller, []);
  return pageOfTimeline(models, caller, null, page);
}

/** A group timeline: needs `view_group_timeline`; a group the caller may not see is 404. */
export async function groupTimeline(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  groupEID: string,
  page: Page,
) {
  requireTimelineReader(await accessOf(rpc, caller, [groupEID]), groupEID);
  return pageOfTimeline(models, caller, groupEID, page);
}
