/**
 * Resource and request schemas of the directory area "Network settings, profiles, xid, postable types, roles, invitations", and the link relations of its
 * resource types (spread into `linkRelations`). The network and profile resources themselves are in
 * resources.ts; choices where the spec is silent are in docs/decisions.md, "Directory: network
 * settings and profiles".
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { NameOrEmpty, Text } from './text-hygiene.js';
import type { LinkRelation } from './links.js';
import {
  Birthday,
  BirthdayPrivacy,
  EmailPrivacy,
  LanguageTag,
  Eid,
  NetworkWritableFields,
  ProfileResource,
  Ref,
  Timestamp,
  halCollection,
  halResource,
} from './resources.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const optionalAll = <T extends Record<string, TSchema>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)]));

// ---------------------------------------------------------------------------------------------
// Roles

/** Roles as stored: three network-administrator variants (same permissions) and `member`. */
export const adminRoleVariants = ['admin', 'network_manager', 'community_manager'] as const;
export const storedRoleNames = [...adminRoleVariants, 'member'] as const;
export type StoredRole = (typeof storedRoleNames)[number];
export const RoleName = Type.Union(
  storedRoleNames.map((v) => Type.Literal(v)),
  {
    description:
      'A role as reported: from 1.4.8 only `admin` and `member` (every administrator variant is `admin`); before, also `network_manager` and `community_manager`',
  },
);

export const RoleResource = halResource(
  'role',
  {
    EID: Eid,
    name: Type.String({ description: 'the role as reported in the negotiated version' }),
    administrator: Type.Boolean({ description: 'whether holders administer the network' }),
    permissions: Type.Array(Type.String(), { description: 'user permissions the role grants' }),
    numMembers: Type.Integer({ minimum: 0, description: 'active profiles holding the role' }),
  },
  'A role of the network.',
);
export const RoleCollection = halCollection('roles', RoleResource, 'The roles of a network.');

/** `PUT /networks/{networkEID}/users/{profileEID}/role`: administrators change a profile's role. */
export const RoleChangeBody = Type.Object({ role: RoleName }, { additionalProperties: false });

// ---------------------------------------------------------------------------------------------
// Network

/**
 * `PUT /networks/{networkEID}`: the writable network settings only. Read-only fields of the
 * representation (`EID`, `subdomain`, `baseUrl`, `speakapDomain`, `emailSettings`,
 * `hasExternalMembers`, `videoEnabled`, `marketEnabled`, `subscription`, `features`,
 * `numImpreciseActiveMembersCount`, …) are refused with 400 naming the field.
 */
export const NetworkUpdateBody = Type.Object(optionalAll(NetworkWritableFields), {
  additionalProperties: false,
  minProperties: 1,
});

// ---------------------------------------------------------------------------------------------
// Profiles

/** `YYYY-MM-DD`. */
export const CalendarDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const Xid = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9._:@-]+$',
  description: 'externally supplied identifier, unique in the network',
});

/**
 * Profile fields a PUT may carry. Who may change which is decided by the service: the person's own
 * preferences only by the person; `aboutMe`/`jobTitle` by the person (unless the network locks
 * them) and by administrators; `employmentStartDate` and `XID` only by administrators.
 */
const ProfileWritable = {
  firstName: NameOrEmpty({ maxLength: 100 }),
  lastName: NameOrEmpty({ maxLength: 100 }),
  language: LanguageTag,
  aboutMe: Text({ maxLength: 2000 }),
  jobTitle: NameOrEmpty({ maxLength: 200 }),
  workStatus: Nullable(Text({ minLength: 1, maxLength: 100 })),
  workStatusValidUntil: Nullable(Timestamp),
  employmentStartDate: Nullable(CalendarDate),
  autoTranslation: Type.Boolean(),
  tourCompleted: Type.Boolean(),
  chatEnabled: Type.Boolean(),
  birthday: Nullable(Birthday),
  birthdayPrivacy: BirthdayPrivacy,
  primaryEmailPrivacy: Nullable(EmailPrivacy),
  XID: Nullable(Xid),
};

export const ProfileUpdateBody = Type.Object(optionalAll(ProfileWritable), {
  additionalProperties: false,
  minProperties: 1,
});

/** `PUT …/users/xid/{xid}/`: the profile fields, and a new password for the account. */
export const XidProfileUpdateBody = Type.Object(
  {
    ...optionalAll(ProfileWritable),
    password: Type.Optional(Text({ minLength: 8, maxLength: 1024, description: 'new sign-in password' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const Warning = Type.Object({
  code: Type.String(),
  message: Type.String(),
});

/** The profile after a PUT by XID, with `warnings` when the change has consequences worth telling. */
export const XidProfileResource = Type.Object(
  { ...ProfileResource.properties, warnings: Type.Optional(Type.Array(Warning)) },
  {
    $id: 'resource.user_by_xid',
    description:
      'A profile found by XID; after a PUT, `warnings` lists consequences (e.g. a changed e-mail sign-in password).',
  },
);

// ---------------------------------------------------------------------------------------------
// Postable types

export const PostableTypesResource = halResource(
  'postable_types',
  {
    EID: Eid,
    user: Ref('user'),
    network: Ref('network'),
    types: Type.Array(Type.String(), { description: 'message types the caller may post to the profile' }),
  },
  'The message types the caller may post on a profile.',
);

// ---------------------------------------------------------------------------------------------
// Invitations

export const invitationTypes = ['email', 'sso'] as const;
export type InvitationType = (typeof invitationTypes)[number];
export const InvitationType = Type.Union(
  invitationTypes.map((v) => Type.Literal(v)),
  {
    description:
      '`email` (default): the person accepts after signing in; `sso`: the person signs in through the network identity provider',
  },
);
export const invitationStatuses = ['pending', 'accepted', 'expired'] as const;
export const InvitationStatus = Type.Union(invitationStatuses.map((v) => Type.Literal(v)));

export const InvitationResource = halResource(
  'invitation',
  {
    EID: Eid,
    email: Type.String(),
    invitationType: InvitationType,
    status: InvitationStatus,
    reactivated: Type.Boolean({ description: 'true when the invitation reactivated a suspended member' }),
    user: Ref('user'),
    invitedBy: Nullable(Ref('user')),
    network: Ref('network'),
    created: Timestamp,
    expiresAt: Timestamp,
    acceptedAt: Nullable(Timestamp),
  },
  'An invitation to join a network.',
);
export const InvitationCollection = halCollection(
  'invitations',
  InvitationResource,
  'Invitations, one page.',
);

export const InvitationCreateBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    invitationType: Type.Optional(InvitationType),
  },
  { additionalProperties: false },
);

export const directoryLinkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {
  role: [{ rel: 'collection', href: '/networks/{networkEID}/roles/' }],
  postable_types: [
    { rel: 'self', href: '/users/{user.EID}/postable-types' },
    { rel: 'user', href: '/networks/{network.EID}/users/{user.EID}/' },
  ],
  invitation: [
    { rel: 'self', href: '/networks/{network.EID}/invitations/{EID}/' },
    { rel: 'user', href: '/networks/{network.EID}/users/{user.EID}/' },
    { rel: 'invitedBy', href: '/networks/{network.EID}/users/{invitedBy.EID}/' },
  ],
};
