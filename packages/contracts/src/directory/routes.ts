/**
 * Routes of the directory area "Network settings, profiles, xid, postable types, roles, invitations" (owned by `auth` unless stated).
 * Spec: Network and sessions; Other resources (user network profile); Permissions; States
 * ("Suspended user invited again"); Versioning (1.4.8 admin roles, `deleted` → `userState`).
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { embedQuery, route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, EID_PATTERN, NetworkParams, strictObject } from '../core/schemas.js';
import {
  InvitationCollection,
  InvitationCreateBody,
  InvitationResource,
  InvitationType,
  NetworkResource,
  NetworkUpdateBody,
  PostableTypesResource,
  RoleChangeBody,
  RoleCollection,
  RoleName,
  ProfileCollection,
  ProfileResource,
  ProfileUpdateBody,
  XidProfileResource,
  XidProfileUpdateBody,
  Xid,
} from './resources.js';

const MANAGE_NETWORK = 'MANAGE_NETWORK';
const tag = 'Network and sessions';
const common = { service: 'auth', tag, format: 'hal' } as const;
const inNetwork = { ...common, scope: 'network' } as const;

const ProfileParams = strictObject({ networkEID: Eid, profileEID: Eid });
const XidParams = strictObject({ networkEID: Eid, xid: Xid });
const InvitationParams = strictObject({ networkEID: Eid, invitationEID: Eid });
const EmbedNetwork = embedQuery(['network']);

/**
 * Filters of the users collection. `role`/`exclude_role` take roles as reported in the negotiated
 * version. `exclude_group` and `addable_to` join when group memberships exist (groups area).
 */
const ProfileListQuery = Type.Object({
  ...PaginationQuery.properties,
  ...embedQuery(['network', 'users']).properties,
  scope: Type.Optional(
    Type.Literal('chat', {
      description:
        'chat-eligible recipients: active members other than the caller (with `allowChatCustomSettings`, only those whose `chatEnabled` is true), bots first',
    }),
  ),
  role: Type.Optional(RoleName),
  exclude_role: Type.Optional(RoleName),
  modified_since: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'ISO 8601 date-time with an offset; profiles changed at or after it, including suspended and deleted ones',
    }),
  ),
  exclude_group: Type.Optional(
    Type.String({ pattern: EID_PATTERN, description: 'leave out the active members of this group' }),
  ),
  addable_to: Type.Optional(
    Type.String({
      pattern: EID_PATTERN,
      description: 'only profiles that could be added to this group: neither members nor invited',
    }),
  ),
  // Messaging (timelines concern): asked of messaging over NATS (`internalSubjects.commenters`).
  commented: Type.Optional(
    Type.String({
      pattern: EID_PATTERN,
      description: 'only people who commented on this message (one the caller may read)',
    }),
  ),
});

const RoleChangeBodySince148 = Type.Object(
  { role: Type.Union([Type.Literal('admin'), Type.Literal('member')]) },
  { additionalProperties: false },
);

