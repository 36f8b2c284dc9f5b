/**
 * What the group resource tests share (resource-creating.test.ts, resource-editing.test.ts,
 * resource-reading.test.ts): every group permission, and the names a page of groups lists.
 */
import type { Collection } from '../../support/factories/groups.js';

export const ALL_PERMISSIONS = [
  'add_edit_files',
  'add_edit_folders',
  'create_subgroups',
  'delete_comment',
  'delete_group',
  'delete_group_admin_membership',
  'delete_group_membership',
  'delete_message',
  'delete_news',
  'edit_group',
  'edit_group_membership',
  'edit_group_widgets',
  'group_approve_membership',
  'group_invite_user',
  'manage_files',
  'manage_users',
  'post_message',
  'view_group',
  'view_group_invites',
  'view_group_members',
  'view_group_membership_requests',
  'view_group_timeline',
];

export const namesOf = (collection: Collection) => collection._embedded.groups!.map((g) => g.name);
