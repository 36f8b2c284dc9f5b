/**
 * Ephemeral events of the live stream: typing and presence. They are not domain events: nothing
 * stores them, no log holds them, a resume does not replay them (a typing indicator of a minute ago
 * means nothing). Their producer publishes each on core NATS (`ephemeralSubject`), every gateway
 * instance subscribes and routes it by its audience exactly as it routes the log's events; on the
 * stream they carry no `id`, so they never move a client's resume point.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EventAudience } from '../core/audience.js';
import { Eid, strictObject } from '../core/schemas.js';
import { RefOf, UserRef } from './define.js';

export { TYPING_EXPIRES_MS, TYPING_MIN_INTERVAL_MS } from '../core/typing.js';

/** The core NATS subject of one network's ephemeral events. */
export function ephemeralSubject(networkEID: string): string {
  return `live.ephemeral.${networkEID}`;
}
/** Every network's (what a gateway subscribes to). */
export const EPHEMERAL_SUBJECTS = 'live.ephemeral.*';

export const presenceEventStatuses = ['online', 'away', 'offline'] as const;

/** `typing`: the person is writing in a conversation or a thread (a message's comments). */
export const TypingData = Type.Union([
  strictObject({ user: UserRef, conversation: RefOf('conversation'), expiresInMs: Type.Integer() }),
  strictObject({
    user: UserRef,
    message: strictObject({ type: Type.String({ minLength: 1 }), EID: Eid }),
    expiresInMs: Type.Integer(),
  }),
]);

/**
 * `presence`: the person's presence changed, set by them (`source: 'presence'`, the presence
 * resource) or derived from their live streams (`source: 'stream'`: `online` when the first opens,
 * `away` when the last closes).
 */
export const PresenceData = strictObject({
  user: UserRef,
  status: Type.Union(presenceEventStatuses.map((status) => Type.Literal(status))),
  source: Type.Union([Type.Literal('presence'), Type.Literal('stream')]),
});

export const EphemeralEventSchema = Type.Union([
  strictObject({
    type: Type.Literal('typing'),
    networkEID: Eid,
    audience: EventAudience,
    data: TypingData,
  }),
  strictObject({
    type: Type.Literal('presence'),
    networkEID: Eid,
    audience: EventAudience,
    data: PresenceData,
  }),
]);
export type EphemeralEvent = Static<typeof EphemeralEventSchema>;
