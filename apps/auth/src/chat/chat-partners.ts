/**
 * Messaging → auth (`rpc.auth.chat.partners`): which of the asked profiles the caller may chat with
 * in the request's network, by the very filter of `GET …/users/?scope=chat` (profile-list.ts:
 * active profiles, bots too, not the caller, and with `allowChatCustomSettings` only those with chat
 * on). One query on `{networkEID, _id}`; a caller who is not an active member is 404.
 */
import { isEid, type ChatPartnersReply, type RequestContext } from '@ncs/contracts';
import type { ChatStore } from './dependencies.js';
import { findMemberCaller } from '../core/callers.js';
import { profileListFilter } from '../directory/profile-list.js';

export async function chatPartners(
  models: ChatStore,
  ctx: RequestContext,
  EIDs: readonly string[],
): Promise<ChatPartnersReply> {
  const caller = await findMemberCaller(models, ctx);
  const ids = [...new Set(EIDs.filter(isEid))];
  if (ids.length === 0) return { EIDs: [] };
  const filter = profileListFilter(
    String(caller.network._id),
    caller.profileEID,
    caller.network.allowChatCustomSettings,
    { limit: ids.length, offset: 0, scope: 'chat', onlyProfileEIDs: ids },
    ctx.version,
  );
  const found = await models.Profile.find(filter, { _id: 1 }).lean();
  return { EIDs: found.map((profile) => String(profile._id)) };
}
