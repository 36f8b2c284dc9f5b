/**
 * The push queue: one job per (alert occurrence, device), written by the alerts consumer right
 * after the alert and before the event is acknowledged, so a push survives a restart of the
 * service. The job is unique on the device and event, and stays after its outcome (no longer due,
 * `finishedAt` set) for FINISHED_KEPT_MS: an event delivered again once the push went out (its
 * handler failed after queueing, or the process died before acknowledging) finds the job and
 * queues nothing, so the person gets the push once. The sending happens later, off the consumer
 * (worker.ts): a slow or failing provider never holds an alert back.
 *
 * A due job is claimed as every queue of attempts here is (`due-claims.ts`): a unique insert into
 * `push_claims` keyed by the job, its claims so far and its due time, then a lease that counts the
 * claim; `claims` is the number of attempts the job has had.
 *
 * The due-job query and the purge of finished jobs are the two not scoped to a network: the queue
 * spans the networks. They read the `{ nextAttemptAt }` and `{ finishedAt }` indexes
 * (docs/decisions.md, "Notifications: devices, push and white-label apps").
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { claimAttempt, claimDue, heldFilter, type DueQueue, type HeldRow } from '../due-claims.js';
import type { DeviceModels } from '../devices/models.js';

const jobSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    deviceEID: { type: String, required: true },
    eventId: { type: String, required: true },
    alertEID: { type: String, required: true },
    messageType: { type: String, required: true },
    /** Attempts claimed so far (due-claims.ts): the attempts the job has had, a lost one included. */
    claims: { type: Number, default: 0 },
    /** Due at; null once finished. */
    nextAttemptAt: { type: Date, default: null },
    lastCode: { type: String, default: null },
    finishedAt: { type: Date, default: null },
  },
  { strict: true, collection: 'push_jobs', versionKey: false },
);
jobSchema.index({ networkEID: 1, deviceEID: 1, eventId: 1 }, { unique: true });
jobSchema.index({ nextAttemptAt: 1 });
jobSchema.index({ finishedAt: 1 });

/** How long a finished job is kept to refuse the same push again (a day: far past any redelivery). */
export const FINISHED_KEPT_MS = 24 * 60 * 60_000;

const claimSchema = new Schema(
  {
    _id: { type: String, required: true },
    networkEID: { type: String, required: true },
    jobId: { type: String, required: true },
  },
  { strict: true, collection: 'push_claims', versionKey: false },
);
claimSchema.index({ networkEID: 1, jobId: 1 });

export type PushJobDoc = InferSchemaType<typeof jobSchema> & { readonly _id: Types.ObjectId };

interface PushClaimDoc {
  _id: string;
  networkEID: string;
  jobId: string;
}

export interface PushJobModels {
  readonly PushJob: Model<PushJobDoc>;
  readonly PushClaim: Model<PushClaimDoc>;
}

export function registerPushJobModels(connection: Connection): PushJobModels {
  return {
    PushJob: connection.model<PushJobDoc>('PushJob', jobSchema),
    PushClaim: connection.model<PushClaimDoc>('PushClaim', claimSchema),
  };
}

/** The push queue as `due-claims.ts` claims from it. */
function dueQueue(models: PushJobModels): DueQueue<PushJobDoc> {
  return { rows: models.PushJob, claims: models.PushClaim, rowIdField: 'jobId' };
}

/** A job as its holder has it (due-claims.ts). */
export type HeldPushJob = HeldRow<PushJobDoc>;

/**
 * A due job the caller now holds for `leaseMs`, or null when none is due (or every due one was
 * claimed by someone else meanwhile).
 */
export function claimDueJob(models: PushJobModels, leaseMs: number): Promise<HeldPushJob | null> {
  return claimDue(dueQueue(models), leaseMs);
}

/** Claims `job` as it was read: null when another holder has it, or the job moved on since. */
export function claimJob(
  models: PushJobModels,
  job: PushJobDoc,
  leaseMs: number,
): Promise<HeldPushJob | null> {
  return claimAttempt(dueQueue(models), job, leaseMs);
}

/**
 * The job is finished: no longer due, kept to refuse the same push again, its claims gone. False
 * (nothing written) when the caller no longer held it: its outcome came after its lease.
 */
export async function finishJob(models: PushJobModels, job: HeldPushJob): Promise<boolean> {
  const finished = await models.PushJob.updateOne(heldFilter(job), {
    $set: { nextAttemptAt: null, finishedAt: new Date() },
  });
  if (finished.matchedCount === 0) return false;
  await models.PushClaim.deleteMany({ networkEID: job.networkEID, jobId: String(job._id) });
  return true;
}

/** The job's next attempt falls due in `delayMs`; false when the caller no longer held it. */
export async function retryJobLater(
  models: PushJobModels,
  job: HeldPushJob,
  delayMs: number,
  code: string,
): Promise<boolean> {
  const moved = await models.PushJob.updateOne(heldFilter(job), {
    $set: { nextAttemptAt: new Date(Date.now() + delayMs), lastCode: code },
  });
  return moved.matchedCount > 0;
}

/** Deletes the jobs finished more than FINISHED_KEPT_MS ago. */
export async function purgeFinishedJobs(models: PushJobModels, now = Date.now()): Promise<void> {
  await models.PushJob.deleteMany({ finishedAt: { $lt: new Date(now - FINISHED_KEPT_MS) } });
}

export interface PushRequest {
  readonly networkEID: string;
  readonly recipientEID: string;
  readonly eventId: string;
  readonly alertEID: string;
  readonly messageType: string;
}

/** Queues the push of one alert occurrence to each device of its recipient; resolves with the jobs queued. */
export async function enqueuePush(
  models: PushJobModels & DeviceModels,
  request: PushRequest,
): Promise<number> {
  const devices = await models.Device.find(
    { networkEID: request.networkEID, profileEID: request.recipientEID },
    { _id: 1 },
  ).lean();
  let queued = 0;
  for (const device of devices) {
    try {
      await models.PushJob.create({
        networkEID: request.networkEID,
        profileEID: request.recipientEID,
        deviceEID: String(device._id),
        eventId: request.eventId,
        alertEID: request.alertEID,
        messageType: request.messageType,
        nextAttemptAt: new Date(),
      });
      queued += 1;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // queued, or sent, for an earlier delivery of the event
    }
  }
  return queued;
}
