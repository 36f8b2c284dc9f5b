/**
 * Who calls the groups area: an active member of the request's network (read from the store, not
 * the gateway's cache), the caller's standing in a group, and the group permissions it grants.
 */
import { DomainError, type GroupPermission, type RequestContext, isEid } from '@ncs/contracts';
import type { GroupsStore } from './dependencies.js';
import type { NetworkDoc } from '../core/models.js';
import type { GroupDoc, MembershipDoc } from './models.js';
import type { DefaultEmblemFiles } from './types.js';
import { canSeeGroup, groupPermissions, type GroupStanding } from './permissions.js';

/** The caller inside the request's network, read from the store (not the gateway's cache). */
export interface GroupCaller {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly networkAdmin: boolean;
  readonly external: boolean;
  /** Files: branding images: the network's default emblems, when the caller's read brought them. */
  readonly defaultEmblems?: DefaultEmblemFiles;
}

/**
 * The caller, an active member of the request's network (else 404, never revealing the network).
 * App tokens have no profile: 403.
 */
export async function groupCallerOf(models: GroupsStore, ctx: RequestContext): Promise<GroupCaller> {
  const networkEID = ctx.networkEID;
  const profileEID = ctx.principal?.profileEID;
  if (!isEid(networkEID)) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  if (!profileEID) throw new DomainError('GROUP_ERR_USER_CALLER_REQUIRED');
  const [network, profile] = await Promise.all([
    // Files: branding images: the default emblems come with the network (no read per group).
    models.Network.findById(networkEID, { defaultEmblems: 1 }).lean<Pick<NetworkDoc, 'defaultEmblems'>>(),
    models.Profile.findOne(
      { _id: profileEID, networkEID, userState: 'active' },
      { role: 1, external: 1 },
    ).lean(),
  ]);
  if (!network || !profile) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  return {
    networkEID,
    profileEID,
    networkAdmin: profile.role === 'admin',
    external: profile.external,
    defaultEmblems: (network.defaultEmblems ?? null) as DefaultEmblemFiles,
  };
}

export const groupRef = (group: GroupDoc) => ({ type: 'group' as const, EID: String(group._id) });

/** What events carry about a group: enough for an alert text without a lookup. */
export function groupSummary(group: GroupDoc) {
  return { ...groupRef(group), name: group.name, groupType: group.groupType };
}

/** The caller's membership or invitation of `groupEID`, if any. */
export async function standingIn(
  models: GroupsStore,
  caller: GroupCaller,
  groupEID: string,
): Promise<GroupStanding> {
  const membership = await models.GroupMembership.findOne(
    { networkEID: caller.networkEID, groupEID, profileEID: caller.profileEID },
    { role: 1, state: 1 },
  ).lean<Pick<MembershipDoc, 'role' | 'state'>>();
  return {
    networkAdmin: caller.networkAdmin,
    membership: membership ? { role: membership.role, state: membership.state } : null,
  };
}

/**
 * A group of the caller's network that the caller may see, with the caller's standing. Another
 * network's group, an unknown one and a hidden one the caller may not see are all 404.
 */
export async function findVisibleGroup(models: GroupsStore, caller: GroupCaller, groupEID: string) {
  if (!isEid(groupEID)) throw new DomainError('GROUP_ERR_NOT_FOUND');
  // By `_id` alone, the tenant checked in memory (the lookup FerretDB serves from its index).
  const group = await models.Group.findById(groupEID).lean<GroupDoc>();
  if (!group || group.networkEID !== caller.networkEID) throw new DomainError('GROUP_ERR_NOT_FOUND');
  const standing = await standingIn(models, caller, groupEID);
  if (!canSeeGroup(group, standing)) throw new DomainError('GROUP_ERR_NOT_FOUND');
  return { group, standing, permissions: groupPermissions(group, standing) };
}

/** The preamble of a group route: its caller, and the group of the path that caller may see. */
export async function visibleGroupFor(models: GroupsStore, ctx: RequestContext, groupEID: string) {
  const caller = await groupCallerOf(models, ctx);
  return { caller, ...(await findVisibleGroup(models, caller, groupEID)) };
}

export function requirePermission(permissions: readonly GroupPermission[], needed: GroupPermission): void {
  if (!permissions.includes(needed)) {
    throw new DomainError('GROUP_ERR_PERMISSION_REQUIRED', `This needs the group permission ${needed}.`);
  }
}
