/**
 * The push worker of one instance: claims due jobs (jobs.ts) and sends them through the device's
 * provider; a delivered message, a dead token (the device is removed) or spent attempts end the job
 * with its outcome recorded; a retryable answer puts it back with its next attempt due after the
 * backoff (backoff.ts). It is woken when jobs are queued and when a retry falls due, and sweeps
 * every `sweepMs` for what another instance left (a lapsed lease) or a restart interrupted. Jobs
 * are claimed once each (jobs.ts `claimDueJob`).
 */
import type { pushDeliveryStatuses } from '@ncs/contracts';
import type { Logger } from '@ncs/service-kit';
import { Types } from 'mongoose';
import { tokenEndOf } from '../devices/devices.js';
import { DELIVERIES_KEPT, type DeviceDoc, type DeviceModels } from '../devices/models.js';
import { findWhitelabelApp } from '../whitelabel/apps.js';
import type { WhitelabelModels } from '../whitelabel/models.js';
import { nextDelayMs, type BackoffPolicy } from './backoff.js';
import { claimDueJob, finishJob, retryJobLater, type PushJobDoc, type PushJobModels } from './jobs.js';
import type { PushOutcome, PushProvider } from './provider.js';
import { startWorkLoop } from '../work-loop.js';

export type PushModels = PushJobModels & DeviceModels & WhitelabelModels;

export interface PushWorkerOptions {
  readonly models: PushModels;
  readonly providers: Readonly<Record<string, PushProvider>>;
  readonly defaultProjectId: string;
  readonly backoff: BackoffPolicy;
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

/** Records the outcome for the device's diagnostics and trims them to the last DELIVERIES_KEPT. */
async function recordOutcome(
  models: DeviceModels,
  job: PushJobDoc,
  tokenEnd: string,
  status: (typeof pushDeliveryStatuses)[number],
  code: string,
) {
  const owner = { networkEID: job.networkEID, profileEID: job.profileEID };
  await models.Delivery.create({
    ...owner,
    deviceEID: job.deviceEID,
    tokenEnd,
    messageType: job.messageType,
    status,
    providerCode: code,
    attempts: job.attempts + 1,
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

export function startPushWorker(options: PushWorkerOptions): PushWorker {
  const { models } = options;
  const later = (ms: number) => loop.later(ms);

  async function projectOf(device: DeviceDoc) {
    if (!device.whitelabelAppEID) return options.defaultProjectId;
    const app = await findWhitelabelApp(models, device.networkEID, device.whitelabelAppEID);
    return app?.projectId ?? options.defaultProjectId;
  }

  async function process(job: PushJobDoc) {
    const done = () => finishJob(models, job);
    const device = await models.Device.findOne({
      networkEID: job.networkEID,
      profileEID: job.profileEID,
      _id: new Types.ObjectId(job.deviceEID),
    }).lean<DeviceDoc>();
    if (!device) return done(); // removed meanwhile (or moved to another person)
    const provider = options.providers[device.notificationProvider];
    const outcome: PushOutcome = provider
      ? await provider.send(
          { token: device.token, projectId: await projectOf(device) },
          { messageType: job.messageType, networkEID: job.networkEID, alertEID: job.alertEID },
        )
      : { kind: 'failed', code: 'no-provider' };
    const tokenEnd = tokenEndOf(device.token);
    if (outcome.kind === 'retryable') {
      const delay = nextDelayMs(options.backoff, job.attempts + 1, outcome.retryAfterMs);
      if (delay !== null) {
        await retryJobLater(models, job, delay, outcome.code);
        later(delay);
        return;
      }
    }
    const status = outcome.kind === 'retryable' ? 'failed' : outcome.kind;
    if (outcome.kind === 'dead-token')
      await models.Device.deleteOne({ networkEID: job.networkEID, _id: device._id });
    await recordOutcome(models, job, tokenEnd, status, outcome.code);
    await done();
  }

  // The claim-and-process loop (work-loop.ts, shared with app webhooks).
  const loop = startWorkLoop({
    claim: () => claimDueJob(models, options.leaseMs),
    process,
    label: 'push delivery',
    idOf: (job) => ({ jobId: String(job._id) }),
    concurrency: options.concurrency,
    sweepMs: options.sweepMs,
    logger: options.logger,
  });
  return loop;
}
