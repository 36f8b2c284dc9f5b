/**
 * Resource schemas (TypeBox, i.e. JSON Schema) for what services return and clients send.
 * Types are derived from these schemas, never written twice.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Name, Text } from './text-hygiene.js';

export const EID_PATTERN = '^[0-9a-f]{24}$';
export const Eid = Type.String({ pattern: EID_PATTERN, description: '24-hex-character identifier' });
const EID_REGEXP = new RegExp(EID_PATTERN);
/** Whether a value is an EID (what `Eid` validates): checked before it reaches a query as an `_id`. */
export function isEid(value: unknown): value is string {
  return typeof value === 'string' && EID_REGEXP.test(value);
}
/** ISO 8601 date-time with a `+hh:mm` offset. */
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 with a +hh:mm offset' });

export const Ref = (type?: string) =>
  Type.Object(
    { type: type ? Type.Literal(type) : Text({ minLength: 1, maxLength: 100 }), EID: Eid },
    { additionalProperties: false },
  );
export type ResourceRefSchema = Static<ReturnType<typeof Ref>>;

const Links = Type.Optional(
  Type.Record(Type.String(), Type.Object({ href: Type.String() }), { description: 'HAL relations' }),
);
const Embedded = Type.Optional(Type.Record(Type.String(), Type.Unknown()));

/** A HAL resource: the given fields plus `_links` and optional `_embedded`. */
export function halResource<T extends Record<string, TSchema>>(type: string, fields: T, description: string) {
  return Type.Object(
    { type: Type.Literal(type), ...fields, _links: Links, _embedded: Embedded },
    { description, $id: `resource.${type}` },
  );
}

/** A page of a collection: read-only `total`, `next`/`prev` links, the items under `_embedded[rel]`. */
export function halCollection(rel: string, item: TSchema, description: string) {
  return Type.Object(
    {
      type: Type.Literal('collection'),
      total: Type.Integer({ minimum: 0, description: 'read-only: number of items in the whole collection' }),
      limit: Type.Integer({ minimum: 1 }),
      offset: Type.Integer({ minimum: 0 }),
      _links: Links,
      _embedded: Type.Object({ [rel]: Type.Array(item) }),
    },
    { description },
  );
}

export const Subscription = Type.Object({ type: Type.String(), since: Timestamp });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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
};

export const NetworkFields = {
  EID: Eid,
  name: Type.String(),
  subdomain: Type.String(),
  description: Type.String(),
  emblemThumbnailUrl: Type.Union([Type.String(), Type.Null()]),
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
  lastModified: Timestamp,
};
export const ProfileResource = halResource('user', ProfileFields, "A user's profile in one network.");
export const ProfileCollection = halCollection('users', ProfileResource, 'Profiles of a network, one page.');

/** No properties at all since v1.0.18, not even `type` (see `bareResourceTypes`): only `_links`. */
export const AggregateResource = Type.Object(
  { _links: Links, _embedded: Embedded },
  {
    description:
      'Empty resource with the entry-point relations of a network (v1.0.18 on); earlier versions embed the network.',
    $id: 'resource.aggregate',
  },
);

export const WhoamiNetwork = Type.Object({
  type: Type.Literal('network'),
  EID: Eid,
  name: Type.String(),
  subdomain: Type.String(),
  _user: Type.Object({
    profile: Ref('user'),
    role: Type.String(),
    numNonActionRequiredAlertsCoalesced: Type.Integer(),
    numActionRequiredAlerts: Type.Integer(),
  }),
});
export const WhoamiResource = halResource(
  'whoami',
  {
    EID: Eid,
    email: Type.Union([Type.String(), Type.Null()], { description: 'null for an account without e-mail' }),
    fullName: Type.String(),
    networks: Type.Array(WhoamiNetwork),
  },
  'The caller: account identity and the networks it belongs to, each with `_user` counters.',
);

/** RFC 6749 §5.1 access token response. */
export const AccessTokenResponse = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Optional(Type.Integer()),
    refresh_token: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
  },
  { $id: 'oauth.token', description: 'RFC 6749 §5.1 access token response' },
);
export type AccessToken = Static<typeof AccessTokenResponse>;

/** RFC 6749 §5.2 error response. */
export const OAuthErrorResponse = Type.Object(
  {
    error: Type.Union(
      [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unauthorized_client',
        'unsupported_grant_type',
        'invalid_scope',
      ].map((v) => Type.Literal(v)),
    ),
    error_description: Type.Optional(Type.String()),
  },
  { $id: 'oauth.error' },
);

