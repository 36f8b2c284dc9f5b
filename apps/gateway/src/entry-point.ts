/**
 * `GET /`, the API's entry point: a HAL resource whose links lead to everything a generic client
 * (Ketting, a HAL browser) needs to start from: the token endpoint, the documentation, the caller,
 * and a network by its EID. With a valid token it also lists the caller's networks and their
 * aggregates (names from `whoami`, which the owner answers). Public: no token is needed, but a
 * token that is sent must be valid (401 as on every route). Negotiated like every HAL resource.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, routes, type RouteDefinition, type TokenPrincipal } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { callerPrincipal, presentsToken } from './authentication/caller.js';
import type { TokenAuthenticator } from './authentication/token-authenticator.js';
import { authoriseScope } from './request-path/authenticate.js';
import { baseContext, NEGOTIATION_VARY, negotiateRequest } from './request-path/negotiate.js';
import { scopeToNetwork } from './request-path/scope.js';

export interface EntryPointDeps {
  readonly rpc: RpcClient;
  readonly authenticator: TokenAuthenticator;
  readonly vendor: string;
}

interface Link {
  readonly href: string;
  readonly templated?: true;
  readonly name?: string;
  readonly title?: string;
}

/** A network the caller is in, with its name where the caller may read it. */
interface CallerNetwork {
  readonly EID: string;
  readonly name?: string;
}

function routeById(id: string): RouteDefinition {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`route ${id} is missing from the route table`);
  return route;
}

const whoamiRoute = routeById('whoami.get');
const aggregateRoute = routeById('aggregate.get');
const networkRoute = routeById('network.get');

/** Relations every caller gets; the paths of table routes come from the table. */
function publicLinks(baseUrl: string): Record<string, Link> {
  return {
    self: { href: `${baseUrl}/` },
    token: { href: `${baseUrl}/oauth/v2/token` },
    authorize: { href: `${baseUrl}/auth` },
    docs: { href: `${baseUrl}/docs` },
    openapi: { href: `${baseUrl}/openapi.json` },
    whoami: { href: `${baseUrl}${whoamiRoute.path}` },
    network: { href: `${baseUrl}${networkRoute.path}`, templated: true },
  };
}

function networkLinks(baseUrl: string, path: string, networks: readonly CallerNetwork[]): Link[] {
  return networks.map(({ EID, name }) => ({
    href: `${baseUrl}${path.replace('{networkEID}', EID)}`,
    name: EID,
    ...(name === undefined ? {} : { title: name }),
  }));
}

/**
 * The caller's networks: `whoami` names them; a token whose scope does not grant `whoami` still
 * gets its memberships, without names.
 */
async function callerNetworks(
  request: FastifyRequest,
  token: TokenPrincipal,
  deps: EntryPointDeps,
  version: string,
): Promise<CallerNetwork[]> {
  const memberships = [...new Set(token.memberships.map((m) => m.networkEID))].map((EID) => ({ EID }));
  try {
    authoriseScope(whoamiRoute, token);
  } catch {
    return memberships;
  }
  const ctx = scopeToNetwork(whoamiRoute, baseContext(request, version), token, {
    params: {},
    query: {},
    body: undefined,
  });
  try {
    const whoami = await deps.rpc.request<{ networks: readonly { EID: string; name: string }[] }>(
      whoamiRoute.subject,
      { ctx, params: {}, query: {} },
    );
    return whoami.networks.map(({ EID, name }) => ({ EID, name }));
  } catch (error) {
    // An app without `list_networks` may not read `whoami`: its installations, without names.
    if (error instanceof DomainError && error.status === 403) return memberships;
    throw error;
  }
}

export function registerEntryPoint(app: FastifyInstance, deps: EntryPointDeps): void {
  app.get('/', { config: { routeId: 'entry-point' } }, async (request, reply) => {
    const negotiated = negotiateRequest(request, deps.vendor);
    const baseUrl = request.apiBaseUrl;
    const links: Record<string, Link | Link[]> = publicLinks(baseUrl);
    if (presentsToken(request)) {
      const ctx = baseContext(request, negotiated.version);
      const token = await callerPrincipal(request, deps.authenticator, ctx);
      const networks = await callerNetworks(request, token, deps, negotiated.version);
      links.networks = networkLinks(baseUrl, networkRoute.path, networks);
      links.aggregates = networkLinks(baseUrl, aggregateRoute.path, networks);
    }
    return reply
      .header('Vary', `${NEGOTIATION_VARY}, Authorization`)
      .header('Content-Type', negotiated.mediaType)
      .send(Buffer.from(JSON.stringify({ type: 'entry_point', _links: links })));
  });
}
