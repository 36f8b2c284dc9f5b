/**
 * Domain events read back from JetStream (the EVENTS stream) in end-to-end tests.
 */
import { connect, type NatsConnection } from 'nats';
import {} from 'vitest';
import { stack } from './stack.js';

/** Reads domain events of one network from the EVENTS stream (JetStream). */
export class EventReader {
  private nc: NatsConnection | undefined;

  async open(): Promise<void> {
    this.nc = await connect({ servers: stack().natsUrl });
  }

  async close(): Promise<void> {
    await this.nc?.close();
  }

  /**
   * Events of `networkEID` on `subject` (an event type's `events.<service>.<entity>.<verb>`, `*`
   * allowed, without the network's token, or the catalogue's filter of a type ending in the
   * network's `*`, or a `>` wildcard), waiting up to 10 s for `count` of them.
   */
  async eventsOf(subject: string, networkEID: string, count: number): Promise<Record<string, unknown>[]> {
    if (!this.nc) throw new Error('EventReader not opened');
    // The network's own log: its token is the subject's last (core/subjects.ts).
    const tokens = subject.split('.');
    const filter = subject.endsWith('>') ? subject : [...tokens.slice(0, 4), networkEID].join('.');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const consumer = await this.nc.jetstream().consumers.get('EVENTS', { filterSubjects: filter });
      const found: Record<string, unknown>[] = [];
      for (;;) {
        const batch = await consumer.fetch({ max_messages: 500, expires: 1_000 });
        const before = found.length;
        for await (const msg of batch) {
          const event = msg.json<Record<string, unknown>>();
          if (event.networkEID === networkEID) found.push(event);
        }
        if (found.length === before) break;
      }
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
