/**
 * Routes of events and RSVP (spec: message permissions `rsvp`, `cancel`, `reinstate`,
 * "States and transitions", Event message and Canceled event). Each answers the event as it now
 * is. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import {
  MESSAGE,
  messageAction as action,
  messageRouteCommon as common,
  MessageParams,
} from '../messages/message-route-parts.js';
import { MessageResource } from '../messages/resources.js';
import { RsvpBody } from './resources.js';

export const eventsRoutes = [
  route({
    ...common,
    id: 'event.rsvp',
    method: 'POST',
    path: `${MESSAGE}/rsvp`,
    summary:
      'Answer an event (`yes`, `no`, `maybe`; again replaces the answer): needs the message permission `rsvp`',
    params: MessageParams,
    body: RsvpBody,
    reply: { status: 200, schema: MessageResource },
  }),
  action('event.cancel', 'cancel', 'Cancel an event (message permission `cancel`: its author)'),
  action('event.reinstate', 'reinstate', 'Reinstate a canceled event (message permission `reinstate`)'),
] as const satisfies readonly RouteDefinition[];
