/**
 * The caller's group permissions (spec: Group fragment `_user.permissions`, names from the spec's
 * list) and who may see a group. Pure rules, unit-tested; decisions in docs/decisions.md.
 */
import {
  groupPermissionNames,
  type GroupPermission,
  type GroupRole,
  type MembershipState,
} from '@ncs/contracts';
import { isOrganisationalUnit } from './types.js';

/** Where the caller stands towards one group. */
export interface GroupStanding {
  readonly networkAdmin: boolean;
  /** The caller's membership or invitation, if any. */
  readonly membership: { readonly role: GroupRole; readonly state: MembershipState } | null;
}

export interface PermissionSubject {
  readonly groupType: string;
  readonly hidden: boolean;
  readonly membersMayPost: boolean;
}

const MEMBER: readonly GroupPermission[] = [
  'view_group',
  'view_group_members',
  'view_group_timeline',
  'add_edit_files',
  'add_edit_folders',
];
const ONLOOKER: readonly GroupPermission[] = ['view_group', 'view_group_members'];

/** A hidden group is seen only by its members, its invitees and network admins. */
export function canSeeGroup(group: Pick<PermissionSubject, 'hidden'>, standing: GroupStanding): boolean {
  return !group.hidden || standing.networkAdmin || standing.membership !== null;
}

export function groupPermissions(group: PermissionSubject, standing: GroupStanding): GroupPermission[] {
  if (!canSeeGroup(group, standing)) return [];
  const held = new Set<GroupPermission>();
  const { membership } = standing;
  const active = membership?.state === 'active';
  if (standing.networkAdmin) {
    groupPermissionNames.forEach((name) => held.add(name));
  } else if (active && membership.role === 'admin') {
    groupPermissionNames.forEach((name) => held.add(name));
    // Organisational units are deleted by network admins only.
    if (isOrganisationalUnit(group.groupType)) held.delete('delete_group');
  } else if (active) {
    MEMBER.forEach((name) => held.add(name));
    if (group.membersMayPost) held.add('post_message');
  } else {
    ONLOOKER.forEach((name) => held.add(name));
  }
  return groupPermissionNames.filter((name) => held.has(name));
}

/** `_user` of a group representation. */
export function groupUserInfo(group: PermissionSubject, standing: GroupStanding) {
  const { membership } = standing;
  const role = !membership ? 'none' : membership.state === 'invited' ? 'invited' : membership.role;
  return {
    member: membership?.state === 'active',
    role,
    permissions: groupPermissions(group, standing).join(','),
  };
}
