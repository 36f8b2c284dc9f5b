/**
 * Route table entries of the OAuth 2.0 authorization server beyond the token endpoint
 * (authorization page, revocation, introspection, metadata). Part of `routes`.
 */
import type { RouteDefinition } from './route-definition.js';

export const oauthRoutes: readonly RouteDefinition[] = [];
