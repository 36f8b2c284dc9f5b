/**
 * The push queue: one job per (alert occurrence, device), written by the alerts consumer right
 * after the alert and before the event is acknowledged, so a push survives a restart of the
 * service (at least once: unique on the device and event while queued; a job is deleted once its
 * outcome is recorded). The sending happens later, off the consumer (worker.ts): a slow or failing
 * provider never holds an alert back.
 *
 * A due job is claimed as every queue of attempts here is (`due-claims.ts`): a unique insert into
 * `push_claims` keyed by the job, its attempt and its due time, then a lease.
 *
 * The due-job query is the one not scoped to a network: the queue spans the networks. It reads the
 * `{ nextAttemptAt }` index, and the queue holds only unfinished jobs (docs/decisions.md,
 * "Notifications: devices, push and white-label apps").
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { claimAttempt, claimDue, type DueQueue } from '../due-claims.js';
import type { DeviceModels } from '../devices/models.js';

const jobSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    deviceEID: { type: String, required: true },
    eventId: { type: String, required: true },
    alertEID: { type: String, required: true },
    messageType: { type: String, required: true },
    /** Attempts made so far. */
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    lastCode: { type: String, default: null },
  },
  { strict: true, collection: 'push_jobs', versionKey: false },
);
jobSchema.index({ networkEID: 1, deviceEID: 1, eventId: 1 }, { unique: true });
jobSchema.index({ nextAttemptAt: 1 });

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

/**
 * A due job the caller now holds for `leaseMs`, or null when none is due (or every due one was
 * claimed by someone else meanwhile).
 */
export function claimDueJob(models: PushJobModels, leaseMs: number): Promise<PushJobDoc | null> {
  return claimDue(dueQueue(models), leaseMs);
}

/** Claims `job` as it was read: null when another holder has it, or the job moved on since. */
export function claimJob(
  models: PushJobModels,
  job: PushJobDoc,
  leaseMs: number,
): Promise<PushJobDoc | null> {
  return claimAttempt(dueQueue(models), job, leaseMs);
}

/** The job is finished: it and its claims go. */
export async function finishJob(models: PushJobModels, job: PushJobDoc): Promise<void> {
  await models.PushJob.deleteOne({ _id: job._id, networkEID: job.networkEID });
  await models.PushClaim.deleteMany({ networkEID: job.networkEID, jobId: String(job._id) });
}

/** The job's next attempt falls due in `delayMs`. */
export async function retryJobLater(models: PushJobModels, job: PushJobDoc, delayMs: number, code: string) {
  await models.PushJob.updateOne(
    { _id: job._id, networkEID: job.networkEID },
    { $set: { attempts: job.attempts + 1, nextAttemptAt: new Date(Date.now() + delayMs), lastCode: code } },
  );
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
      if (!isDuplicateKeyError(error)) throw error; // queued by an earlier delivery of the event
    }
  }
  return queued;
}
