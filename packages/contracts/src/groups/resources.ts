/**
 * Resource and request schemas of the directory area "Groups, group types, memberships" (spec:
 * Group fragment; Aggregate resource; Permissions); the link relations of its resource
 * types are in links.ts. Choices where the spec is silent: docs/decisions.md, "Directory: groups".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { embedQuery } from '../core/route-definition.js';
import {
  Eid,
  EID_PATTERN,
  halCollection,
  halResource,
  ImageUrl,
  Nullable,
  onePersonNamed,
  PersonNamed,
  Ref,
  Timestamp,
} from '../core/schemas.js';
import { Name, Text } from '../core/text-hygiene.js';

/**
 * Group types: the three organisational units of the spec and the ordinary group (`group`).
 * Hierarchy (parent type → child type) is a domain rule of the auth service (domain/group-types.ts).
 */
export const groupTypeNames = ['business_unit', 'department', 'local_department', 'group'] as const;
export type GroupTypeName = (typeof groupTypeNames)[number];
export const GroupTypeSchema = Type.Union(
  groupTypeNames.map((name) => Type.Literal(name)),
  { description: '`business_unit`, `department`, `local_department` or `group` (an ordinary group)' },
);

/** Roles inside a group (network roles are separate: a network admin manages every group). */
export const groupRoles = ['admin', 'member'] as const;
export type GroupRole = (typeof groupRoles)[number];
export const GroupRoleSchema = Type.Union(
  groupRoles.map((role) => Type.Literal(role)),
  { description: '`admin` (manages the group) or `member`' },
);

/** States of a membership: an invitation waits for the invitee to accept it. */
export const membershipStates = ['active', 'invited'] as const;
export type MembershipState = (typeof membershipStates)[number];
export const MembershipStateSchema = Type.Union(
  membershipStates.map((state) => Type.Literal(state)),
  { description: '`active` (a member) or `invited` (waiting for the invitee to accept)' },
);

/** The group permission names of the spec, in its order. */
export const groupPermissionNames = [
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
] as const;
export type GroupPermission = (typeof groupPermissionNames)[number];

const GroupName = Name({ maxLength: 200 });

/** Bounds of a group's `redirectUris` (docs/decisions.md, "Directory: groups"). */
export const groupRedirectUriLimits = { uris: 10, length: 2000 } as const;

/**
 * Addresses a client application of the group may send its users back to. The schema bounds them;
 * the forms it cannot state (absolute, https or loopback http, no user info or fragment, each once)
 * are checked by auth (400 `GROUP_ERR_INVALID_REDIRECT_URI` naming the item).
 */
const GroupRedirectUris = Type.Array(
  Text({
    minLength: 1,
    maxLength: groupRedirectUriLimits.length,
    description:
      'Absolute URL: https, or http only for a loopback host (localhost, 127.0.0.1, [::1]); no user info, no fragment',
  }),
  {
    maxItems: groupRedirectUriLimits.uris,
    description: 'Where a client application of the group may send the user back to (each once)',
  },
);
const GroupXid = Nullable(Text({ minLength: 1, maxLength: 200 }));

/** Fields a client may write on create and update (`parent` and `groupType` only on create). */
const GroupWritable = {
  name: GroupName,
  XID: GroupXid,
  hidden: Type.Boolean({ description: 'invisible (404, absent from lists) to non-members' }),
  membersMayPost: Type.Boolean({ description: 'whether plain members have `post_message`' }),
  emblem: Nullable(Ref()),
  rootFolder: Nullable(Ref('folder')),
  networkTheme: Nullable(Ref('network_theme')),
  headerBackgroundUrl: Nullable(ImageUrl),
  redirectUris: GroupRedirectUris,
};

export const GroupUserInfo = Type.Object(
  {
    member: Type.Boolean({ description: 'whether the caller is an active member' }),
    role: Type.String({
      description: "the caller's role: `admin`, `member`, `invited` (pending invitation) or `none`",
    }),
    permissions: Type.String({
      description: 'comma-separated group permission names the caller holds (may be empty)',
    }),
  },
  { description: 'read-only: the caller and this group' },
);

