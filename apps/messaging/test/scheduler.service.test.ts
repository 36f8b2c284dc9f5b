/**
 * The messaging background work on the real store, with two "instances" (two connections, two
 * workers) racing: every due scheduled item is published exactly once with one event, items not
 * yet due stay, an item whose lease is held by another instance is left alone, and a duplication
 * whose original is gone fails with the `duplication_failed` event for its requester (an export
 * whose news item is gone, with `addressee_export_failed`).
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { AnyCatalogueEventInput, Outbox, RpcClient } from '@ncs/service-kit';
import { registerMessagingModels, type MessagingModels } from '../src/models.js';
import { runPendingJobs } from '../src/news/duplication.js';
import { publishDueItems } from '../src/scheduling/scheduled-items.js';

const unique = () => randomBytes(4).toString('hex');
const NET = 'a'.repeat(24);
const AUTHOR = 'b'.repeat(24);

let connections: mongoose.Connection[] = [];
let instances: MessagingModels[] = [];

beforeAll(async () => {
  const dbName = `messaging_scheduler_${unique()}`;
  connections = await Promise.all(
    [0, 1].map(() => mongoose.createConnection(inject('mongoUrl'), { dbName }).asPromise()),
  );
  instances = connections.map((c) => registerMessagingModels(c));
  await instances[0]!.Message.syncIndexes();
  await instances[0]!.NewsJob.syncIndexes();
  await instances[0]!.Claim.syncIndexes();
});

afterAll(async () => {
  await connections[0]?.dropDatabase();
  await Promise.all(connections.map((c) => c.close()));
});

type Data = Record<string, unknown>;

/** An outbox that keeps what was recorded (the relay to JetStream is the kit's, tested there). */
function keepingOutbox() {
  const recorded: { entity: string; verb: string; input: AnyCatalogueEventInput & { data: Data } }[] = [];
  const outbox = {
    // `record(name, input)`: kept by the name's entity and verb.
    record: (name: string, input: AnyCatalogueEventInput & { data: Data }) => {
      const [, entity = '', verb = ''] = name.split('.');
      recorded.push({ entity, verb, input });
      return Promise.resolve({} as never);
    },
  } as unknown as Outbox;
  return { outbox, recorded };
}

/** Duplications ask nothing of other services. */
const noRpc = {} as RpcClient;

const scheduled = (models: MessagingModels, scheduledAt: Date, extra: Record<string, unknown> = {}) =>
  models.Message.create({
    networkEID: NET,
    type: 'update',
    authorEID: AUTHOR,
    htmlBody: '<p>Scheduled</p>',
    timelineKey: null,
    timelineAt: new Date(),
    status: 'scheduled',
    scheduledAt,
    ...extra,
  });

describe('publishing due scheduled items', () => {
  it('publishes each due item exactly once with two instances racing', async () => {
    const [a, b] = instances as [MessagingModels, MessagingModels];
    const past = new Date(Date.now() - 1000);
    const due = await Promise.all(Array.from({ length: 12 }, () => scheduled(a, past)));
    const notDue = await scheduled(a, new Date(Date.now() + 3_600_000));
    const first = keepingOutbox();
    const second = keepingOutbox();
    const [n1, n2] = await Promise.all([publishDueItems(a, first.outbox), publishDueItems(b, second.outbox)]);
    expect(n1 + n2).toBe(due.length);
    const events = [...first.recorded, ...second.recorded];
    expect(events).toHaveLength(due.length);
    expect(new Set(events.map((e) => (e.input.data.message as { EID: string }).EID))).toEqual(
      new Set(due.map((d) => String(d._id))),
    );
    expect(events.every((e) => e.verb === 'scheduled_published')).toBe(true);
    const stored = await a.Message.find({ _id: { $in: due.map((d) => d._id) } }).lean();
    expect(stored.every((m) => m.status === 'published' && m.timelineKey === 'network')).toBe(true);
    expect((await a.Message.findById(notDue._id).lean())?.status).toBe('scheduled');
    // A later tick (or a restart) finds nothing left to publish.
    expect(await publishDueItems(b, keepingOutbox().outbox)).toBe(0);
  });

  it('leaves an item whose lease another instance holds, and takes it once the lease expired', async () => {
    const [a] = instances as [MessagingModels];
    const past = new Date(Date.now() - 1000);
    const held = await scheduled(a, past);
    const key = `publish:${String(held._id)}`;
    await a.Claim.create({ _id: key, until: new Date(Date.now() + 60_000) });
    expect(await publishDueItems(a, keepingOutbox().outbox)).toBe(0);
    await a.Claim.updateOne({ _id: key }, { $set: { until: new Date(Date.now() - 1) } });
    expect(await publishDueItems(a, keepingOutbox().outbox)).toBe(1);
  });
});

describe('duplication jobs', () => {
  it('fails a duplication whose original is gone, with the requester’s failure event', async () => {
    const [a, b] = instances as [MessagingModels, MessagingModels];
    const job = await a.NewsJob.create({
      networkEID: NET,
      kind: 'duplication',
      requesterEID: AUTHOR,
      messageEID: 'c'.repeat(24),
    });
    const first = keepingOutbox();
    const second = keepingOutbox();
    await Promise.all([runPendingJobs(a, first.outbox, noRpc), runPendingJobs(b, second.outbox, noRpc)]);
    const events = [...first.recorded, ...second.recorded];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entity: 'news',
      verb: 'duplication_failed',
      input: {
        data: {
          alert: 'DUPLICATION_PROCESS_FAILED',
          recipient: { type: 'user', EID: AUTHOR },
          job: { EID: String(job._id) },
          copy: null,
        },
      },
    });
    expect((await a.NewsJob.findById(job._id).lean())?.status).toBe('failed');
  });
});

describe('addressee export jobs', () => {
  it('fails an export whose news item is gone, with the requester’s failure event', async () => {
    const [a] = instances as [MessagingModels];
    const job = await a.NewsJob.create({
      networkEID: NET,
      kind: 'addressee_export',
      requesterEID: AUTHOR,
      messageEID: 'd'.repeat(24),
    });
    const kept = keepingOutbox();
    await runPendingJobs(a, kept.outbox, noRpc);
    expect(kept.recorded).toHaveLength(1);
    expect(kept.recorded[0]).toMatchObject({
      entity: 'news',
      verb: 'addressee_export_failed',
      input: {
        data: {
          alert: 'NEWS_ADDRESSEE_EXPORT_FAILURE',
          recipient: { type: 'user', EID: AUTHOR },
          job: { EID: String(job._id) },
          numAddressees: null,
        },
      },
    });
    expect((await a.NewsJob.findById(job._id).lean())?.status).toBe('failed');
  });
});
