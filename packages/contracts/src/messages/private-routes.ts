/**
 * Private messages: the caller's private
 * messages, sent and received. Rules: docs/decisions.md, "Messaging: types, fields and app posting".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams } from '../core/schemas.js';
import { MessageCollection } from './resources.js';

export const privateMessageRoutes = [
  route({
    service: 'messaging',
    tag: 'Messages',
    scope: 'network',
    format: 'hal',
    id: 'privateMessage.list',
    method: 'GET',
    path: '/networks/{networkEID}/private-messages/',
    summary:
      'The caller’s private messages, sent and received, newest first (a private message is on no timeline)',
    params: NetworkParams,
    query: PaginationQuery,
    reply: { status: 200, schema: MessageCollection },
  }),
] as const satisfies readonly RouteDefinition[];
