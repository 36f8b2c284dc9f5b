/**
 * The alerts consumer on real NATS and the real store: two notifications instances
 * bound to the one durable share the events; each event is written once per recipient even when
 * JetStream delivers it twice; occurrences about one subject arriving at both instances at once
 * still make one coalesced alert. Decisions: docs/decisions.md, "Notifications: alerts".
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { DomainEvent } from '@ncs/contracts';
import {
  createServiceRuntime,
  startEventConsumer,
  type EventConsumer,
  type RuntimeHandle,
} from '@ncs/service-kit';
import { alertAggregates } from '../src/alerts/aggregates.js';
import { registerAlertModels, type AlertModels } from '../src/alerts/models.js';
import { ALERT_EVENT_SUBJECTS, planAlert } from '../src/consumers/alert-plans.js';
import { ALERTS_DURABLE, applyEvent } from '../src/consumers/alerts-consumer.js';

const eid = () => randomBytes(12).toString('hex');
const NET = eid();
const dbName = `notifications_consumer_${randomBytes(4).toString('hex')}`;

interface Instance {
  runtime: RuntimeHandle;
  models: AlertModels;
  consumer: EventConsumer;
  handled: number;
}
const instances: Instance[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    const runtime = await createServiceRuntime({
      service: 'notifications',
      natsUrl: inject('natsUrl'),
      mongoUrl: inject('mongoUrl'),
      dbName,
      rpcTimeoutMs: 2_000,
      logLevel: 'warn',
    });
    const models = registerAlertModels(runtime.db);
    await models.Alert.syncIndexes();
    await models.Occurrence.syncIndexes();
    const instance = { runtime, models, handled: 0 } as Instance;
    instance.consumer = startEventConsumer({
      nats: runtime.nats,
      connection: runtime.db,
      durable: ALERTS_DURABLE,
      filterSubjects: ALERT_EVENT_SUBJECTS,
      logger: runtime.logger,
      handle: async (event) => {
        instance.handled += 1;
        await applyEvent(runtime, models, event);
      },
    });
    instances.push(instance);
  }
});

afterAll(async () => {
  for (const { consumer } of instances) await consumer.stop();
  await instances[0]?.runtime.db.dropDatabase();
  for (const { runtime } of instances) await runtime.close();
});

function mention(recipientEID: string, subjectEID: string, authorEID = eid()): DomainEvent {
  return {
    id: eid(),
    type: 'messaging.message.mentioned',
    occurredAt: new Date().toISOString(),
    networkEID: NET,
    actor: { type: 'user', EID: authorEID },
    audience: { kind: 'people', profileEIDs: [recipientEID] },
    data: {
      alert: 'mention',
      recipient: { type: 'user', EID: recipientEID },
      message: { type: 'update', EID: subjectEID },
    },
  };
}

async function publish(events: readonly DomainEvent[], times = 1) {
  const js = instances[0]!.runtime.nats.jetstream();
  for (const event of events) {
    for (let i = 0; i < times; i += 1) {
      // Another message id each time: JetStream keeps both, as a redelivery would bring them.
      await js.publish(
        `events.messaging.message.mentioned.${event.networkEID ?? 'none'}`,
        new TextEncoder().encode(JSON.stringify(event)),
        {
          msgID: `${event.id}-${i}`,
        },
      );
    }
  }
}

async function until(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the alerts consumer', () => {
  it('shares the events between two instances and writes each once per recipient', async () => {
    const events = Array.from({ length: 60 }, () => mention(eid(), eid()));
    expect(planAlert(events[0]!)?.type).toBe('mention');
    await publish(events, 2);
    const { Occurrence, Alert } = instances[0]!.models;
    await until(async () => (await Occurrence.countDocuments({ networkEID: NET })) >= 60);
    // Let the second copies arrive too.
    await until(() => Promise.resolve(instances[0]!.handled + instances[1]!.handled >= 120), 10_000);
    expect(await Occurrence.countDocuments({ networkEID: NET })).toBe(60);
    expect(await Alert.countDocuments({ networkEID: NET })).toBe(60);
    expect(instances[0]!.handled).toBeGreaterThan(0);
    expect(instances[1]!.handled).toBeGreaterThan(0);
  });

  it('merges occurrences about one subject handled by both instances into one alert', async () => {
    const recipient = eid();
    const subject = eid();
    const events = Array.from({ length: 30 }, () => mention(recipient, subject));
    // Distinct times, so "newest" is well defined.
    events.forEach((event, i) =>
      Object.assign(event, { occurredAt: new Date(Date.now() + i).toISOString() }),
    );
    await publish(events);
    const { Occurrence, Alert } = instances[0]!.models;
    const mine = { networkEID: NET, recipientEID: recipient };
    await until(async () => (await Occurrence.countDocuments({ ...mine, alertId: { $ne: null } })) >= 30);
    const alerts = await Alert.find(mine).lean();
    expect(alerts).toHaveLength(1);
    const id = String(alerts[0]!._id);
    const counted = (await alertAggregates(instances[0]!.models, mine, [id])).get(id);
    expect(counted?.numCoalesced).toBe(30);
    expect(counted?.originators).toHaveLength(30);
    // Newest first: the last event's author leads.
    expect(counted?.originators[0]?.EID).toBe(events[29]!.actor!.EID);
  });
});
