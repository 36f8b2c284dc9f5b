/**
 * Routes of the directory area "Groups, group types, memberships" (owned by `auth` unless stated).
 * Rules where the spec is silent: docs/decisions.md, "Directory: groups".
 */
import { PaginationQuery } from '../core/pagination.js';
import { embedQuery, route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import {
  GroupCollection,
  GroupCreateBody,
  GroupListQuery,
  GroupMemberAddBody,
  GroupMemberListQuery,
  GroupMembershipCollection,
  GroupMembershipResource,
  GroupMemberUpdateBody,
  GroupResource,
  GroupTypeCollection,
  GroupUpdateBody,
} from './resources.js';

const GROUPS = '/networks/{networkEID}/groups';
const common = { service: 'auth', tag: 'Groups', scope: 'network', format: 'hal' } as const;

const GroupParams = strictObject({ networkEID: Eid, groupEID: Eid });
const MemberParams = strictObject({ networkEID: Eid, groupEID: Eid, profileEID: Eid });
const EmbedUser = embedQuery(['user']);

export const groupsRoutes = [
  route({
    ...common,
    id: 'groupType.list',
    method: 'GET',
    path: '/networks/{networkEID}/group-types/',
    summary: 'The group types (business unit, department, local department, group) and their hierarchy',
    params: NetworkParams,
    query: PaginationQuery,
    reply: { status: 200, schema: GroupTypeCollection },
  }),
  route({
    ...common,
    id: 'group.list',
    method: 'GET',
    path: `${GROUPS}/`,
    summary:
      'Groups visible to the caller, by name; filters `user=` (member of), `invitee=` (invited to), `admin=` (administers), `type=`',
    params: NetworkParams,
    query: GroupListQuery,
    reply: { status: 200, schema: GroupCollection },
  }),
  route({
    ...common,
    id: 'group.create',
    method: 'POST',
    path: `${GROUPS}/`,
    summary:
      'Create a group (any internal member; the creator becomes its admin) or an organisational unit (network admins)',
    params: NetworkParams,
    body: GroupCreateBody,
    reply: { status: 201, schema: GroupResource },
  }),
  route({
    ...common,
    id: 'group.get',
    method: 'GET',
    path: `${GROUPS}/{groupEID}/`,
    summary: 'A group with the caller’s `_user` (member, role, permissions)',
    params: GroupParams,
    reply: { status: 200, schema: GroupResource },
  }),
  route({
    ...common,
    id: 'group.update',
    method: 'PUT',
    path: `${GROUPS}/{groupEID}/`,
    summary: 'Edit a group (only the fields sent change); needs `edit_group`',
    params: GroupParams,
    body: GroupUpdateBody,
    reply: { status: 200, schema: GroupResource },
  }),
  route({
    ...common,
    id: 'group.delete',
    method: 'DELETE',
    path: `${GROUPS}/{groupEID}/`,
    summary: 'Delete a group without subgroups, with its memberships; needs `delete_group`',
    params: GroupParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'subgroup.list',
    method: 'GET',
    path: `${GROUPS}/{groupEID}/subgroups/`,
    summary: 'The subgroups of a group visible to the caller, by name',
    params: GroupParams,
    query: PaginationQuery,
    reply: { status: 200, schema: GroupCollection },
  }),
  route({
    ...common,
    id: 'groupMember.list',
    method: 'GET',
    path: `${GROUPS}/{groupEID}/members/`,
    summary:
      'Memberships of a group, oldest first (`state=invited` needs `view_group_invites`; `embed=user` embeds the profiles)',
    params: GroupParams,
    query: GroupMemberListQuery,
    embeddable: ['user'],
    reply: { status: 200, schema: GroupMembershipCollection },
  }),
  route({
    ...common,
    id: 'groupMember.add',
    method: 'POST',
    path: `${GROUPS}/{groupEID}/members/`,
    summary:
      'Add a profile of the network (state `active`) or invite it (state `invited`): 201, or 200 with the existing membership',
    params: GroupParams,
    query: EmbedUser,
    embeddable: ['user'],
    body: GroupMemberAddBody,
    reply: { status: 201, schema: GroupMembershipResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'groupMember.get',
    method: 'GET',
    path: `${GROUPS}/{groupEID}/members/{profileEID}/`,
    summary: 'One membership of a group',
    params: MemberParams,
    query: EmbedUser,
    embeddable: ['user'],
    reply: { status: 200, schema: GroupMembershipResource },
  }),
  route({
    ...common,
    id: 'groupMember.update',
    method: 'PUT',
    path: `${GROUPS}/{groupEID}/members/{profileEID}/`,
    summary: 'Change the role of a membership; a group keeps at least one admin (network admins excepted)',
    params: MemberParams,
    body: GroupMemberUpdateBody,
    reply: { status: 200, schema: GroupMembershipResource },
  }),
  route({
    ...common,
    id: 'groupMember.remove',
    method: 'DELETE',
    path: `${GROUPS}/{groupEID}/members/{profileEID}/`,
    summary:
      'Remove a membership or invitation (managers; or the profile itself: leave, decline); a group keeps at least one admin',
    params: MemberParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'groupMember.accept',
    method: 'POST',
    path: `${GROUPS}/{groupEID}/members/{profileEID}/accept`,
    summary: 'The invited profile accepts its invitation (idempotent)',
    idempotent: true, // Scale-out: sets a state; retried after a timeout.
    params: MemberParams,
    reply: { status: 200, schema: GroupMembershipResource },
  }),
] as const satisfies readonly RouteDefinition[];
