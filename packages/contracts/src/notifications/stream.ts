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
import { Eid, NetworkParams } from '../core/schemas.js';
import type { Alert } from './resources.js';

/** Streams one person may hold open at once, over every gateway instance, unless the gateway's `STREAM_MAX_PER_PERSON` says otherwise. */
export const STREAM_MAX_PER_PERSON = 5;

/** Alerts one read of `internalSubjects.streamAlerts` names at most. */
export const STREAM_PAGE_MAX = 100;

/**
 * Events of the network's log a resume replays at most; a client further behind is sent `reset`
 * (refetch what it shows) and goes on live.
 */
export const STREAM_REPLAY_MAX = 10_000;

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
      pattern: '^(?:[0-9]{1,16}|[0-9a-f]{24})$',
      description:
        'The `Last-Event-ID` header for clients that cannot set it; the header wins. An id the log cannot place (older than its retention, or of the former 24-hex form) gets a `reset` event',
    }),
  ),
});

/** One event of the stream, as Server-Sent Events parse it (what an OpenAPI SSE response describes). */
export const StreamEventSchema = Type.Object(
  {
    event: Type.String({
      description:
        "`counters` (first, and whenever they change); `alert`; a content event named by its domain event type (`messaging.message.created`…, listed in docs/events.md, 'The live stream'); `typing` and `presence` (ephemeral: no id, never replayed); `reset` (a resume the log cannot replay: refetch what you show, the stream goes on live); `end` (then the stream closes)",
    }),
    data: Type.String({
      description:
        "JSON: the counters (`numUnreadAlertsCoalesced`, `numAdminAlerts`, `numNonActionRequiredAlertsCoalesced`, `numActionRequiredAlerts`); for `alert` `{ alert, counters }`, the alert as in the alert list; for a content event `{ type, occurredAt, actor?, data }`, `data` the event's references (each with `_links.self`) and changed fields; for `typing` `{ type, data: { user, conversation | message, expiresInMs } }`; for `presence` `{ type, changes: [{ user, status, source }] }`; for `reset` `{ reason }` (`expired`, `unknown_id`, `too_far_behind`, `unavailable`); for `end` `{ reason }` (`token_revoked`, `closed`)",
    }),
    id: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,16}$',
        description:
          "On every event of the log: its place in the network's event log, increasing, for `Last-Event-ID`",
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

/** The body of `internalSubjects.streamAlerts` (gateway → notifications): alerts its log events name. */
export const StreamAlertsRequestSchema = Type.Object({
  alertEIDs: Type.Array(Eid, { maxItems: STREAM_PAGE_MAX }),
});
export type StreamAlertsRequest = Static<typeof StreamAlertsRequestSchema>;

export interface StreamAlert {
  readonly EID: string;
  readonly alert: Alert | Record<string, unknown>;
}

/** The reply of `internalSubjects.streamAlerts`: the caller's alerts of those named that still exist, and the counters. */
export const StreamAlertsReplySchema = Type.Object({
  alerts: Type.Array(Type.Unsafe<StreamAlert>(Type.Object({ EID: Eid, alert: Type.Object({}) }))),
  counters: StreamCountersSchema,
});
export type StreamAlertsReply = Static<typeof StreamAlertsReplySchema>;

/** What `stream.open` answers the gateway: the caller's counters, the stream's first event. */
export const StreamOpenReplySchema = Type.Object({ counters: StreamCountersSchema });
export type StreamOpenReply = Static<typeof StreamOpenReplySchema>;