/** Token endpoint form body; which fields are required depends on `grant_type` (checked by auth). */
export const TokenRequestBody = Type.Object(
  {
    grant_type: Text({ minLength: 1 }),
    // Empty client credentials are a client-authentication failure (401 `invalid_client`), not a
    // malformed request: no minLength here.
    client_id: Type.Optional(Text()),
    client_secret: Type.Optional(Text()),
    username: Type.Optional(Text({ minLength: 1 })),
    password: Type.Optional(Text({ minLength: 1 })),
    refresh_token: Type.Optional(Text({ minLength: 1 })),
    code: Type.Optional(Text({ minLength: 1 })),
    redirect_uri: Type.Optional(Text({ minLength: 1 })),
    code_verifier: Type.Optional(Text({ minLength: 1 })),
    scope: Type.Optional(Text({ minLength: 1 })),
  },
  { additionalProperties: true },
);

const formField = (description?: string, maxLength = 2048) =>
  Type.Optional(Text({ maxLength, ...(description ? { description } : {}) }));

/**
 * `GET /auth` query (RFC 6749 §4.1.1, RFC 7636); what is missing or wrong is judged by auth. The
 * bounds keep the whole request line well inside the 16 KiB the HTTP parser accepts.
 */
export const AuthorizationQuery = Type.Object(
  {
    client_id: formField("the app's EID", 200),
    redirect_uri: formField('exactly as listed in the app manifest', 2048),
    scope: formField('`profile.basic.read`', 500),
    state: formField('returned unchanged', 1024),
    response_type: formField('`code` (the default)', 50),
    network: formField('subdomain or EID of the network (else the host subdomain)', 100),
    code_challenge: formField('PKCE (RFC 7636)', 128),
    code_challenge_method: formField('`S256`', 20),
  },
  { additionalProperties: true },
);

/** The form posted by the authorization page. */
export const AuthorizationForm = Type.Object(
  {
    form_token: Text({ minLength: 1, maxLength: 200 }),
    action: Type.Union([Type.Literal('login'), Type.Literal('accept'), Type.Literal('decline')]),
    email: Type.Optional(Text({ maxLength: 320 })),
    password: Type.Optional(Text({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

/** What auth returns for a page route; the gateway sends HTML or a redirect. */
export const HtmlPageReply = Type.Object(
  {
    html: Type.Optional(Type.String()),
    redirect: Type.Optional(Type.String()),
    /** Where the page's form may lead (CSP `form-action`), e.g. the client's redirect URI. */
    formTargets: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'html.page', description: 'An HTML page (text/html) or a redirect' },
);

/** RFC 7009 revocation and RFC 7662 introspection requests (form body). */
export const TokenManagementBody = Type.Object(
  {
    token: Text({ minLength: 1 }),
    token_type_hint: Type.Optional(Text({ minLength: 1 })),
    // Empty client credentials are a client-authentication failure (401 `invalid_client`), not a
    // malformed request: no minLength here.
    client_id: Type.Optional(Text()),
    client_secret: Type.Optional(Text()),
  },
  { additionalProperties: true },
);

export const EmptyOAuthReply = Type.Object({}, { $id: 'oauth.empty', description: 'RFC 7009: 200, empty' });

/** RFC 7662 §2.2 introspection response; only `active` when the token is not active. */
export const IntrospectionResponse = Type.Object(
  {
    active: Type.Boolean(),
    client_id: Type.Optional(Type.String()),
    token_type: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    sub: Type.Optional(Type.String({ description: 'account id, or the client id for an app token' })),
    exp: Type.Optional(Type.Integer()),
    iat: Type.Optional(Type.Integer()),
    network_eid: Type.Optional(Type.String()),
  },
  { $id: 'oauth.introspection', description: 'RFC 7662 introspection response' },
);
export type Introspection = Static<typeof IntrospectionResponse>;

/** RFC 8414 authorization server metadata. */
export const AuthorizationServerMetadata = Type.Object(
  {
    issuer: Type.String(),
    authorization_endpoint: Type.String(),
    token_endpoint: Type.String(),
    revocation_endpoint: Type.String(),
    introspection_endpoint: Type.String(),
    response_types_supported: Type.Array(Type.String()),
    grant_types_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    code_challenge_methods_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
    introspection_endpoint_auth_methods_supported: Type.Array(Type.String()),
  },
  { $id: 'oauth.metadata', description: 'RFC 8414 authorization server metadata' },
);

/** RFC 9457 problem details, as every JSON error is answered. */
export const ProblemResponse = Type.Object(
  {
    type: Type.String({
      description:
        'URL of the page the gateway serves about this error: `<base>/docs/problems/<kebab-case name>` (HTML, or JSON when asked)',
    }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.Optional(Type.String({ description: 'the request path, without the query' })),
    code: Type.Integer({ description: 'platform error code from the catalogue' }),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), message: Type.String() }))),
  },
  { $id: 'problem' },
);

/** ISO 8601 with a numeric `+00:00` offset (the spec wants a colon-separated offset, not `Z`). */
export function toTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
