/**
 * Typing indicators: the live stream's ephemeral `typing` events (contracts
 * domain-events/ephemeral.ts), sent as a person writes in a conversation (chat) or a message's
 * comments (threads.ts). Nothing is stored and no outbox record is made: an indicator of a few
 * seconds ago means nothing, so a lost one costs nothing.
 */
import {
  TYPING_MIN_INTERVAL_MS,
  type AudienceOfKind,
  type EphemeralEvent,
  type EventAudience,
} from '@ncs/contracts';
import { ExpiringMap, type EphemeralPublisher } from '@ncs/service-kit';

export type TypingEvent = Extract<EphemeralEvent, { type: 'typing' }>;

/**
 * How many (network, person, target) triples one instance remembers. Past it the oldest goes first,
 * and since every entry lives the same interval, the oldest is the first to have expired anyway;
 * only more distinct typists than this within one interval would let a repeat through early, which
 * costs one extra indicator, never memory.
 */
export const TYPING_THROTTLE_MAX_ENTRIES = 10_000;

/** What the typing handlers are given beside the store and the RPC client. */
export interface TypingDeps {
  readonly typing: TypingSignals;
}

/**
 * Sends typing events, at most one per (network, person, target) per `TYPING_MIN_INTERVAL_MS` on
 * this instance: a client sends one per keystroke burst, and every event fans out to the open
 * streams of its whole audience (a group's, a network's), so the rate is capped where it enters.
 * The throttle is per instance (nothing shared over NATS): behind N instances a person may reach
 * N events per interval, a bound that is enough for an indicator.
 */
export class TypingSignals {
  private readonly recent: ExpiringMap<true>;
  private readonly now: () => number;

  constructor(
    private readonly publish: EphemeralPublisher,
    options: { readonly maxEntries?: number; readonly now?: () => number } = {},
  ) {
    this.recent = new ExpiringMap(options.maxEntries ?? TYPING_THROTTLE_MAX_ENTRIES);
    this.now = options.now ?? Date.now;
  }

  /** Publishes `event` unless one for the same person and target went out within the interval. */
  send(event: TypingEvent): boolean {
    const { data } = event;
    const target = 'conversation' in data ? data.conversation : data.message;
    const key = `${event.networkEID}:${data.user.EID}:${target.type}:${target.EID}`;
    const now = this.now();
    if (this.recent.get(key, now)) return false;
    this.recent.set(key, true, now + TYPING_MIN_INTERVAL_MS);
    this.publish(event);
    return true;
  }
}

/**
 * Who sees a person typing: the audience of what they write in, without them when it names people
 * (the gateway drops the typist's own event too; here it also spares an empty audience). Null when
 * nobody else is left: nothing to send.
 */
export function typingAudience(audience: EventAudience, typistEID: string): EventAudience | null {
  if (audience.kind !== 'people') return audience;
  const profileEIDs = audience.profileEIDs.filter((EID) => EID !== typistEID);
  if (profileEIDs.length === 0) return null;
  const others: AudienceOfKind<'people'> = { kind: 'people', profileEIDs };
  return others;
}