export const GroupResource = halResource(
  'group',
  {
    EID: Eid,
    XID: GroupXid,
    name: Type.String(),
    groupType: GroupTypeSchema,
    parent: Nullable(Ref('group')),
    created: Timestamp,
    lastModified: Timestamp,
    emblem: Nullable(Ref()),
    rootFolder: Nullable(Ref('folder')),
    networkTheme: Nullable(Ref('network_theme')),
    emblemThumbnailUrl: Nullable(Type.String({ description: 'read-only' })),
    defaultEmblemThumbnailUrl: Type.String({
      description: 'read-only: the default emblem of the group type',
    }),
    headerBackgroundUrl: Nullable(Type.String()),
    redirectUris: GroupRedirectUris,
    numMembers: Type.Integer({ minimum: 0, description: 'read-only: active members' }),
    numLocalDepartments: Type.Integer({ minimum: 0, description: 'read-only' }),
    hasExternalMembers: Type.Boolean({ description: 'read-only' }),
    hidden: Type.Boolean(),
    membersMayPost: Type.Boolean(),
    _user: GroupUserInfo,
  },
  'A group: a business unit, department, local department or ordinary group of a network.',
);
export type Group = Static<typeof GroupResource>;
export const GroupCollection = halCollection('groups', GroupResource, 'Groups of a network, one page.');

/** `POST …/groups/`: `name` is required; `groupType` defaults to `group`. */
export const GroupCreateBody = Type.Object(
  {
    name: GroupWritable.name,
    groupType: Type.Optional(GroupTypeSchema),
    parent: Type.Optional(Nullable(Ref('group'))),
    XID: Type.Optional(GroupWritable.XID),
    hidden: Type.Optional(GroupWritable.hidden),
    membersMayPost: Type.Optional(GroupWritable.membersMayPost),
    emblem: Type.Optional(GroupWritable.emblem),
    rootFolder: Type.Optional(GroupWritable.rootFolder),
    networkTheme: Type.Optional(GroupWritable.networkTheme),
    headerBackgroundUrl: Type.Optional(GroupWritable.headerBackgroundUrl),
    redirectUris: Type.Optional(GroupWritable.redirectUris),
  },
  { additionalProperties: false },
);
export type GroupCreateInput = Static<typeof GroupCreateBody>;

/** `PUT …/groups/{groupEID}/`: only the fields sent change; `groupType` and `parent` are fixed at creation. */
export const GroupUpdateBody = Type.Object(
  Object.fromEntries(Object.entries(GroupWritable).map(([key, schema]) => [key, Type.Optional(schema)])),
  { additionalProperties: false, minProperties: 1 },
);

const ProfileFilter = (description: string) =>
  Type.Optional(Type.String({ pattern: EID_PATTERN, description }));

export const GroupListQuery = Type.Object({
  ...PaginationQuery.properties,
  user: ProfileFilter('groups the profile is an active member of'),
  invitee: ProfileFilter('groups the profile is invited to (another profile: network admins only)'),
  admin: ProfileFilter('groups the profile administers'),
  type: Type.Optional(GroupTypeSchema),
});

// ---------------------------------------------------------------------------------------------
// Group types

export const GroupTypeResource = halResource(
  'group_type',
  {
    EID: Eid,
    name: GroupTypeSchema,
    parentTypes: Type.Array(GroupTypeSchema, { description: 'types a parent group may have' }),
    parentRequired: Type.Boolean({ description: 'whether a group of this type needs a parent' }),
    createdBy: Type.Union([Type.Literal('network_admin'), Type.Literal('member')], {
      description: 'who may create groups of this type',
    }),
  },
  'A group type of the network and its hierarchy rules.',
);
export const GroupTypeCollection = halCollection(
  'groupTypes',
  GroupTypeResource,
  'The group types of a network.',
);

// ---------------------------------------------------------------------------------------------
// Memberships

export const GroupMembershipResource = halResource(
  'group_membership',
  {
    EID: Eid,
    group: Ref('group'),
    user: Ref('user'),
    role: GroupRoleSchema,
    state: MembershipStateSchema,
    invitedBy: Nullable(Ref('user')),
    created: Timestamp,
    lastModified: Timestamp,
    // Directory: group operations.
    lockedBy: Nullable(
      Text({ maxLength: 200, description: 'the organisational sync that made it; null: changed by hand' }),
    ),
  },
  'A profile’s membership of (or invitation to) a group; `embed=user` embeds the profile.',
);
export const GroupMembershipCollection = halCollection(
  'members',
  GroupMembershipResource,
  'Memberships of a group, one page.',
);

export const GroupMemberListQuery = Type.Object({
  ...PaginationQuery.properties,
  state: Type.Optional(MembershipStateSchema),
  role: Type.Optional(GroupRoleSchema),
  ...embedQuery(['user']).properties,
});

/** `POST …/members/`: add a profile (state `active`, the default) or invite it (state `invited`). */
export const GroupMemberAddBody = Type.Object(
  {
    ...PersonNamed,
    role: Type.Optional(GroupRoleSchema),
    state: Type.Optional(MembershipStateSchema),
  },
  { additionalProperties: false, ...onePersonNamed },
);
export const GroupMemberUpdateBody = Type.Object({ role: GroupRoleSchema }, { additionalProperties: false });
