/**
 * The push worker of one instance: claims due jobs (jobs.ts) and sends them through the device's
 * provider; a delivered message, a dead token (the device is removed) or spent attempts end the job
 * with its outcome recorded; a retryable answer puts it back with its next attempt due after the
 * backoff (backoff.ts). It is woken when jobs are queued and when a retry falls due, and sweeps
 * every `sweepMs` for what another instance left (a lapsed lease) or a restart interrupted. Each
 * attempt is claimed once (jobs.ts `claimDueJob`), sent only within its lease, and its outcome
 * written only while the lease holds (due-claims.ts); a job whose claims passed the limit (its last
 * attempt's holder lost the lease) ends as failed without another send.
 */
import type { pushDeliveryStatuses } from '@ncs/contracts';
import { newCounter, type Logger } from '@ncs/service-kit';
import { Types } from 'mongoose';
import { tokenEndOf } from '../devices/devices.js';
import { DELIVERIES_KEPT, type DeviceDoc, type DeviceModels } from '../devices/models.js';
import { findWhitelabelApp } from '../whitelabel/apps.js';
import type { WhitelabelModels } from '../whitelabel/models.js';
import { nextDelayMs, type BackoffPolicy } from './backoff.js';
import { sendBudgetMs } from '../due-claims.js';
import {
  claimDueJob,
  finishJob,
  purgeFinishedJobs,
  retryJobLater,
  type HeldPushJob,
  type PushJobModels,
} from './jobs.js';
import type { PushOutcome, PushProvider } from './provider.js';
import { startWorkLoop } from '../work-loop.js';

export type PushModels = PushJobModels & DeviceModels & WhitelabelModels;

/** Sends by what the provider answered: never the device, its token or the person. */
const pushDeliveries = newCounter({
  name: 'ncs_push_deliveries_total',
  help: 'Push sends to a provider, by outcome: delivered, dead-token (device removed), retryable (retried later if attempts remain), failed.',
  labelNames: ['outcome'],
});

export interface PushWorkerOptions {
  readonly models: PushModels;
  readonly providers: Readonly<Record<string, PushProvider>>;
  readonly defaultProjectId: string;
  readonly backoff: BackoffPolicy;
  /** The longest a send may take (cut shorter when the lease ends sooner). */
  readonly timeoutMs: number;
  readonly leaseMs: number;
  readonly sweepMs: number;
  readonly concurrency: number;
  readonly logger: Logger;
}

export interface PushWorker {
  /** Looks for due jobs now (after jobs were queued). */
  wake(): void;
  stop(): Promise<void>;
}

type Outcome = (typeof pushDeliveryStatuses)[number];

/** Records the outcome for the device's diagnostics and trims them to the last DELIVERIES_KEPT. */
async function recordOutcome(
  models: DeviceModels,
  job: HeldPushJob,
  tokenEnd: string,
  status: Outcome,
  code: string,
  attempts: number,
) {
  const owner = { networkEID: job.networkEID, profileEID: job.profileEID };
  await models.Delivery.create({
    ...owner,
    deviceEID: job.deviceEID,
    tokenEnd,
    messageType: job.messageType,
    status,
    providerCode: code,
    attempts,
    at: new Date(),
  });
  const older = await models.Delivery.find(
    { networkEID: job.networkEID, deviceEID: job.deviceEID },
    { _id: 1 },
  )
    .sort({ at: -1, _id: -1 })
    .skip(DELIVERIES_KEPT)
    .limit(100)
    .lean();
  if (older.length > 0)
    await models.Delivery.deleteMany({ networkEID: job.networkEID, _id: { $in: older.map((d) => d._id) } });
}

const PURGE_EVERY_MS = 60_000;

export function startPushWorker(options: PushWorkerOptions): PushWorker {
  const { models } = options;
  const later = (ms: number) => loop.later(ms);

  async function projectOf(device: DeviceDoc) {
    if (!device.whitelabelAppEID) return options.defaultProjectId;
    const app = await findWhitelabelApp(models, device.networkEID, device.whitelabelAppEID);
    return app?.projectId ?? options.defaultProjectId;
  }

  /** Ends the job with its outcome and the attempts made recorded, unless its lease lapsed meanwhile. */
  async function finish(
    job: HeldPushJob,
    device: DeviceDoc,
    outcome: { status: Outcome; code: string; attempts: number },
  ) {
    if (!(await finishJob(models, job))) return lostLease(job);
    if (outcome.status === 'dead-token')
      await models.Device.deleteOne({ networkEID: job.networkEID, _id: device._id });
    await recordOutcome(
      models,
      job,
      tokenEndOf(device.token),
      outcome.status,
      outcome.code,
      outcome.attempts,
    );
  }

  function lostLease(job: HeldPushJob) {
    options.logger.warn({ jobId: String(job._id) }, 'push delivery outcome dropped: the lease had lapsed');
  }

  async function process(job: HeldPushJob) {
    const device = await models.Device.findOne({
      networkEID: job.networkEID,
      profileEID: job.profileEID,
      _id: new Types.ObjectId(job.deviceEID),
    }).lean<DeviceDoc>();
    // Removed meanwhile (or moved to another person).
    if (!device) return void (await finishJob(models, job));
    // The holder of the last attempt lost its lease: that attempt counts, and no more are made
    // (this claim is no attempt).
    if (job.claims > options.backoff.maxAttempts)
      return finish(job, device, {
        status: 'failed',
        code: job.lastCode ?? 'lease-lapsed',
        attempts: job.claims - 1,
      });
    const provider = options.providers[device.notificationProvider];
    // Every lookup before the budget: time spent reading the store is time the lease has not left.
    const target = provider ? { token: device.token, projectId: await projectOf(device) } : null;
    const budgetMs = sendBudgetMs(job, options.timeoutMs);
    if (budgetMs === 0) return lostLease(job); // starved past the lease: the next claim takes it
    const outcome: PushOutcome =
      provider && target
        ? await provider.send(
            target,
            { messageType: job.messageType, networkEID: job.networkEID, alertEID: job.alertEID },
            budgetMs,
          )
        : { kind: 'failed', code: 'no-provider' };
    pushDeliveries.inc({ outcome: outcome.kind });
    if (outcome.kind === 'retryable') {
      const delay = nextDelayMs(options.backoff, job.claims, outcome.retryAfterMs);
      if (delay !== null) {
        if (!(await retryJobLater(models, job, delay, outcome.code))) return lostLease(job);
        later(delay);
        return;
      }
    }
    const status = outcome.kind === 'retryable' ? 'failed' : outcome.kind;
    await finish(job, device, { status, code: outcome.code, attempts: job.claims });
  }

  // Finished jobs kept past their time go at most once a minute, whatever the sweep's period.
  let purgedAt = 0;
  async function purgeNowAndThen() {
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    await purgeFinishedJobs(models);
  }

  // The claim-and-process loop (work-loop.ts, shared with app webhooks).
  const loop = startWorkLoop({
    claim: () => claimDueJob(models, options.leaseMs),
    onSweep: purgeNowAndThen,
    process,
    label: 'push delivery',
    idOf: (job) => ({ jobId: String(job._id) }),
    concurrency: options.concurrency,
    sweepMs: options.sweepMs,
    logger: options.logger,
  });
  return loop;
}
