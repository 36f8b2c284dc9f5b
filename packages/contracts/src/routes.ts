/**
 * The route table: the one source of truth for the gateway's routing and validation, the services'
 * handler registration, the OpenAPI document and the conformance tests (ARCHITECTURE §4).
 */
import { Type } from '@sinclair/typebox';
import type { ServiceName } from './envelope.js';
import {
  AccessTokenResponse,
  AggregateResource,
  Eid,
  TokenRequestBody,
  WhoamiResource,
} from './resources.js';
import { route, type RouteDefinition } from './route-definition.js';
import { appsRoutes } from './routes-apps.js';
import { directoryRoutes } from './routes-directory.js';
import { groupsRoutes } from './routes-groups.js';
import { kbRoutes } from './routes-kb.js';
import { oauthRoutes } from './routes-oauth.js';
import { settingsRoutes } from './routes-settings.js';

const NetworkParams = Type.Object({ networkEID: Eid }, { additionalProperties: false });

const routeTable = [
  route({
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
  }),
  route({
    id: 'aggregate.get',
    method: 'GET',
    path: '/networks/{networkEID}/aggregate/',
    service: 'auth',
    summary: "Entry point of a network: the caller's relations (embeds the network before v1.0.18)",
    tag: 'Network and sessions',
    scope: 'network',
    format: 'hal',
    params: NetworkParams,
    reply: { status: 200, schema: AggregateResource },
  }),
  route({
    id: 'whoami.get',
    method: 'GET',
    path: '/whoami/',
    service: 'auth',
    summary: 'The caller: identity and networks with `_user` counters',
    tag: 'Network and sessions',
    scope: 'account',
    format: 'hal',
    reply: { status: 200, schema: WhoamiResource },
  }),
  ...oauthRoutes,
  ...kbRoutes,
  ...directoryRoutes,
  ...groupsRoutes,
  ...settingsRoutes,
  ...appsRoutes,
] as const satisfies readonly RouteDefinition[];

/** The table as plain definitions, for code that walks every route. */
export const routes: readonly RouteDefinition[] = routeTable;

/** Any route of the table, with its literal types. */
export type AnyRoute = (typeof routeTable)[number];
/** The routes a service owns. */
export type RoutesOf<S extends ServiceName> = Extract<AnyRoute, { readonly service: S }>;
/** The ids of the routes a service owns: the keys of its handler map. */
export type RouteIdOf<S extends ServiceName> = RoutesOf<S>['id'];

export function findRoute(id: string): RouteDefinition {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id} in the route table`);
  return found;
}

export function routesOf<S extends ServiceName>(service: S): readonly RoutesOf<S>[] {
  return routeTable.filter((r): r is RoutesOf<S> => r.service === service);
}
