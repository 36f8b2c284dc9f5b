/**
 * Routes the events of the log to this gateway instance's open streams: an event goes only to the
 * streams of its own network, and of those only to the ones its audience may reach (an event for
 * named people to those people's streams, without looking at the others). Each stream then checks
 * the event against its person's standing, in log order (session.ts).
 */
import { liveEventOf } from '@ncs/contracts';
import type { LogEvent } from './log.js';

/** What the router needs of an open stream. */
export interface RoutedStream {
  readonly networkEID: string;
  readonly profileEID: string;
  offer(event: LogEvent): void;
}

export class LiveRouter<S extends RoutedStream = RoutedStream> {
  /** Open streams by network, then by person. */
  private readonly networks = new Map<string, Map<string, Set<S>>>();

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
    if (event.networkEID === undefined || liveEventOf(event.type) === undefined) return;
    const people = this.networks.get(event.networkEID);
    if (people === undefined) return;
    const { audience } = event;
    if (audience.kind === 'internal') return;
    if (audience.kind === 'people') {
      for (const profileEID of audience.profileEIDs)
        for (const stream of people.get(profileEID) ?? []) stream.offer(logEvent);
      return;
    }
    for (const own of people.values()) for (const stream of own) stream.offer(logEvent);
  }
}
