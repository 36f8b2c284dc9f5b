/**
 * The alerts consumer's concurrency on real NATS (docs/decisions.md "Notifications:
 * alert write order and throughput"): with `concurrency`, several events are in hand at once, while
 * events of one order key (an alert's type and subject: `alertOrderKey`) are still handled one
 * after another in stream order; every event is acknowledged once handled.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type RuntimeHandle } from '@ncs/service-kit';
import { alertOrderKey } from '../src/consumers/alerts-consumer.js';
import { eid, testRuntime } from './runtime.js';

const NET = eid();
const SUBJECT = 'events.messaging.message.mentioned.*';

let runtime: RuntimeHandle;
let consumer: EventConsumer | undefined;

beforeAll(async () => {
  runtime = await testRuntime('notifications_concurrency');
});

afterAll(async () => {
  await consumer?.stop();
  await runtime.db.dropDatabase();
  await runtime.close();
});

function mention(subjectEID: string, seq: number): DomainEvent {
  const recipientEID = eid();
  return {
    id: eid(),
    type: 'messaging.message.mentioned',
    occurredAt: new Date().toISOString(),
    networkEID: NET,
    actor: { type: 'user', EID: eid() },
    audience: { kind: 'people', profileEIDs: [recipientEID] },
    data: {
      alert: 'mention',
      recipient: { type: 'user', EID: recipientEID },
      message: { type: 'update', EID: subjectEID },
      seq,
    },
  };
}

describe('the alerts consumer with concurrency', () => {
  it('handles several events at once, those of one alert subject in stream order', async () => {
    const subjects = [eid(), eid(), eid(), eid()];
    const events = Array.from({ length: 40 }, (_, i) => mention(subjects[i % 4]!, i));
    let inHand = 0;
    let mostInHand = 0;
    const handledBySubject = new Map<string, number[]>();
    const handled = new Set<string>();
    consumer = startEventConsumer({
      nats: runtime.nats,
      connection: runtime.db,
      durable: `alerts-concurrency-${randomBytes(4).toString('hex')}`,
      filterSubjects: [SUBJECT],
      logger: runtime.logger,
      concurrency: 8,
      orderKey: alertOrderKey,
      handle: async (event) => {
        if (event.networkEID !== NET) return; // earlier tests' events in the stream
        inHand += 1;
        mostInHand = Math.max(mostInHand, inHand);
        // Later events of a subject finish sooner, so an unordered run would swap them.
        await new Promise((resolve) => setTimeout(resolve, 60 - Number(event.data.seq)));
        const subject = (event.data.message as { EID: string }).EID;
        handledBySubject.set(subject, [...(handledBySubject.get(subject) ?? []), Number(event.data.seq)]);
        handled.add(event.id);
        inHand -= 1;
      },
    });
    const js = runtime.nats.jetstream();
    for (const event of events)
      await js.publish(SUBJECT.replace('*', NET), new TextEncoder().encode(JSON.stringify(event)), {
        msgID: event.id,
      });
    const deadline = Date.now() + 30_000;
    while (handled.size < events.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled.size).toBe(events.length);
    expect(mostInHand).toBeGreaterThan(1);
    expect(mostInHand).toBeLessThanOrEqual(8);
    for (const [index, subject] of subjects.entries()) {
      const expected = events.map((_, i) => i).filter((i) => i % 4 === index);
      expect(handledBySubject.get(subject)).toEqual(expected);
    }
  });
});
