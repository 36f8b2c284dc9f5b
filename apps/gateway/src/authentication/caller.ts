/**
 * Who is calling, resolved once per request: the rate limiter needs it before routing, routing
 * needs it to scope the request, and the token lookup (a NATS round trip on a cache miss) must not
 * run twice. The first caller starts the lookup; every later one shares its promise and its error.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestContext, TokenPrincipal } from '@ncs/contracts';
import { extractToken, type TokenAuthenticator } from './token-authenticator.js';

const resolved = new WeakMap<FastifyRequest, Promise<TokenPrincipal>>();

export function callerPrincipal(
  request: FastifyRequest,
  authenticator: TokenAuthenticator,
  ctx: RequestContext,
): Promise<TokenPrincipal> {
  let principal = resolved.get(request);
  if (!principal) {
    const queryToken = (request.query as { access_token?: unknown } | undefined)?.access_token;
    principal = (async () =>
      authenticator.authenticate(extractToken(request.headers.authorization, queryToken), ctx))();
    resolved.set(request, principal);
  }
  return principal;
}

/** Whether the request carries any access token at all (no lookup is worth starting otherwise). */
export function presentsToken(request: FastifyRequest): boolean {
  const queryToken = (request.query as { access_token?: unknown } | undefined)?.access_token;
  return request.headers.authorization !== undefined || queryToken !== undefined;
}
