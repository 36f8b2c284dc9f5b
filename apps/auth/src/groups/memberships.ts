/**
 * Group memberships and invitations: add, invite, accept, change role, remove (spec: groups
 * "memberships"; Events `added_to_groups`, `removed_from_groups`, `orphaned_group`). A group keeps
 * at least one admin unless a network admin removes the last one (then it is orphaned).
 */
import { userRef } from '../core/callers.js';
import { type RouteBody, type RouteQuery } from '../core/requests.js';
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
  isEid,
  namedProfileEID,
} from '@ncs/contracts';
import { isDuplicateKeyError, withStatus, pageOf } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { GroupsStore } from './dependencies.js';
import {
  visibleGroupFor,
  findVisibleGroup,
  type GroupCaller,
  groupSummary,
  requirePermission,
} from './callers.js';
import type { GroupDoc, MembershipDoc } from './models.js';
// Directory: group operations and app permissions.
import { groupReaderOf, LIST_GROUP_MEMBERS } from './readers.js';
import { requireUnlocked } from './locks.js';
import { groupAudience, membershipAudience } from './audience.js';

/** The profile EIDs of a group's active members (for the profiles list's `exclude_group`, `addable_to`). */
export async function groupMemberProfileEIDs(
  models: GroupsStore,
  networkEID: string,
  groupEID: string,
): Promise<string[]> {
  const rows = await models.GroupMembership.find(
    { networkEID, groupEID, state: 'active' },
    { profileEID: 1 },
  ).lean<{ profileEID: string }[]>();
  return rows.map((row) => row.profileEID);
}

export function presentMembership(membership: MembershipDoc): PlainResource {
  return {
    type: 'group_membership',
    EID: String(membership._id),
    group: { type: 'group', EID: membership.groupEID },
    user: userRef(membership.profileEID),
    role: membership.role,
    state: membership.state,
    invitedBy: membership.invitedBy ? userRef(membership.invitedBy) : null,
    created: toTimestamp(membership.created),
    lastModified: toTimestamp(membership.lastModified),
    lockedBy: membership.lockedBy ?? null,
  };
}

export function membershipEvent(
  group: GroupDoc,
  membership: Pick<MembershipDoc, 'profileEID' | 'role' | 'state'>,
) {
  return {
    group: groupSummary(group),
    user: userRef(membership.profileEID),
    role: membership.role,
    state: membership.state,
  };
}

async function findMembership(
  models: GroupsStore,
  caller: GroupCaller,
  groupEID: string,
  profileEID: string,
) {
  if (!isEid(profileEID)) throw new DomainError('GROUP_ERR_MEMBERSHIP_NOT_FOUND');
  const membership = await models.GroupMembership.findOne({
    networkEID: caller.networkEID,
    groupEID,
    profileEID,
  }).lean<MembershipDoc>();
  if (!membership) throw new DomainError('GROUP_ERR_MEMBERSHIP_NOT_FOUND');
  return membership;
}

const activeAdmins = (models: GroupsStore, networkEID: string, groupEID: string) =>
  models.GroupMembership.countDocuments({ networkEID, groupEID, state: 'active', role: 'admin' });

/**
 * After a change took an active admin away: with no admin left, a network admin's change stands
 * and the group is orphaned (event); anyone else's change is undone by `undo` and refused (409).
 * Checking after the write (no transactions on FerretDB) means two admins demoting each other at
 * once both get 409 and both stay admins: never zero admins through group admins' own changes.
 */
async function keepAnAdmin(
  models: GroupsStore,
  events: EventSink,
  caller: GroupCaller,
  group: GroupDoc,
  undo: () => Promise<unknown>,
): Promise<void> {
  if ((await activeAdmins(models, caller.networkEID, String(group._id))) > 0) return;
  if (!caller.networkAdmin) {
    await undo();
    throw new DomainError('GROUP_ERR_LAST_ADMIN');
  }
  await events.record('auth.group.orphaned', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: { kind: 'admins' },
    data: { group: groupSummary(group) },
  });
}

export async function listMembers(
  models: GroupsStore,
  ctx: RequestContext,
  groupEID: string,
  query: RouteQuery<'groupMember.list'>,
): Promise<PlainCollection> {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUP_MEMBERS]);
  const { permissions } = await findVisibleGroup(models, caller, groupEID);
  requirePermission(permissions, 'view_group_members');
  const state = query.state ?? 'active';
  if (state === 'invited') requirePermission(permissions, 'view_group_invites');
  const filter = {
    networkEID: caller.networkEID,
    groupEID,
    state,
    ...(query.role ? { role: query.role } : {}),
  };
  return pageOf(
    models.GroupMembership,
    { filter, sort: { created: 1, _id: 1 } },
    query,
    { itemType: 'group_membership', rel: 'members' },
    (memberships) => memberships.map(presentMembership),
  );
}

/** A membership; an invitation only for those who see invitations and for the invitee. */
export async function getMember(
  models: GroupsStore,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUP_MEMBERS]);
  const { permissions } = await findVisibleGroup(models, caller, groupEID);
  requirePermission(permissions, 'view_group_members');
  const membership = await findMembership(models, caller, groupEID, profileEID);
  const visible =
    membership.state === 'active' ||
    profileEID === caller.profileEID ||
    permissions.includes('view_group_invites');
  if (!visible) throw new DomainError('GROUP_ERR_MEMBERSHIP_NOT_FOUND');
  return presentMembership(membership);
}

