/**
 * Internal subjects every area leans on (auth's answers about tokens, profiles, groups and
 * networks), with their schemas. The whole catalogue: internal-subjects.ts at the top of src/.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { PlainResource } from './envelope.js';
import { defineInternalSubject, ReadonlyArrayOf, type InternalSubject } from './internal-subject.js';
import { describedEid, Eid, Nullable } from './schemas.js';

/** Most EIDs one batch names (auth's batches read them with one indexed lookup). */
export const BATCH_MAX_EIDS = 1000;

/** The body of a batch by EID. */
export const EidsBatchRequest = Type.Object({
  EIDs: ReadonlyArrayOf(Type.String(), { maxItems: BATCH_MAX_EIDS }),
});
export type EidsBatchRequest = Static<typeof EidsBatchRequest>;

/** A plain resource as services return it (the gateway adds links and embeds). */
export const PlainResourceSchema = Type.Unsafe<PlainResource>(
  Type.Object({ type: Type.String(), EID: Type.Optional(Eid) }, { additionalProperties: true }),
);

/** A resource of a batch reply: a plain resource (the gateway adds links and embeds) with its EID. */
export type BatchItem = PlainResource & { readonly EID: string };

/** The schema of a batch reply's items, with the fields its callers read. */
function batchItemSchema<F extends Record<string, TSchema>>(fields: F) {
  return Type.Unsafe<BatchItem & Partial<Static<ReturnType<typeof Type.Object<F>>>>>(
    Type.Object({ type: Type.String(), EID: Eid, ...fields }, { additionalProperties: true }),
  );
}

/** The resources of a batch reply: those with an EID (a presented resource always has one). */
export function batchItems(resources: readonly PlainResource[]): BatchItem[] {
  return resources.filter((resource): resource is BatchItem => typeof resource.EID === 'string');
}

/**
 * A network the token's account belongs to, with its role and permissions there; for an app
 * (client-credentials) token, a network the app is installed in, without a profile.
 */
export const MembershipSchema = Type.Object({
  networkEID: Type.String(),
  profileEID: Type.Optional(Type.String()),
  role: Type.String(),
  external: Type.Boolean(),
  permissions: ReadonlyArrayOf(Type.String()),
});
export type Membership = Static<typeof MembershipSchema>;

/** The reply of the token lookup (`internalSubjects.tokenLookup`): what a valid access token stands for. */
export const TokenPrincipalSchema = Type.Object({
  accountId: Nullable(Type.String()),
  clientId: Type.String(),
  expiresAt: Nullable(Type.String()),
  memberships: Type.Array(MembershipSchema),
  /**
   * The OAuth scopes the token was granted (code flow: `profile.basic.read`); absent for tokens
   * without a scope (first-party password grants, app tokens), which scopes do not restrict.
   */
  scopes: Type.Optional(Type.Array(Type.String())),
  /** Directory: a code-flow token's one network. */
  networkEID: Type.Optional(Type.String()),
});
export type TokenPrincipal = Static<typeof TokenPrincipalSchema>;

/** One group of a `groupAccess` answer: only groups the caller may see are listed. */
export const GroupAccessSchema = Type.Object({
  EID: Type.String(),
  hidden: Type.Boolean(),
  membersMayPost: Type.Boolean(),
  /** An active member of the group. */
  member: Type.Boolean(),
  /** The caller's group permissions (`post_message`, `view_group_timeline`…). */
  permissions: Type.Array(Type.String()),
});
export type GroupAccess = Static<typeof GroupAccessSchema>;

/** The answer of `groupAccess`. */
export const CallerGroupAccessSchema = Type.Object({
  networkAdmin: Type.Boolean(),
  groups: Type.Array(GroupAccessSchema),
  /**
   * Messaging, app posting: set when the caller is an app (client-credentials token) installed in
   * the network, with its application permissions there as stored now. Such a caller sees every
   * group with `post_to_any_group` (hidden ones too, with `post_message`), else visible ones
   * without permissions.
   */
  app: Type.Optional(Type.Object({ EID: Type.String(), permissions: Type.Array(Type.String()) })),
});
export type CallerGroupAccess = Static<typeof CallerGroupAccessSchema>;

/** One answer of `postableTypes`: the message types the caller may post on that profile. */
export const PostableTypesItemSchema = Type.Object({ EID: Type.String(), types: Type.Array(Type.String()) });
export type PostableTypesItem = Static<typeof PostableTypesItemSchema>;

/** Tasks. The body of `profileNamePage`. */
export const ProfileNamePageRequestSchema = Type.Object({
  EIDs: Type.Array(Eid, { maxItems: BATCH_MAX_EIDS }),
  q: Nullable(Type.String()),
  limit: Type.Number({ minimum: 1 }),
  offset: Type.Number({ minimum: 0 }),
});
export type ProfileNamePageRequest = Static<typeof ProfileNamePageRequestSchema>;

/** Tasks. The answer of `profileNamePage`: `total` counts every match. */
export const ProfileNamePageSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(Type.Object({ EID: Type.String() }, { additionalProperties: true })),
});
export type ProfileNamePage = Static<typeof ProfileNamePageSchema>;

/**
 * Most groups a `streamAudience` answer lists. A stream's routing table holds one entry per group, so
 * a person in more groups gets the first ones by EID and `truncated`.
 */
export const STREAM_AUDIENCE_MAX_GROUPS = 5000;