export const directoryRoutes = [
  route({
    ...inNetwork,
    id: 'network.get',
    method: 'GET',
    path: '/networks/{networkEID}/',
    summary: 'Read a network: settings, read-only properties, features, subscription and `_user`',
    params: NetworkParams,
    reply: { status: 200, schema: NetworkResource },
  }),
  route({
    ...inNetwork,
    id: 'network.update',
    method: 'PUT',
    path: '/networks/{networkEID}',
    summary:
      'Change network settings (administrators; only the fields sent change; read-only fields are 400)',
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    body: NetworkUpdateBody,
    reply: { status: 200, schema: NetworkResource },
  }),
  route({
    ...inNetwork,
    id: 'profile.list',
    method: 'GET',
    path: '/networks/{networkEID}/users/',
    summary:
      'Active profiles of the network, a page at a time: `scope=chat`, `role`, `exclude_role`, `modified_since`, `exclude_group`, `addable_to`, `commented`; `embed=network`, `embed=users`',
    params: NetworkParams,
    query: ProfileListQuery,
    embeddable: ['network', 'users'],
    reply: { status: 200, schema: ProfileCollection },
  }),
  route({
    ...inNetwork,
    id: 'profile.get',
    method: 'GET',
    path: '/networks/{networkEID}/users/{profileEID}/',
    summary: "A user's profile in the network (the caller's own birthday is always shown; `embed=network`)",
    params: ProfileParams,
    query: EmbedNetwork,
    embeddable: ['network'],
    reply: { status: 200, schema: ProfileResource },
  }),
  route({
    ...inNetwork,
    id: 'profile.update',
    method: 'PUT',
    path: '/networks/{networkEID}/users/{profileEID}/',
    summary:
      'Edit a profile: the person their own fields (subject to the network settings), the person and administrators the names (`firstName`, `lastName`: this network only), administrators `aboutMe`, `jobTitle`, `employmentStartDate`, `XID`',
    params: ProfileParams,
    body: ProfileUpdateBody,
    reply: { status: 200, schema: ProfileResource },
  }),
  route({
    ...inNetwork,
    id: 'profile.suspend',
    method: 'POST',
    path: '/networks/{networkEID}/users/{profileEID}/suspend',
    summary: 'Suspend an active member (administrators): their tokens stop working in this network',
    permission: MANAGE_NETWORK,
    params: ProfileParams,
    reply: { status: 200, schema: ProfileResource },
  }),
  route({
    ...inNetwork,
    id: 'profile.changeRole',
    method: 'PUT',
    path: '/networks/{networkEID}/users/{profileEID}/role',
    summary: "Change a profile's role (administrators; the network keeps at least one administrator)",
    permission: MANAGE_NETWORK,
    params: ProfileParams,
    body: {
      variants: [
        { range: { since: '1.4.8' }, schema: RoleChangeBodySince148 },
        { range: { until: '1.4.8' }, schema: RoleChangeBody },
      ],
    },
    reply: { status: 200, schema: ProfileResource },
  }),
  route({
    ...inNetwork,
    id: 'profileXid.get',
    method: 'GET',
    path: '/networks/{networkEID}/users/xid/{xid}/',
    summary: 'A profile by XID (administrators, or apps with `get_profile_xid`)',
    params: XidParams,
    reply: { status: 200, schema: XidProfileResource },
  }),
  route({
    ...inNetwork,
    id: 'profileXid.update',
    method: 'PUT',
    path: '/networks/{networkEID}/users/xid/{xid}/',
    summary:
      'Edit a profile by XID, optionally setting a new password (administrators, or apps with `get_profile_xid`); `warnings` for an e-mail account',
    params: XidParams,
    body: XidProfileUpdateBody,
    reply: { status: 200, schema: XidProfileResource },
  }),
  route({
    ...common,
    id: 'postableTypes.get',
    method: 'GET',
    path: '/users/{profileEID}/postable-types',
    summary:
      "Message types the caller may post on a profile (in the profile's network, which the caller must belong to)",
    scope: 'account',
    params: strictObject({ profileEID: Eid }),
    reply: { status: 200, schema: PostableTypesResource },
  }),
  route({
    ...inNetwork,
    id: 'role.list',
    method: 'GET',
    path: '/networks/{networkEID}/roles/',
    summary:
      'Roles of the network as reported in the negotiated version (members, or apps with `list_network_roles`)',
    params: NetworkParams,
    reply: { status: 200, schema: RoleCollection },
  }),
  route({
    ...inNetwork,
    id: 'invitation.list',
    method: 'GET',
    path: '/networks/{networkEID}/invitations/',
    summary:
      'Invitations of the network, newest first (administrators, or apps with `invite_users`); `type=email|sso`',
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    query: Type.Object({
      ...PaginationQuery.properties,
      type: Type.Optional(InvitationType),
      ...embedQuery(['user']).properties,
    }),
    embeddable: ['user'],
    reply: { status: 200, schema: InvitationCollection },
  }),
  route({
    ...inNetwork,
    id: 'invitation.create',
    method: 'POST',
    path: '/networks/{networkEID}/invitations/',
    summary:
      'Invite a person by e-mail (administrators, or apps with `invite_users`): a pending membership, or a suspended member reactivated',
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    body: InvitationCreateBody,
    reply: { status: 201, schema: InvitationResource, alsoStatus: [200] },
  }),
  route({
    ...inNetwork,
    id: 'invitation.get',
    method: 'GET',
    path: '/networks/{networkEID}/invitations/{invitationEID}/',
    summary: 'An invitation (administrators, or apps with `invite_users`)',
    permission: MANAGE_NETWORK,
    params: InvitationParams,
    query: embedQuery(['user']),
    embeddable: ['user'],
    reply: { status: 200, schema: InvitationResource },
  }),
  route({
    ...common,
    id: 'invitation.accept',
    method: 'POST',
    path: '/invitations/{invitationEID}/accept',
    summary: 'The invited person accepts a pending invitation: the membership becomes active',
    scope: 'account',
    params: strictObject({ invitationEID: Eid }),
    reply: { status: 200, schema: InvitationResource },
  }),
] as const satisfies readonly RouteDefinition[];
