/**
 * Routes the events of the log to this gateway instance's open streams: an event goes only to the
 * streams of its own network, and of those only to the ones its audience may reach (an event for
 * named people to those people's streams, without looking at the others). Each stream then checks
 * the event against its person's standing, in log order (session.ts).
 */
import { liveEventOf, type EphemeralEvent, type EventAudience } from '@ncs/contracts';
import type { LogEvent } from './log.js';

type PresenceEvent = Extract<EphemeralEvent, { type: 'presence' }>;

/**
 * Presence changes of one network gathered over `PRESENCE_BATCH_MS`, the latest per person: those
 * for the whole network (serialised once for every stream) and those for named people only.
 */
export interface PresenceBatch {
  readonly forEveryone: readonly PresenceEvent['data'][];
  /** `{ type: 'presence', changes: forEveryone }` as JSON; null when there is none. */
  readonly everyoneJson: string | null;
  readonly personal: readonly PresenceEvent[];
}

/**
 * How long presence changes are gathered before they go out. When a thousand people connect at
 * once (a gateway restart, the morning), each one's `online` to every other stream would be a
 * million events; gathered, it is one event per stream every half second.
 */
export const PRESENCE_BATCH_MS = 500;

/** What the router needs of an open stream. */
export interface RoutedStream {
  readonly networkEID: string;
  readonly profileEID: string;
  offer(event: LogEvent): void;
  /** A typing event: shown at once, never replayed. */
  offerEphemeral(event: EphemeralEvent): void;
  /** Presence changes, gathered: shown at once, never replayed. */
  offerPresence(batch: PresenceBatch): void;
}

export class LiveRouter<S extends RoutedStream = RoutedStream> {
  /** Open streams by network, then by person. */
  private readonly networks = new Map<string, Map<string, Set<S>>>();
  /** Presence changes waiting to go out, by network, the latest per person. */
  private readonly presence = new Map<
    string,
    { changes: Map<string, PresenceEvent>; timer: NodeJS.Timeout }
  >();

  add(stream: S): void {
    let people = this.networks.get(stream.networkEID);
    if (people === undefined) {
      people = new Map<string, Set<S>>();
      this.networks.set(stream.networkEID, people);
    }
    let own = people.get(stream.profileEID);
    if (own === undefined) {
      own = new Set<S>();
      people.set(stream.profileEID, own);
    }
    own.add(stream);
  }

  remove(stream: S): void {
    const people = this.networks.get(stream.networkEID);
    const own = people?.get(stream.profileEID);
    if (!people || !own) return;
    own.delete(stream);
    if (own.size === 0) people.delete(stream.profileEID);
    if (people.size === 0) this.networks.delete(stream.networkEID);
  }

  /** The open streams of one person in one network (none: an empty list). */
  streamsOf(networkEID: string, profileEID: string): readonly S[] {
    return [...(this.networks.get(networkEID)?.get(profileEID) ?? [])];
  }

  /** How many streams are open on this instance (a gauge reads it). */
  get size(): number {
    let count = 0;
    for (const people of this.networks.values()) for (const own of people.values()) count += own.size;
    return count;
  }

  route(logEvent: LogEvent): void {
    const { event } = logEvent;
    const definition = liveEventOf(event.type);
    if (event.networkEID === undefined || definition === undefined) return;
    const former = definition.formerAudience?.(event.data);
    if (former === undefined) {
      for (const stream of this.reached(event.networkEID, event.audience)) stream.offer(logEvent);
      return;
    }
    // Those who see it now and those who saw it before, each stream once.
    const streams = new Set([
      ...this.reached(event.networkEID, event.audience),
      ...this.reached(event.networkEID, former),
    ]);
    for (const stream of streams) stream.offer(logEvent);
  }

  routeEphemeral(event: EphemeralEvent): void {
    if (event.type === 'presence') {
      this.gatherPresence(event);
      return;
    }
    for (const stream of this.reached(event.networkEID, event.audience)) stream.offerEphemeral(event);
  }

  /** Drops what waits to go out (the gateway is closing). */
  close(): void {
    for (const { timer } of this.presence.values()) clearTimeout(timer);
    this.presence.clear();
  }

  private gatherPresence(event: PresenceEvent): void {
    if (!this.networks.has(event.networkEID)) return;
    let batch = this.presence.get(event.networkEID);
    if (batch === undefined) {
      const timer = setTimeout(() => this.sendPresence(event.networkEID), PRESENCE_BATCH_MS);
      timer.unref();
      batch = { changes: new Map(), timer };
      this.presence.set(event.networkEID, batch);
    }
    // A person who came and went within the batch: only where they are now.
    batch.changes.delete(event.data.user.EID);
    batch.changes.set(event.data.user.EID, event);
  }

  private sendPresence(networkEID: string): void {
    const batch = this.presence.get(networkEID);
    this.presence.delete(networkEID);
    const people = this.networks.get(networkEID);
    if (batch === undefined || people === undefined) return;
    const changes = [...batch.changes.values()];
    const forEveryone = changes.filter((change) => change.audience.kind === 'network').map((c) => c.data);
    const presence: PresenceBatch = {
      forEveryone,
      everyoneJson:
        forEveryone.length === 0 ? null : JSON.stringify({ type: 'presence', changes: forEveryone }),
      personal: changes.filter((change) => change.audience.kind !== 'network'),
    };
    for (const own of people.values()) for (const stream of own) stream.offerPresence(presence);
  }

  /** The streams of the network an audience may reach (each still checks its person's standing). */
  private *reached(networkEID: string, audience: EventAudience): Iterable<S> {
    const people = this.networks.get(networkEID);
    if (people === undefined || audience.kind === 'internal') return;
    if (audience.kind === 'people') {
      for (const profileEID of audience.profileEIDs) yield* people.get(profileEID) ?? [];
      return;
    }
    for (const own of people.values()) yield* own;
  }
}
