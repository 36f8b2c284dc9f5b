/**
 * Route table entries of the OAuth 2.0 authorization server: the token endpoint (first in the
 * table), then the authorization page, revocation, introspection and metadata (`oauthRoutes`).
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import {
  AccessTokenResponse,
  AuthorizationForm,
  AuthorizationQuery,
  AuthorizationServerMetadata,
  EmptyOAuthReply,
  HtmlPageReply,
  IntrospectionResponse,
  TokenManagementBody,
  TokenRequestBody,
} from './resources.js';

/** The token endpoint (RFC 6749 §3.2). */
export const oauthTokenRoute = route({
  id: 'oauth.token',
  method: 'POST',
  path: '/oauth/v2/token',
  service: 'auth',
  summary:
    'OAuth 2.0 token endpoint (authorization_code, password, refresh_token, client_credentials grants)',
  tag: 'Authentication',
  scope: 'public',
  format: 'oauth',
  bodyMediaType: 'application/x-www-form-urlencoded',
  body: TokenRequestBody,
  reply: { status: 200, schema: AccessTokenResponse },
  passwordSignIn: true,
});

export const oauthRoutes = [
  route({
    id: 'oauth.authorize',
    method: 'GET',
    path: '/auth',
    service: 'auth',
    summary: 'Authorization page (RFC 6749 §4.1): sign in, then accept or decline the app',
    tag: 'Authentication',
    scope: 'public',
    format: 'html',
    query: AuthorizationQuery,
    reply: { status: 200, schema: HtmlPageReply },
  }),
  route({
    id: 'oauth.consent',
    method: 'POST',
    path: '/auth',
    service: 'auth',
    summary: 'The form of the authorization page: sign in, accept or decline',
    tag: 'Authentication',
    scope: 'public',
    format: 'html',
    bodyMediaType: 'application/x-www-form-urlencoded',
    body: AuthorizationForm,
    reply: { status: 200, schema: HtmlPageReply },
    passwordSignIn: true,
  }),
  route({
    id: 'oauth.revoke',
    method: 'POST',
    path: '/oauth/v2/revoke',
    service: 'auth',
    summary: 'Token revocation (RFC 7009); client-authenticated',
    tag: 'Authentication',
    scope: 'public',
    format: 'oauth',
    bodyMediaType: 'application/x-www-form-urlencoded',
    body: TokenManagementBody,
    reply: { status: 200, schema: EmptyOAuthReply },
  }),
  route({
    id: 'oauth.introspect',
    method: 'POST',
    path: '/oauth/v2/introspect',
    service: 'auth',
    summary: 'Token introspection for resource servers (RFC 7662); client-authenticated',
    tag: 'Authentication',
    scope: 'public',
    format: 'oauth',
    bodyMediaType: 'application/x-www-form-urlencoded',
    body: TokenManagementBody,
    reply: { status: 200, schema: IntrospectionResponse },
    idempotent: true, // Scale-out: a read over POST, retried like a GET.
  }),
  route({
    id: 'oauth.metadata',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    service: 'auth',
    summary: 'Authorization server metadata (RFC 8414)',
    tag: 'Authentication',
    scope: 'public',
    format: 'oauth',
    reply: { status: 200, schema: AuthorizationServerMetadata },
  }),
] as const satisfies readonly RouteDefinition[];