/** The body of `streamAudience`: the person whose stream opens, in `ctx.networkEID`. */
export const StreamAudienceRequestSchema = Type.Object({
  profileEID: describedEid('The person whose stream opens, a profile of `ctx.networkEID`'),
});
export type StreamAudienceRequest = Static<typeof StreamAudienceRequestSchema>;

/** One group of a `streamAudience` answer: the person is an active member of it. */
export const StreamAudienceGroupSchema = Type.Object({
  EID: describedEid('The group'),
  admin: Type.Boolean({ description: 'The person administers the group (group role `admin`)' }),
});
export type StreamAudienceGroup = Static<typeof StreamAudienceGroupSchema>;

/** The answer of `streamAudience`: what decides which events a person's live stream carries. */
export const StreamAudienceSchema = Type.Object({
  admin: Type.Boolean({
    description: 'A network administrator (any administrator role variant): sees `admins` events',
  }),
  external: Type.Boolean({ description: 'An external (guest) member of the network' }),
  groups: ReadonlyArrayOf(StreamAudienceGroupSchema, {
    maxItems: STREAM_AUDIENCE_MAX_GROUPS,
    description:
      'Every group the person is an active member of, hidden ones too (not invitations or membership requests), by EID ascending, at most `STREAM_AUDIENCE_MAX_GROUPS`',
  }),
  truncated: Type.Boolean({
    description: 'More groups than `STREAM_AUDIENCE_MAX_GROUPS`: `groups` holds the first ones by EID',
  }),
  showPresence: Type.Boolean({
    description:
      'Whether the person lets others see their presence (their setting; default true): the presence their streams imply reaches the network only then',
  }),
});
export type StreamAudience = Static<typeof StreamAudienceSchema>;

export const coreInternalSubjects = {
  tokenLookup: defineInternalSubject({
    service: 'auth',
    resource: 'token',
    action: 'lookup',
    description:
      'Gateway → auth: resolve an access token to its principal and memberships (null: not valid).',
    request: Type.Object({ token: Type.String() }),
    reply: Nullable(TokenPrincipalSchema),
  }),
  profilesBatch: defineInternalSubject({
    service: 'auth',
    resource: 'profile',
    action: 'batch',
    description: "Any → auth: profiles of the request's network by EID, in one batch (for `embed=`).",
    request: EidsBatchRequest,
    reply: Type.Array(batchItemSchema({ userState: Type.Optional(Type.String()) })),
  }),
  groupsBatch: defineInternalSubject({
    service: 'auth',
    resource: 'group',
    action: 'batch',
    description:
      "Any → auth: groups of the request's network by EID, in one batch, only those the caller may see, each with the caller's `_user` (for `embed=`).",
    request: EidsBatchRequest,
    reply: Type.Array(batchItemSchema({ name: Type.Optional(Type.String()) })),
  }),
  networksBatch: defineInternalSubject({
    service: 'auth',
    resource: 'network',
    action: 'batch',
    description: "Any → auth: networks by EID, in one batch, limited to the caller's (for `embed=`).",
    request: EidsBatchRequest,
    reply: Type.Array(batchItemSchema({ subdomain: Type.Optional(Type.String()) })),
  }),
  groupAccess: defineInternalSubject({
    service: 'auth',
    resource: 'group',
    action: 'access',
    description:
      'Messaging → auth: where the caller stands in the groups `EIDs`, read from auth’s store at the time of the request. A caller who is not an active member of the network is 404.',
    request: EidsBatchRequest,
    reply: CallerGroupAccessSchema,
  }),
  postableTypes: defineInternalSubject({
    service: 'auth',
    resource: 'profile',
    action: 'postableTypes',
    description:
      "Messaging → auth: what the caller may post on each profile of `EIDs` in `ctx.networkEID` (auth's postable-types rules), other networks' profiles left out.",
    request: EidsBatchRequest,
    reply: Type.Array(PostableTypesItemSchema),
  }),
  profileNamePage: defineInternalSubject({
    service: 'auth',
    resource: 'profile',
    action: 'namePage',
    description:
      'Messaging → auth (tasks): one page of the profiles `EIDs` of `ctx.networkEID` whose names start with the words of `q`, sorted by `fullName` ascending then EID; items as `embed` presents users.',
    request: ProfileNamePageRequestSchema,
    reply: ProfileNamePageSchema,
  }),
  streamAudience: defineInternalSubject({
    service: 'auth',
    resource: 'profile',
    action: 'streamAudience',
    description:
      'Gateway → auth (live stream): the standing of `profileEID` in `ctx.networkEID` when its stream opens: network administrator, external, and the groups it is an active member of (hidden ones too; not invitations or requests), each with whether it administers them; at most `STREAM_AUDIENCE_MAX_GROUPS` (5,000) groups, the first by EID, with `truncated`. Not an active member of the network: 404.',
    request: StreamAudienceRequestSchema,
    reply: StreamAudienceSchema,
  }),
} as const;

/**
 * Where the gateway fetches embeddable resources of each type: one request per owner and type,
 * body `{ EIDs: string[] }`, reply the resources found (never one request per item).
 */
export const embedSources: Readonly<Record<string, InternalSubject<EidsBatchRequest, BatchItem[]>>> = {
  user: coreInternalSubjects.profilesBatch.subject,
  group: coreInternalSubjects.groupsBatch.subject,
  network: coreInternalSubjects.networksBatch.subject,
};
