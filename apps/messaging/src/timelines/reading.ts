/**
 * Timelines: the network's, a group's and a user's profile timeline, newest first (by `timelineAt`, where bubbling will move
 * an item up), served by the index `{networkEID, timelineKey, timelineAt: -1, _id: -1}`.
 */
import { DomainError, isEid, type PlainCollection, type RequestContext } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import { accessOf, callerOf, type Caller } from '../messages/access.js';
import { presentWithEmbeds, type EmbedQuery } from './embedding.js';
import { requireProfile } from './profiles.js';
import { requireTimelineReader, timelineKeyOf } from '../messages/rules.js';
import { withNewsFilters } from '../news/rules.js';
import type { TimelineStore } from './commenters-model.js';

function pageOfTimeline(
  models: TimelineStore,
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

/** The application permission that lets an app token read the network timeline. */
export const GET_NETWORK_TIMELINE = 'get_network_timeline';

/**
 * Who reads the network timeline: a member of the network, or an app installed in it with
 * `get_network_timeline` (else 403 -307 naming it). The gateway scoped the app's token to a network
 * it is installed in and put its installation's permissions in the request. An app reads as an
 * onlooker: it has no profile, so no news draft and no `_user` state are its own.
 */
export function networkTimelineReaderOf(ctx: RequestContext): Caller & { readonly app: boolean } {
  const principal = ctx.principal;
  if (!principal?.appEID || principal.profileEID || principal.accountId) {
    const member = callerOf(ctx);
    return { networkEID: member.networkEID, profileEID: member.profileEID, ctx, app: false };
  }
  if (!(principal.permissions ?? []).includes(GET_NETWORK_TIMELINE)) {
    throw new DomainError(
      'MESSAGING_ERR_USER_CALLER_REQUIRED',
      `The network timeline is read by users of the network, or by an app with the application permission ${GET_NETWORK_TIMELINE}.`,
    );
  }
  if (!isEid(ctx.networkEID)) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  return { networkEID: ctx.networkEID, profileEID: '', ctx, app: true };
}

/** The network timeline: what was posted to the network (every active member reads it). */
export async function networkTimeline(
  models: TimelineStore,
  rpc: RpcClient,
  reader: Caller & { readonly app: boolean },
  page: Page & EmbedQuery,
) {
  // Asked even without groups: a member suspended a moment ago is refused at once (404, by auth).
  if (!reader.app) await accessOf(rpc, reader, []);
  return pageOfTimeline(models, rpc, reader, timelineKeyOf(null), page);
}

/** A group timeline: needs `view_group_timeline`; a group the caller may not see is 404. */
export async function groupTimeline(
  models: TimelineStore,
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
  models: TimelineStore,
  rpc: RpcClient,
  caller: Caller,
  profileEID: string,
  page: Page & EmbedQuery,
) {
  await requireProfile(rpc, caller, profileEID);
  return pageOfTimeline(models, rpc, caller, timelineKeyOf(null, profileEID), page);
}
