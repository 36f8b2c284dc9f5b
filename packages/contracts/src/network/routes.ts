/**
 * Route table entries of the network entry points: the aggregate of a network and the caller.
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams } from '../core/schemas.js';
import { AggregateResource, WhoamiResource } from './resources.js';

export const networkRoutes = [
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
] as const satisfies readonly RouteDefinition[];
