/**
 * Webhook senders under contention on the real store, with a real HTTP receiver on loopback: three
 * workers drain one queue. An attempt is never open twice at once (a holder stops sending before
 * its lease ends), an attempt whose holder lost its lease counts toward the limit, and a
 * redelivery's one attempt is not sent again. The waits are bounded; nothing is timed.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Types } from 'mongoose';
import type { RuntimeHandle } from '@ncs/service-kit';
import { registerAlertModels } from '../src/alerts/models.js';
import { ensureEndpoint, type WebhookStore } from '../src/webhooks/endpoints.js';
import { registerWebhookModels, type WebhookDeliveryDoc } from '../src/webhooks/models.js';
import { secretBox } from '../src/webhooks/signing.js';
import { startWebhookWorker, type WebhookWorker } from '../src/webhooks/worker.js';
import { eid, testRuntime } from './runtime.js';

const NET = eid();
const MAX_ATTEMPTS = 3;
/** Longer than the lease margin (due-claims.ts), so a holder has half a second to send. */
const LEASE_MS = 1_500;

let runtime: RuntimeHandle;
let store: WebhookStore;
let workers: WebhookWorker[] = [];
let receiver: Server;
let baseUrl: string;
/** Per path: requests received, how many are open now, and the most open at once. */
const seen = new Map<string, { requests: number; open: number; mostOpen: number }>();
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  runtime = await testRuntime('notifications_webhook_attempts');
  store = { models: registerWebhookModels(runtime.db), box: secretBox(randomBytes(32).toString('base64')) };
  const { Delivery, Claim, Endpoint } = store.models;
  await Promise.all([Delivery.syncIndexes(), Claim.syncIndexes(), Endpoint.syncIndexes()]);
  // Never answers: every attempt ends at the sender's timeout.
  receiver = createServer((request, response) => {
    const entry = seen.get(request.url!) ?? { requests: 0, open: 0, mostOpen: 0 };
    seen.set(request.url!, entry);
    entry.requests += 1;
    entry.open += 1;
    entry.mostOpen = Math.max(entry.mostOpen, entry.open);
    request.socket.on('close', () => (entry.open -= 1));
    hanging.add(response);
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  baseUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  workers = [];
});

afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await runtime.db.dropDatabase();
  await runtime.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorkers(timeoutMs: number) {
  for (let i = 0; i < 3; i += 1)
    workers.push(
      startWebhookWorker({
        store,
        alerts: registerAlertModels(runtime.db),
        rpc: runtime.rpc,
        backoff: { baseMs: 20, maxMs: 40, maxAttempts: MAX_ATTEMPTS },
        timeoutMs,
        allowPrivate: true,
        disableAfterMs: 3_600_000,
        leaseMs: LEASE_MS,
        sweepMs: 100,
        concurrency: 4,
        logger: runtime.logger,
      }),
    );
}

/** A due delivery to a path of its own on the receiver; `fields` set its attempts, claims, manual. */
async function dueDelivery(fields: Partial<Pick<WebhookDeliveryDoc, 'attempts' | 'claims' | 'manual'>> = {}) {
  const appEID = eid();
  await ensureEndpoint(store, NET, appEID);
  const path = `/hook/${appEID}`;
  const created = await store.models.Delivery.create({
    networkEID: NET,
    appEID,
    eventId: eid(),
    eventType: 'group.created',
    payload: '{}',
    url: `${baseUrl}${path}`,
    nextAttemptAt: new Date(Date.now() - 1_000),
    created: new Date(),
    ...fields,
  });
  return { _id: created._id, path };
}

/** Waits until none of `ids` is pending any more (at most `boundMs`); resolves with the rows. */
async function settled(ids: readonly Types.ObjectId[], boundMs: number) {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const rows = await store.models.Delivery.find({ networkEID: NET, _id: { $in: ids } }).lean<
      WebhookDeliveryDoc[]
    >();
    if (rows.every((row) => row.status !== 'pending')) return rows;
    if (Date.now() > deadline) throw new Error(`deliveries still pending after ${boundMs} ms`);
    await sleep(100);
  }
}

describe('webhook senders under contention', () => {
  it('never has an attempt open twice and stops at the limit when the receiver outlasts every lease', async () => {
    const deliveries = await Promise.all([dueDelivery(), dueDelivery(), dueDelivery()]);
    // A send timeout longer than the lease: the holder must still stop before its lease ends.
    startWorkers(5_000);
    const rows = await settled(
      deliveries.map((d) => d._id),
      30_000,
    );
    for (const { path } of deliveries) {
      expect(seen.get(path)?.mostOpen).toBe(1);
      expect(seen.get(path)?.requests).toBe(MAX_ATTEMPTS);
    }
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(
      deliveries.map(() => ['failed', MAX_ATTEMPTS]),
    );
  });

  it('sends nothing more once the claims pass the limit: the last holder lost its lease', async () => {
    const scheduled = await dueDelivery({ attempts: MAX_ATTEMPTS - 1, claims: MAX_ATTEMPTS });
    const redelivery = await dueDelivery({ attempts: 5, claims: 6, manual: true });
    startWorkers(300);
    const rows = await settled([scheduled._id, redelivery._id], 30_000);
    expect(seen.get(scheduled.path)).toBeUndefined();
    expect(seen.get(redelivery.path)).toBeUndefined();
    const byId = new Map(rows.map((row) => [String(row._id), row]));
    expect(byId.get(String(scheduled._id))).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS - 1 });
    expect(byId.get(String(redelivery._id))).toMatchObject({ status: 'failed', attempts: 5, manual: false });
  });
});
