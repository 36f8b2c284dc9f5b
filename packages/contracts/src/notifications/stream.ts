/**
 * Notifications: the live stream. `GET /networks/{networkEID}/stream` is Server-Sent
 * Events through the gateway (`format: 'stream'`): the caller's new alerts and counter changes as
 * they happen, heartbeats, and a resume from `Last-Event-ID`. Notifications publishes a notice on
 * the recipient's core NATS subject (`liveAlertsSubject`) right after each alert write or markread;
 * every gateway instance subscribes only for its open streams and reads what changed with one
 * bounded request (`internalSubjects.streamEvents`). Errors -418 … -429. Decisions: docs/decisions.md,
 * "Notifications: the live stream and the fault test".
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDefinition } from '../core/errors.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, Nullable } from '../core/schemas.js';
import type { Alert } from './resources.js';

/** Streams one person may hold open at once, over every gateway instance. */
export const STREAM_MAX_PER_PERSON = 5;

/** Events one read of `internalSubjects.streamEvents` answers at most (a resume replays at most this many). */
export const STREAM_PAGE_MAX = 100;

/** Most seconds a client may ask the stream to last (`closeAfter`). */
export const STREAM_CLOSE_AFTER_MAX = 3600;

export const StreamQuery = Type.Object({
  closeAfter: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: STREAM_CLOSE_AFTER_MAX,
      description:
        'Seconds after which the server ends the stream (a client reconnects with `Last-Event-ID`); absent: until the client leaves or the token is revoked',
    }),
  ),
  lastEventId: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{24}$',
      description: 'The `Last-Event-ID` header for clients that cannot set it; the header wins',
    }),
  ),
});

/** One event of the stream, as Server-Sent Events parse it (what an OpenAPI SSE response describes). */
export const StreamEventSchema = Type.Object(
  {
    event: Type.Union(
      ['counters', 'alert', 'overflow', 'end'].map((name) => Type.Literal(name)),
      {
        description:
          '`counters` (first, and whenever they change); `alert`; `overflow` (a resume missed more than one page: reload the alert list); `end` (then the stream closes)',
      },
    ),
    data: Type.String({
      description:
        'JSON: the counters (`numUnreadAlertsCoalesced`, `numAdminAlerts`, `numNonActionRequiredAlertsCoalesced`, `numActionRequiredAlerts`); for `alert` `{ alert, counters }`, the alert as in the alert list; for `end` `{ reason }` (`token_revoked`, `closed`)',
    }),
    id: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{24}$',
        description: 'On `alert`: monotonic per recipient, for `Last-Event-ID`',
      }),
    ),
    retry: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { description: 'text/event-stream; comment lines are heartbeats.' },
);

export const streamRoutes = [
  route({
    id: 'stream.open',
    service: 'notifications',
    tag: 'Alerts',
    scope: 'network',
    format: 'stream',
    method: 'GET',
    path: '/networks/{networkEID}/stream',
    summary:
      "The caller's live stream (Server-Sent Events, `text/event-stream` in every API version): new alerts and counter changes, heartbeats, resume with `Last-Event-ID`",
    params: NetworkParams,
    query: StreamQuery,
    reply: { status: 200, schema: StreamEventSchema },
  }),
] as const satisfies readonly RouteDefinition[];

export const streamErrors = {
  NOTIFICATIONS_ERR_STREAM_LIMIT: {
    status: 429,
    code: -418,
    title: 'Too Many Requests',
    message: `You have ${STREAM_MAX_PER_PERSON} live streams open, the most one person may hold; close one first.`,
  },
  NOTIFICATIONS_ERR_STREAM_FOR_USERS: {
    status: 403,
    code: -419,
    title: 'Forbidden',
    message: 'The live stream carries alerts, which belong to users; an app has none.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Core NATS subject of one recipient's notices (no payload of interest: "something changed"). */
export function liveAlertsSubject(networkEID: string, profileEID: string): string {
  return `live.notifications.${networkEID}.${profileEID}`;
}

/** The alert counters an `event: counters` carries. */
export const StreamCountersSchema = Type.Object({
  numUnreadAlertsCoalesced: Type.Integer({ minimum: 0 }),
  numAdminAlerts: Type.Integer({ minimum: 0 }),
  numNonActionRequiredAlertsCoalesced: Type.Integer({ minimum: 0 }),
  numActionRequiredAlerts: Type.Integer({ minimum: 0 }),
});
export type StreamCounters = Static<typeof StreamCountersSchema>;

/** The body of `internalSubjects.streamEvents` (gateway → notifications). */
export const StreamEventsRequestSchema = Type.Object({ after: Type.Union([Eid, Type.Null()]) });
export type StreamEventsRequest = Static<typeof StreamEventsRequestSchema>;

export interface StreamAlertEvent {
  readonly id: string;
  readonly alert: Alert | Record<string, unknown>;
}

/** The reply of `internalSubjects.streamEvents` and of `stream.open`. */
export const StreamEventsReplySchema = Type.Object({
  events: Type.Array(
    Type.Unsafe<StreamAlertEvent>(Type.Object({ id: Type.String(), alert: Type.Object({}) })),
  ),
  /** More events follow `events` than one page holds. */
  more: Type.Boolean(),
  /** The newest event id of the caller (the resume point of a stream opened without one). */
  newestId: Nullable(Type.String()),
  counters: StreamCountersSchema,
});
export type StreamEventsReply = Static<typeof StreamEventsReplySchema>;
