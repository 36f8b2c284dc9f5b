/**
 * Who calls, and whether the token may call this route: every route but a public one needs a valid
 * access token (401 otherwise), and a token restricted by scope must be granted the route (403).
 */
import type { FastifyRequest } from 'fastify';
import {
  scopesGrantRoute,
  type RequestContext,
  type RouteDefinition,
  type TokenPrincipal,
} from '@ncs/contracts';
import { callerPrincipal } from '../authentication/caller.js';
import { InsufficientScopeError, type TokenAuthenticator } from '../authentication/token-authenticator.js';

/** The caller's token principal; none on a public route. */
export async function authenticate(
  route: RouteDefinition,
  request: FastifyRequest,
  authenticator: TokenAuthenticator,
  ctx: RequestContext,
): Promise<TokenPrincipal | undefined> {
  if (route.scope === 'public') return undefined;
  // Resolved once per request: the rate limiter may have looked the token up already.
  return callerPrincipal(request, authenticator, ctx);
}

export function authoriseScope(route: RouteDefinition, token: TokenPrincipal | undefined): void {
  // A network-less form of a route is granted by the scopes that grant the route.
  const routeId = route.networklessOf ?? route.id;
  if (token && !scopesGrantRoute(token.scopes, routeId))
    throw new InsufficientScopeError(token.scopes ?? [], routeId);
}
