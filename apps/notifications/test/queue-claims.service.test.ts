/**
 * Claiming a due push job or webhook attempt on the real store: one holder per attempt, and a loop
 * whose read of the queue predates another holder's finish claims nothing (it used to claim the
 * attempt again once the finisher had deleted its claims, and send the push or the webhook twice:
 * seen as two "delivered" records of one push in tests/e2e/push/delivery.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeHandle } from '@ncs/service-kit';
import {
  claimJob,
  finishJob,
  registerPushJobModels,
  retryJobLater,
  type PushJobDoc,
  type PushJobModels,
} from '../src/push/jobs.js';
import {
  registerWebhookModels,
  type WebhookDeliveryDoc,
  type WebhookModels,
} from '../src/webhooks/models.js';
import { claimDelivery, settleDelivery } from '../src/webhooks/queue.js';
import { eid, testRuntime } from './runtime.js';

const NET = eid();
const LEASE_MS = 60_000;

let runtime: RuntimeHandle;
let push: PushJobModels;
let webhooks: WebhookModels;

beforeAll(async () => {
  runtime = await testRuntime('notifications_queue_claims');
  push = registerPushJobModels(runtime.db);
  webhooks = registerWebhookModels(runtime.db);
  await Promise.all([push.PushClaim.syncIndexes(), webhooks.Claim.syncIndexes()]);
});

afterAll(async () => {
  await runtime.db.dropDatabase();
  await runtime.close();
});

/** A due push job, as a loop of the worker reads it. */
async function dueJob(): Promise<PushJobDoc> {
  const created = await push.PushJob.create({
    networkEID: NET,
    profileEID: eid(),
    deviceEID: eid(),
    eventId: eid(),
    alertEID: eid(),
    messageType: 'mention',
    nextAttemptAt: new Date(Date.now() - 1_000),
  });
  return (await push.PushJob.findById(created._id).lean<PushJobDoc>())!;
}

/** A due webhook attempt, as a loop of the sender reads it. */
async function dueDelivery(): Promise<WebhookDeliveryDoc> {
  const created = await webhooks.Delivery.create({
    networkEID: NET,
    appEID: eid(),
    eventId: eid(),
    eventType: 'message.created',
    payload: '{}',
    nextAttemptAt: new Date(Date.now() - 1_000),
    created: new Date(),
  });
  return (await webhooks.Delivery.findById(created._id).lean<WebhookDeliveryDoc>())!;
}

describe('claiming a due push job', () => {
  it('gives an attempt to one of two loops that read it together', async () => {
    const job = await dueJob();
    const claims = await Promise.all([claimJob(push, job, LEASE_MS), claimJob(push, job, LEASE_MS)]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
  });

  it('claims nothing from a read older than the job’s finish, and leaves no claim behind', async () => {
    const stale = await dueJob();
    const held = await claimJob(push, stale, LEASE_MS);
    expect(held).not.toBeNull();
    await finishJob(push, held!);
    expect(await claimJob(push, stale, LEASE_MS)).toBeNull();
    expect(await push.PushClaim.countDocuments({ networkEID: NET, jobId: String(stale._id) })).toBe(0);
  });

  it('claims nothing from a read older than a retry, and the retry once it is due', async () => {
    const stale = await dueJob();
    const held = await claimJob(push, stale, LEASE_MS);
    await retryJobLater(push, held!, -1_000, '429');
    expect(await claimJob(push, stale, LEASE_MS)).toBeNull();
    const retry = (await push.PushJob.findById(stale._id).lean<PushJobDoc>())!;
    expect(retry.attempts).toBe(1);
    expect(await claimJob(push, retry, LEASE_MS)).not.toBeNull();
  });
});

describe('claiming a due webhook attempt', () => {
  it('gives an attempt to one of two loops that read it together', async () => {
    const delivery = await dueDelivery();
    const claims = await Promise.all([
      claimDelivery(webhooks, delivery, LEASE_MS),
      claimDelivery(webhooks, delivery, LEASE_MS),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('claims nothing from a read older than the attempt’s outcome, and leaves no claim behind', async () => {
    const stale = await dueDelivery();
    expect(await claimDelivery(webhooks, stale, LEASE_MS)).toBe(true);
    await settleDelivery(webhooks, stale, { statusCode: 200, delivered: true, retryInMs: null });
    expect(await claimDelivery(webhooks, stale, LEASE_MS)).toBe(false);
    expect(await webhooks.Claim.countDocuments({ networkEID: NET, deliveryId: String(stale._id) })).toBe(0);
  });
});