/**
 * Adds an active profile of the network (`state: active`, needs `manage_users`) or invites it
 * (`state: invited`, needs `group_invite_user`). 201 when created; 200 with the existing
 * membership, unchanged, when the profile already has one (also under concurrency: unique index).
 */
export async function addMember(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupMember.add'>,
) {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  const state = body.state ?? 'active';
  const role = body.role ?? 'member';
  requirePermission(permissions, state === 'invited' ? 'group_invite_user' : 'manage_users');
  const named = namedProfileEID(body);
  // Another network's profile, an unknown one and a suspended one are all "not in this network".
  const profile = await models.Profile.findOne(
    { _id: named.EID, networkEID: caller.networkEID, userState: 'active' },
    { external: 1 },
  ).lean();
  if (!profile) {
    throw new DomainError('GROUP_ERR_PROFILE_NOT_IN_NETWORK', undefined, [
      { pointer: named.pointer, message: 'is not an active member of this network' },
    ]);
  }
  let membership: MembershipDoc;
  try {
    const created = await models.GroupMembership.create({
      networkEID: caller.networkEID,
      groupEID,
      profileEID: named.EID,
      role,
      state,
      external: profile.external,
      invitedBy: state === 'invited' ? caller.profileEID : null,
    });
    membership = created.toObject<MembershipDoc>();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return withStatus(200, presentMembership(await findMembership(models, caller, groupEID, named.EID)));
  }
  await events.record(state === 'invited' ? 'auth.membership.invited' : 'auth.membership.added', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: membershipAudience(groupEID, membership),
    data: membershipEvent(group, membership),
  });
  return withStatus(201, presentMembership(membership));
}

/** Changes the role of a membership or invitation (needs `edit_group_membership`). */
export async function changeMemberRole(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
  body: RouteBody<'groupMember.update'>,
) {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, 'edit_group_membership');
  const current = await findMembership(models, caller, groupEID, profileEID);
  if (current.role === body.role) return presentMembership(current);
  requireUnlocked(current);
  const changed = await models.GroupMembership.findOneAndUpdate(
    { _id: current._id, networkEID: caller.networkEID, role: current.role, lockedBy: null },
    { $set: { role: body.role } },
    { returnDocument: 'after' },
  ).lean<MembershipDoc>();
  // Changed or removed meanwhile by someone else: answer what is there now.
  if (!changed) return presentMembership(await findMembership(models, caller, groupEID, profileEID));
  if (current.state === 'active' && current.role === 'admin') {
    await keepAnAdmin(models, events, caller, group, () =>
      models.GroupMembership.updateOne(
        { _id: current._id, networkEID: caller.networkEID, role: body.role },
        { $set: { role: current.role } },
      ),
    );
  }
  await events.record('auth.membership.role_changed', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: membershipAudience(groupEID, changed),
    data: { ...membershipEvent(group, changed), previousRole: current.role },
  });
  return presentMembership(changed);
}

/**
 * Removes a membership or invitation: the profile itself may always (leave, decline); others need
 * `delete_group_membership`, or `delete_group_admin_membership` for an admin.
 */
export async function removeMember(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, group, permissions } = await visibleGroupFor(models, ctx, groupEID);
  const self = profileEID === caller.profileEID;
  // Checked before the lookup too, so a plain member learns nothing about others' memberships.
  if (!self && !permissions.includes('delete_group_membership')) {
    requirePermission(permissions, 'delete_group_membership');
  }
  const membership = await findMembership(models, caller, groupEID, profileEID);
  const wasActiveAdmin = membership.state === 'active' && membership.role === 'admin';
  requireUnlocked(membership);
  if (!self) {
    requirePermission(
      permissions,
      wasActiveAdmin ? 'delete_group_admin_membership' : 'delete_group_membership',
    );
  }
  const { deletedCount } = await models.GroupMembership.deleteOne({
    _id: membership._id,
    networkEID: caller.networkEID,
    lockedBy: null,
  });
  if (deletedCount === 0) throw new DomainError('GROUP_ERR_MEMBERSHIP_NOT_FOUND');
  if (wasActiveAdmin) {
    await keepAnAdmin(models, events, caller, group, async () => {
      try {
        await models.GroupMembership.collection.insertOne(membership);
      } catch (error) {
        // The profile was added again meanwhile: that membership stands.
        if (!isDuplicateKeyError(error)) throw error;
      }
    });
  }
  await events.record('auth.membership.removed', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: membershipAudience(groupEID, membership),
    data: { ...membershipEvent(group, membership), self },
  });
  return withStatus(204, null);
}

/** The invitee accepts its invitation; accepting an active membership again changes nothing. */
export async function acceptInvitation(
  models: GroupsStore,
  events: EventSink,
  ctx: RequestContext,
  groupEID: string,
  profileEID: string,
) {
  const { caller, group } = await visibleGroupFor(models, ctx, groupEID);
  if (profileEID !== caller.profileEID) throw new DomainError('GROUP_ERR_NOT_INVITEE');
  const membership = await findMembership(models, caller, groupEID, profileEID);
  if (membership.state === 'active') return presentMembership(membership);
  const accepted = await models.GroupMembership.findOneAndUpdate(
    { _id: membership._id, networkEID: caller.networkEID, state: 'invited' },
    { $set: { state: 'active' } },
    { returnDocument: 'after' },
  ).lean<MembershipDoc>();
  if (!accepted) return presentMembership(await findMembership(models, caller, groupEID, profileEID));
  await events.record('auth.membership.accepted', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: groupAudience(groupEID),
    data: membershipEvent(group, accepted),
  });
  return presentMembership(accepted);
}
