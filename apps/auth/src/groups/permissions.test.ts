import { groupPermissionNames } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import { canSeeGroup, groupPermissions, type GroupStanding, groupUserInfo } from './permissions.js';
import { groupTypeEID, isAllowedParent } from './types.js';

const group = { groupType: 'group', hidden: false, membersMayPost: true };
const standing = (membership: GroupStanding['membership'], networkAdmin = false): GroupStanding => ({
  networkAdmin,
  membership,
});
const member = standing({ role: 'member', state: 'active' });
const admin = standing({ role: 'admin', state: 'active' });
const invitee = standing({ role: 'member', state: 'invited' });
const outsider = standing(null);

describe('group permissions', () => {
  it('gives network admins and group admins every permission of the spec, in its order', () => {
    expect(groupPermissions(group, standing(null, true))).toEqual([...groupPermissionNames]);
    expect(groupPermissions(group, admin)).toEqual([...groupPermissionNames]);
  });

  it('keeps delete_group of organisational units for network admins', () => {
    for (const groupType of ['business_unit', 'department', 'local_department']) {
      expect(groupPermissions({ ...group, groupType }, admin)).not.toContain('delete_group');
      expect(groupPermissions({ ...group, groupType }, admin)).toContain('edit_group');
      expect(groupPermissions({ ...group, groupType }, standing(null, true))).toContain('delete_group');
    }
  });

  it('gives members post_message only when membersMayPost; admins always', () => {
    expect(groupPermissions(group, member)).toEqual([
      'add_edit_files',
      'add_edit_folders',
      'post_message',
      'view_group',
      'view_group_members',
      'view_group_timeline',
    ]);
    const closed = { ...group, membersMayPost: false };
    expect(groupPermissions(closed, member)).not.toContain('post_message');
    expect(groupPermissions(closed, admin)).toContain('post_message');
  });

  it('lets outsiders and invitees view a visible group and its members only', () => {
    expect(groupPermissions(group, outsider)).toEqual(['view_group', 'view_group_members']);
    expect(groupPermissions(group, invitee)).toEqual(['view_group', 'view_group_members']);
  });

  it('hides a hidden group from outsiders, not from members, invitees or network admins', () => {
    const hidden = { ...group, hidden: true };
    expect(canSeeGroup(hidden, outsider)).toBe(false);
    expect(groupPermissions(hidden, outsider)).toEqual([]);
    expect(canSeeGroup(hidden, member)).toBe(true);
    expect(canSeeGroup(hidden, invitee)).toBe(true);
    expect(canSeeGroup(hidden, standing(null, true))).toBe(true);
  });

  it('reports the caller in _user: member, role and comma-separated permissions', () => {
    expect(groupUserInfo(group, member)).toEqual({
      member: true,
      role: 'member',
      permissions:
        'add_edit_files,add_edit_folders,post_message,view_group,view_group_members,view_group_timeline',
    });
    expect(groupUserInfo(group, invitee)).toMatchObject({ member: false, role: 'invited' });
    expect(groupUserInfo(group, outsider)).toMatchObject({ member: false, role: 'none' });
  });
});

describe('group type hierarchy', () => {
  it('allows business unit > department > local department, and groups anywhere', () => {
    expect(isAllowedParent('business_unit', null)).toBe(true);
    expect(isAllowedParent('business_unit', 'business_unit')).toBe(false);
    expect(isAllowedParent('department', null)).toBe(true);
    expect(isAllowedParent('department', 'business_unit')).toBe(true);
    expect(isAllowedParent('department', 'department')).toBe(false);
    expect(isAllowedParent('local_department', null)).toBe(false);
    expect(isAllowedParent('local_department', 'department')).toBe(true);
    expect(isAllowedParent('local_department', 'business_unit')).toBe(false);
    for (const parent of [null, 'business_unit', 'department', 'local_department', 'group'] as const) {
      expect(isAllowedParent('group', parent)).toBe(true);
    }
  });

  it('gives each type a stable 24-hex EID', () => {
    expect(groupTypeEID('department')).toMatch(/^[0-9a-f]{24}$/);
    expect(groupTypeEID('department')).toBe(groupTypeEID('department'));
    expect(groupTypeEID('department')).not.toBe(groupTypeEID('group'));
  });
});
