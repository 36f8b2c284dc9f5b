/**
 * Messaging → auth (`internalSubjects.groupMembersAmong`, hashtags): which of some people are
 * active members of a group, so a new group message reaches only the followers of its tags who
 * would receive the group's own events. One query on `{networkEID, groupEID, profileEID}`.
 */
import { DomainError, isEid, type RequestContext } from '@ncs/contracts';
import type { GroupsStore } from './dependencies.js';

/** The subject's own bound (its schema's `maxItems`). */
const MAX_PEOPLE = 1000;

export async function groupMembersAmong(
  models: GroupsStore,
  ctx: RequestContext,
  body: { readonly groupEID: string; readonly profileEIDs: readonly string[] },
): Promise<{ profileEIDs: string[] }> {
  const networkEID = ctx.networkEID;
  if (!networkEID || !isEid(networkEID) || !isEid(body.groupEID))
    throw new DomainError('BAD_REQUEST', 'The request names no network or no group.');
  const asked = body.profileEIDs.filter((eid) => isEid(eid)).slice(0, MAX_PEOPLE);
  if (asked.length === 0) return { profileEIDs: [] };
  const members = await models.GroupMembership.find(
    { networkEID, groupEID: body.groupEID, profileEID: { $in: asked }, state: 'active' },
    { _id: 0, profileEID: 1 },
  ).lean<{ profileEID: string }[]>();
  if (members.length === 0) return { profileEIDs: [] };
  // A suspended or removed person keeps memberships but reads nothing.
  const active = await models.Profile.find(
    { networkEID, _id: { $in: members.map((m) => m.profileEID) }, userState: 'active' },
    { _id: 1 },
  ).lean<{ _id: unknown }[]>();
  return { profileEIDs: active.map((p) => String(p._id)).sort() };
}
