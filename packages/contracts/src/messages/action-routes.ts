/**
 * Message actions beyond like and lock (issue #10, concern "actions"): `read`. Rules where the spec
 * is silent: docs/decisions.md, "Messaging: actions, editing, removal, subscriptions, mentions, apps".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { MessageResource } from './resources.js';

const MessageParams = strictObject({ networkEID: Eid, messageEID: Eid });

export const messageActionRoutes = [
  route({
    service: 'messaging',
    tag: 'Messages',
    scope: 'network',
    format: 'hal',
    id: 'message.read',
    method: 'POST',
    path: '/networks/{networkEID}/messages/{messageEID}/read',
    summary: 'Mark a message read for the caller (idempotent); `numReaders` counts distinct readers',
    params: MessageParams,
    reply: { status: 200, schema: MessageResource },
  }),
] as const satisfies readonly RouteDefinition[];
