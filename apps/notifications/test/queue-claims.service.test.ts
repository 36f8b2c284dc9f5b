/**
 * Claiming a due push job or webhook attempt on the real store: one holder per attempt; a loop
 * whose read of the queue predates another holder's finish claims nothing; a holder whose lease
 * lapsed writes no outcome over the next holder's; every claim counts as an attempt; and a push
 * already sent is not queued again when its event comes a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import type { RuntimeHandle } from '@ncs/service-kit';
import { registerDeviceModels } from '../src/devices/models.js';
import {
  claimJob,
  enqueuePush,
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
  await Promise.all([push.PushJob.syncIndexes(), push.PushClaim.syncIndexes(), webhooks.Claim.syncIndexes()]);
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
    expect(await retryJobLater(push, held!, -1_000, '429')).toBe(true);
    expect(await claimJob(push, stale, LEASE_MS)).toBeNull();
    const retry = (await push.PushJob.findById(stale._id).lean<PushJobDoc>())!;
    expect(retry.claims).toBe(1);
    expect(await claimJob(push, retry, LEASE_MS)).not.toBeNull();
  });
});

describe('a push job’s lease', () => {
  it('lets a holder whose lease lapsed write nothing, and counts its attempt', async () => {
    const job = await dueJob();
    const lapsed = await claimJob(push, job, -1_000);
    expect(lapsed).not.toBeNull();
    const reread = (await push.PushJob.findById(job._id).lean<PushJobDoc>())!;
    const next = await claimJob(push, reread, LEASE_MS);
    expect(next?.claims).toBe(2);
    expect(await retryJobLater(push, lapsed!, 0, '503')).toBe(false);
    expect(await finishJob(push, lapsed!)).toBe(false);
    const row = (await push.PushJob.findById(job._id).lean<PushJobDoc>())!;
    expect(row).toMatchObject({ claims: 2, finishedAt: null, lastCode: null });
    expect(row.nextAttemptAt?.getTime()).toBe(next!.nextAttemptAt.getTime());
    expect(await finishJob(push, next!)).toBe(true);
  });

  it('claims a job queued before claims were counted (no `claims` field) once', async () => {
    const _id = new Types.ObjectId();
    await push.PushJob.collection.insertOne({
      _id,
      networkEID: NET,
      profileEID: eid(),
      deviceEID: eid(),
      eventId: eid(),
      alertEID: eid(),
      messageType: 'mention',
      attempts: 2,
      nextAttemptAt: new Date(Date.now() - 1_000),
    });
    const job = (await push.PushJob.findById(_id).lean<PushJobDoc>())!;
    const claims = await Promise.all([claimJob(push, job, LEASE_MS), claimJob(push, job, LEASE_MS)]);
    expect(claims.filter((claim) => claim !== null).map((claim) => claim.claims)).toEqual([1]);
  });
});

describe('queueing a push', () => {
  it('queues nothing for an event delivered again after its push went out', async () => {
    const devices = registerDeviceModels(runtime.db);
    await devices.Device.syncIndexes();
    const profileEID = eid();
    await devices.Device.create({
      networkEID: NET,
      profileEID,
      notificationProvider: 'fcm',
      platform: 'android',
      token: `tok-${eid()}`,
      created: new Date(),
    });
    const request = {
      networkEID: NET,
      recipientEID: profileEID,
      eventId: eid(),
      alertEID: eid(),
      messageType: 'mention',
    };
    const models = { ...push, ...devices };
    expect(await enqueuePush(models, request)).toBe(1);
    const job = (await push.PushJob.findOne({
      networkEID: NET,
      eventId: request.eventId,
    }).lean<PushJobDoc>())!;
    const held = await claimJob(push, job, LEASE_MS);
    expect(await finishJob(push, held!)).toBe(true);
    expect(await enqueuePush(models, request)).toBe(0);
    expect(await push.PushJob.countDocuments({ networkEID: NET, eventId: request.eventId })).toBe(1);
  });
});

describe('claiming a due webhook attempt', () => {
  it('gives an attempt to one of two loops that read it together', async () => {
    const delivery = await dueDelivery();
    const claims = await Promise.all([
      claimDelivery(webhooks, delivery, LEASE_MS),
      claimDelivery(webhooks, delivery, LEASE_MS),
    ]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
  });

  it('claims nothing from a read older than the attempt’s outcome, and leaves no claim behind', async () => {
    const stale = await dueDelivery();
    const held = await claimDelivery(webhooks, stale, LEASE_MS);
    expect(held).not.toBeNull();
    await settleDelivery(webhooks, held!, { statusCode: 200, delivered: true, retryInMs: null });
    expect(await claimDelivery(webhooks, stale, LEASE_MS)).toBeNull();
    expect(await webhooks.Claim.countDocuments({ networkEID: NET, deliveryId: String(stale._id) })).toBe(0);
  });

  it('lets a holder whose lease lapsed settle nothing', async () => {
    const delivery = await dueDelivery();
    const lapsed = await claimDelivery(webhooks, delivery, -1_000);
    const reread = (await webhooks.Delivery.findById(delivery._id).lean<WebhookDeliveryDoc>())!;
    const next = await claimDelivery(webhooks, reread, LEASE_MS);
    expect(next?.claims).toBe(2);
    const outcome = { statusCode: 200, delivered: true, retryInMs: null };
    expect(await settleDelivery(webhooks, lapsed!, outcome)).toBe(false);
    expect(await webhooks.Delivery.findById(delivery._id).lean()).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    expect(await settleDelivery(webhooks, next!, outcome)).toBe(true);
    expect(await webhooks.Delivery.findById(delivery._id).lean()).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
  });
});
