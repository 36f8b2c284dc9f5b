/**
 * Membership requests: a member of the network asks to join a group it sees and is not
 * in; holders of `view_group_membership_requests` list the pending ones, holders of
 * `group_approve_membership` approve (the profile becomes an active member, once: the memberships'
 * unique index) or decline; the asker reads and withdraws its own. No alert type exists for a
 * request: the event `auth.membership_request.created` is published; an approval publishes
 * `auth.membership.added`, which alerts the new member (`added_to_groups`).
 */
import { DomainError, isEid, toTimestamp, type PlainResource, type RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, pageOf, withStatus, type Page } from '@ncs/service-kit';
import { userRef } from '../../core/callers.js';
import type { EventSink } from '../../core/dependencies.js';
import type { GroupsStore } from '../dependencies.js';
import type { RouteBody } from '../../core/requests.js';
import { visibleGroupFor, type GroupCaller, groupSummary, requirePermission } from '../callers.js';
import { membershipEvent, presentMembership } from '../memberships.js';
import type { GroupDoc, MembershipDoc } from '../models.js';
import type { MembershipRequestDoc } from './models.js';
import { groupAdminsAnd, groupAudience } from '../audience.js';

export function presentRequest(request: MembershipRequestDoc): PlainResource {
  return {
    type: 'group_membership_request',
    EID: String(request._id),
    group: { type: 'group', EID: request.groupEID },
    user: userRef(request.profileEID),
    message: request.message ?? null,
    created: toTimestamp(request.created),
  };
}

const requestEvent = (group: GroupDoc, profileEID: string) => ({
  group: groupSummary(group),
  user: userRef(profileEID),
});

async function findRequest(models: GroupsStore, caller: GroupCaller, groupEID: string, profileEID: string) {
  const request = isEid(profileEID)
    ? await models.GroupMembershipRequest.findOne({
        networkEID: caller.networkEID,
        groupEID,
        profileEID,
      }).lean<MembershipRequestDoc>()
    : null;
  if (!request) throw new DomainError('GROUP_ERR_REQUEST_NOT_FOUND');
  return request;
}

/** The caller asks to join: 201, or 200 with its pending request; a member or invitee is 409. */
export async function askToJoin(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupRequest.create'>,
) {
  const { caller, group, standing } = await visibleGroupFor(models, ctx, groupEID);
  if (standing.membership) throw new DomainError('GROUP_ERR_ALREADY_MEMBER');
  const { networkEID, profileEID } = caller;
  try {
    const created = await models.GroupMembershipRequest.create({
      networkEID,
      groupEID,
      profileEID,
      message: body.message ?? null,
    });
    await events.record('auth.membership_request.created', {
      networkEID,
      actor: userRef(profileEID),
      audience: groupAdminsAnd(groupEID, profileEID),
      data: { ...requestEvent(group, profileEID), message: body.message ?? null },
    });
    return withStatus(201, presentRequest(created.toObject<MembershipRequestDoc>()));
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return withStatus(200, presentRequest(await findRequest(models, caller, groupEID, profileEID)));
  }
}

export async function listRequests(models: GroupsStore, ctx: RequestContext, groupEID: string, page: Page) {
  const { caller, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, 'view_group_membership_requests');
  return pageOf(
    models.GroupMembershipRequest,
    { filter: { networkEID: caller.networkEID, groupEID }, sort: { created: 1, _id: 1 } },
    page,
    { itemType: 'group_membership_request', rel: 'membershipRequests' },
    (requests) => requests.map(presentRequest),
  );
}

/** The asker's own request, or any for holders of `view_group_membership_requests`. */
export async function getRequest(
  models: GroupsStore,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, permissions } = await visibleGroupFor(models, ctx, groupEID);
  if (profileEID !== caller.profileEID) requirePermission(permissions, 'view_group_membership_requests');
  return presentRequest(await findRequest(models, caller, groupEID, profileEID));
}

/** The asker withdraws its request (others decline it). */
export async function withdrawRequest(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, group } = await visibleGroupFor(models, ctx, groupEID);
  if (profileEID !== caller.profileEID) {
    throw new DomainError(
      'GROUP_ERR_PERMISSION_REQUIRED',
      'Only the asker withdraws its request; decline it instead.',
    );
  }
  await removeRequest(models, events, caller, group, profileEID, 'withdrawn');
  return withStatus(204, null);
}

export async function declineRequest(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, 'group_approve_membership');
  await removeRequest(models, events, caller, group, profileEID, 'declined');
  return withStatus(204, null);
}

async function removeRequest(
  models: GroupsStore,
  events: EventSink,
  caller: GroupCaller,
  group: GroupDoc,
  profileEID: string,
  verb: 'withdrawn' | 'declined',
) {
  const { deletedCount } = isEid(profileEID)
    ? await models.GroupMembershipRequest.deleteOne({
        networkEID: caller.networkEID,
        groupEID: String(group._id),
        profileEID,
      })
    : { deletedCount: 0 };
  if (deletedCount === 0) throw new DomainError('GROUP_ERR_REQUEST_NOT_FOUND');
  await events.record(`auth.membership_request.${verb}`, {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAdminsAnd(String(group._id), profileEID),
    data: requestEvent(group, profileEID),
  });
}

/**
 * Approves a request: the asker becomes an active member (role `member`), once — two approvals at
 * the same time meet at the memberships' unique index; an approval after the request is gone
 * answers the membership it made. An invitation meanwhile is turned active.
 */
export async function approveRequest(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, 'group_approve_membership');
  const { networkEID } = caller;
  const key = { networkEID, groupEID, profileEID };
  const request = isEid(profileEID) ? await models.GroupMembershipRequest.exists(key) : null;
  if (!request) {
    const existing = isEid(profileEID)
      ? await models.GroupMembership.findOne(key).lean<MembershipDoc>()
      : null;
    if (existing?.state === 'active') return presentMembership(existing);
    throw new DomainError('GROUP_ERR_REQUEST_NOT_FOUND');
  }
  const profile = await models.Profile.findOne(
    { _id: profileEID, networkEID, userState: 'active' },
    { external: 1 },
  ).lean();
  if (!profile) {
    await models.GroupMembershipRequest.deleteOne(key);
    throw new DomainError('GROUP_ERR_PROFILE_NOT_IN_NETWORK');
  }
  let membership: MembershipDoc;
  try {
    const created = await models.GroupMembership.create({ ...key, external: profile.external });
    membership = created.toObject<MembershipDoc>();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await models.GroupMembership.updateOne({ ...key, state: 'invited' }, { $set: { state: 'active' } });
    await models.GroupMembershipRequest.deleteOne(key);
    const existing = await models.GroupMembership.findOne(key).lean<MembershipDoc>();
    if (!existing) throw new DomainError('GROUP_ERR_REQUEST_NOT_FOUND');
    return presentMembership(existing);
  }
  await models.GroupMembershipRequest.deleteOne(key);
  await events.record('auth.membership.added', {
    networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(groupEID),
    data: { ...membershipEvent(group, membership), request: true },
  });
  return presentMembership(membership);
}
