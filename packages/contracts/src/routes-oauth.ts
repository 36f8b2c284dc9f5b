/**
 * Route table entries of the OAuth 2.0 authorization server beyond the token endpoint
 * (authorization page, revocation, introspection, metadata). Part of `routes`.
 */
import {
  AuthorizationForm,
  AuthorizationQuery,
  AuthorizationServerMetadata,
  EmptyOAuthReply,
  HtmlPageReply,
  IntrospectionResponse,
  TokenManagementBody,
} from './resources.js';
import { route, type RouteDefinition } from './route-definition.js';

export const oauthRoutes: readonly RouteDefinition[] = [
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
];
