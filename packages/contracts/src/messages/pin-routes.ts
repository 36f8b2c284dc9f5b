/**
 * Pins: a timeline's administrators pin messages to its top (the `pin`/`unpin` actions); each
 * timeline links its pinned messages, most recent pin first. Rules where the spec is silent:
 * docs/decisions.md, "Messaging: pins".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, strictObject } from '../core/schemas.js';
import { messageAction as action, messageRouteCommon as common } from './message-route-parts.js';
import { MessageCollection } from './resources.js';

/** Pinned messages one timeline holds; pinning one more is refused (409) until one is unpinned. */
export const PINS_PER_TIMELINE_MAX = 10;

export const pinRoutes = [
  action(
    'message.pin',
    'pin',
    `Pin a message to the top of its timeline (idempotent): network administrators on the network timeline, holders of the group permission \`edit_group\` (its administrators, network administrators) on a group's; a published message on a timeline only (409 otherwise); at most ${PINS_PER_TIMELINE_MAX} per timeline (409)`,
    { idempotent: true },
  ),
  action('message.unpin', 'unpin', 'Unpin a message (idempotent; whoever may pin it)', { idempotent: true }),
  route({
    ...common,
    id: 'timeline.networkPinned',
    method: 'GET',
    path: '/networks/{networkEID}/timeline/pinned/',
    summary: `The network timeline's pinned messages, most recent pin first (at most ${PINS_PER_TIMELINE_MAX}); the timeline links them as \`pinned\``,
    params: NetworkParams,
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'timeline.groupPinned',
    method: 'GET',
    path: '/networks/{networkEID}/groups/{groupEID}/timeline/pinned/',
    summary: `A group timeline's pinned messages, most recent pin first (at most ${PINS_PER_TIMELINE_MAX}; needs \`view_group_timeline\`); the timeline links them as \`pinned\``,
    params: strictObject({ networkEID: Eid, groupEID: Eid }),
    reply: { status: 200, schema: MessageCollection },
  }),
] as const satisfies readonly RouteDefinition[];
