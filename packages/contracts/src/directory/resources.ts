/**
 * Resource and request schemas of the directory area "Network settings, profiles, xid, postable
 * types, roles, invitations": the network and profile resources, and what is read and written
 * about them (the link relations of its resource types are in links.ts). Choices where the spec is
 * silent are in docs/decisions.md, "Directory: network settings and profiles".
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  Eid,
  halCollection,
  halResource,
  Nullable,
  Ref,
  RequestTimestamp,
  Timestamp,
} from '../core/schemas.js';
import { Name, NameOrEmpty, Text } from '../core/text-hygiene.js';
// Directory: network operations.
import { networkWriteContextFields, networkWriteContextReadFields } from './network-writes.js';

export const Subscription = Type.Object({ type: Type.String(), since: Timestamp });

/** Who sees a profile's primary e-mail address besides the person: every member, or administrators only. */
export const emailPrivacySettings = ['network', 'admins'] as const;
export const EmailPrivacy = Type.Union(
  emailPrivacySettings.map((v) => Type.Literal(v)),
  { description: '`network`: every member sees the address; `admins`: only the person and administrators' },
);
export type EmailPrivacySetting = (typeof emailPrivacySettings)[number];

/** Who sees a profile's birthday besides the person (never administrators). */
export const birthdayPrivacySettings = ['network', 'network_without_year', 'private'] as const;
export const BirthdayPrivacy = Type.Union(
  birthdayPrivacySettings.map((v) => Type.Literal(v)),
  {
    description:
      '`network`: members see day, month and year; `network_without_year`: members see day and month; `private` (default): only the person',
  },
);
export type BirthdayPrivacySetting = (typeof birthdayPrivacySettings)[number];

/** BCP 47 language tag, primary subtag and optional region, e.g. `en`, `nl`, `pt-BR`. */
export const LanguageTag = Type.String({
  pattern: '^[a-z]{2,3}(-[A-Z]{2})?$',
  description: 'e.g. `en`, `pt-BR`',
});
/** E.164 telephone number, e.g. `+31201234567`. */
export const E164Number = Type.String({
  pattern: '^\\+[1-9][0-9]{6,14}$',
  description: 'E.164, e.g. `+31201234567`',
});

/** Network settings a network administrator may change with `PUT /networks/{networkEID}`. */
export const NetworkWritableFields = {
  name: Name({ maxLength: 200 }),
  description: Text({ maxLength: 5000 }),
  allowChatCustomSettings: Type.Boolean({
    description:
      "default false; when true, each member's own `chatEnabled` decides whether others can chat with them",
  }),
  allowCommentsPreference: Type.Boolean({
    description: 'default false; authors may turn comments off on their posts',
  }),
  allowReactionsPreference: Type.Boolean({
    description: 'default false; authors may turn reactions off on their posts',
  }),
  allowEditingProfileBio: Type.Boolean({ description: 'default true; members may edit their own `aboutMe`' }),
  allowEditingJobTitle: Type.Boolean({ description: 'default true; members may edit their own `jobTitle`' }),
  language: LanguageTag,
  defaultPrimaryEmailPrivacySetting: EmailPrivacy,
  mobileNumber: Nullable(E164Number),
  appDistributorEnabled: Type.Boolean({ description: 'default false' }),
  // Directory (network operations): the spec's write context.
  ...networkWriteContextFields,
};

export const NetworkFields = {
  EID: Eid,
  name: Type.String(),
  subdomain: Type.String(),
  description: Type.String(),
  emblemThumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  // Files: the emblem of the network's theme (the one `PUT` named, else the default).
  emblem: Type.Optional(Nullable(Ref('file'))),
  subscription: Subscription,
  allowChatCustomSettings: Type.Boolean(),
  allowCommentsPreference: Type.Boolean(),
  allowReactionsPreference: Type.Boolean(),
  allowEditingProfileBio: Type.Boolean(),
  allowEditingJobTitle: Type.Boolean(),
  language: Type.String(),
  defaultPrimaryEmailPrivacySetting: Type.String(),
  mobileNumber: Nullable(Type.String({ description: 'sender number for SMS (E.164)' })),
  appDistributorEnabled: Type.Boolean(),
  features: Type.Array(Type.String(), { description: 'read-only: features enabled for the network' }),
  hasExternalMembers: Type.Boolean({ description: 'read-only' }),
  videoEnabled: Type.Boolean({ description: 'read-only: feature `video`' }),
  marketEnabled: Type.Boolean({ description: 'read-only: feature `market`' }),
  numImpreciseActiveMembersCount: Type.Integer({
    minimum: 0,
    description: 'read-only: active members, rounded down to two significant digits',
  }),
  speakapDomain: Type.String({ description: "read-only: the network's own host name" }),
  baseUrl: Type.String({ description: "read-only: the network's own web address" }),
  emailSettings: Type.Object(
    { senderName: Type.String(), senderAddress: Type.String() },
    { description: 'read-only: how e-mail from the network is sent' },
  ),
  _user: Type.Optional(
    Type.Object(
      {
        member: Type.Boolean(),
        role: Type.String(),
        numScheduledItems: Type.Integer({ minimum: 0 }),
        accessPreconditions: Type.Array(Type.String()),
      },
      { description: 'the calling user in this network (absent for app tokens)' },
    ),
  ),
  created: Timestamp,
  lastModified: Timestamp,
  // Directory: network operations.
  ...networkWriteContextReadFields,
};
export const NetworkResource = halResource('network', NetworkFields, 'A network (tenant).');
export type Network = Static<typeof NetworkResource>;

export const Birthday = Type.Object(
  {
    day: Type.Integer({ minimum: 1, maximum: 31 }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    year: Nullable(Type.Integer({ minimum: 1900, maximum: 2100 })),
  },
  { additionalProperties: false },
);

export const ProfileFields = {
  EID: Eid,
  XID: Type.Union([Type.String(), Type.Null()]),
  fullName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  jobTitle: Type.String(),
  primaryEmail: Nullable(
    Type.String({ description: 'null for an account without e-mail, or when hidden by its privacy setting' }),
  ),
  language: Type.String(),
  role: Type.String({ description: '`admin` for every network-admin variant (from 1.4.8)' }),
  userState: Type.String({ description: '`active`, `pending` (invited), `suspended` or `deleted`' }),
  isBot: Type.Boolean({ description: 'read-only' }),
  extrnal: Type.Boolean({ description: 'read-only external flag, named as in the interface' }),
  autoTranslation: Type.Boolean(),
  aboutMe: Type.String(),
  workStatus: Nullable(Type.String({ description: 'null once `workStatusValidUntil` has passed' })),
  workStatusValidUntil: Nullable(Timestamp),
  employmentStartDate: Nullable(Type.String({ format: 'date' })),
  birthday: Nullable(Birthday),
  birthdayPrivacy: Type.Optional(BirthdayPrivacy),
  primaryEmailPrivacy: Type.Optional(Nullable(EmailPrivacy)),
  chatEnabled: Type.Optional(Type.Boolean()),
  tourCompleted: Type.Optional(Type.Boolean()),
  network: Ref('network'),
  created: Timestamp,
  lastModified: Timestamp,
  // Directory: branding.
  defaultAvatarUrl: Type.String({
    description: 'read-only: path of the default avatar (SVG initials), shown while no avatar is set',
  }),
};
export const ProfileResource = halResource('user', ProfileFields, "A user's profile in one network.");
export const ProfileCollection = halCollection('users', ProfileResource, 'Profiles of a network, one page.');

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
  workStatusValidUntil: Nullable(RequestTimestamp),
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
