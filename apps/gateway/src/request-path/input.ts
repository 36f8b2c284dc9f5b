/**
 * What a request brings to validation: its path parameters, its query without the parameters the
 * gateway consumes itself, and its body (for an OAuth token request, the form with the client
 * credentials of HTTP Basic merged in).
 */
import type { FastifyRequest } from 'fastify';
import { bodyRequiresNothing, DomainError, type RouteDefinition } from '@ncs/contracts';

export interface RouteInput {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

/** Query parameters the gateway itself consumes; they never reach route schemas or services. */
const gatewayQueryParams = ['access_token'];

/** Copies: validation coerces and fills defaults in place. */
export function readInput(route: RouteDefinition, request: FastifyRequest): RouteInput {
  const query = { ...(request.query as Record<string, unknown>) };
  for (const name of gatewayQueryParams) delete query[name];
  return {
    params: { ...(request.params as Record<string, unknown>) },
    query,
    body: route.format === 'oauth' && route.method === 'POST' ? oauthBody(request) : bodyOf(route, request),
  };
}

/**
 * The JSON body; none at all is `{}` where the route's body requires no field (a deletion whose
 * `reason` is optional, an action whose options all have defaults), so that a client need not send
 * an empty object to leave everything out. Where a field is required, a missing body stays missing
 * and validation names what is required.
 */
function bodyOf(route: RouteDefinition, request: FastifyRequest): unknown {
  if (request.body !== undefined || route.body === undefined || route.format !== 'hal') return request.body;
  return bodyRequiresNothing(route.body) ? {} : undefined;
}

/** RFC 6749 §2.3.1: client credentials may come as HTTP Basic instead of form fields. */
function oauthBody(request: FastifyRequest): unknown {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new DomainError(
      'OAUTH_INVALID_REQUEST',
      'The token request must be application/x-www-form-urlencoded.',
    );
  }
  const body = { ...(request.body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value))
      throw new DomainError('OAUTH_INVALID_REQUEST', `${key} is given more than once.`);
  }
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw new DomainError('OAUTH_INVALID_CLIENT', 'Malformed Basic credentials.');
    if (body.client_secret !== undefined) {
      throw new DomainError('OAUTH_INVALID_REQUEST', 'Use one client authentication method, not two.');
    }
    body.client_id = decodeURIComponent(decoded.slice(0, separator));
    body.client_secret = decodeURIComponent(decoded.slice(separator + 1));
  }
  return body;
}
