/**
 * Resources and request schemas of the OAuth 2.0 authorization server: the token endpoint (RFC 6749),
 * the authorization page, revocation (RFC 7009), introspection (RFC 7662) and metadata (RFC 8414).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../core/text-hygiene.js';

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
    // Judged by auth (not by a pattern here), so a malformed id is the same clear page as an unknown one.
    idp: formField(
      "id of one of the network's identity providers (`sso.identityProviders`): with a valid client the page redirects at once to that provider's configured `loginUrl`; an id the network has not configured (or sso disabled, or no network) is a 400 page",
      100,
    ),
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
