/**
 * Routes of news and scheduled items (issue #10): publishing a draft. Spread at the end of
 * `messagesRoutes` (routes.ts). Decisions: docs/decisions.md, "Messaging: news, duplication,
 * export, scheduled items".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { MessageResource } from './resources.js';

const common = { service: 'messaging', tag: 'Messages', scope: 'network', format: 'hal' } as const;
const MessageParams = strictObject({ networkEID: Eid, messageEID: Eid });

export const newsRoutes = [
  route({
    ...common,
    id: 'news.publish',
    method: 'POST',
    path: '/networks/{networkEID}/messages/{messageEID}/publish',
    summary: 'Publish a draft news item: it joins its timeline now (its author or a network administrator)',
    params: MessageParams,
    reply: { status: 200, schema: MessageResource },
  }),
] as const satisfies readonly RouteDefinition[];
