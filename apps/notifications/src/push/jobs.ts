/**
 * The push queue: one job per (alert occurrence, device), written by the alerts consumer right
 * after the alert and before the event is acknowledged, so a push survives a restart of the
 * service (at least once: unique on the device and event while queued; a job is deleted once its
 * outcome is recorded). The sending happens later, off the consumer (worker.ts): a slow or failing
 * provider never holds an alert back.
 *
 * Claiming a due job is a unique INSERT into `push_claims`, keyed by the job, its attempt and its
 * due time: the one write atomic on FerretDB 1.24 too, whose `findAndModify` and conditional
 * updates are a read then a write (two instances, or two loops of one, both "claimed" a job). The
 * winner moves the job's due time a lease ahead: others skip it, and if the winner dies the job
 * falls due again under a new key, claimable once more.
 *
 * The due-job query is the one not scoped to a network: the queue spans the networks. It reads the
 * `{ nextAttemptAt }` index, and the queue holds only unfinished jobs (docs/decisions.md,
 * "Notifications: devices, push and white-label apps").
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { isDuplicateKeyError } from '@ncs/service-kit';
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

/** Due jobs looked at per query. */
const DUE_BATCH = 20;

/**
 * A due job the caller now holds for `leaseMs`, or null when none is due (or every due one was
 * claimed by someone else meanwhile).
 */
export async function claimDueJob(models: PushJobModels, leaseMs: number): Promise<PushJobDoc | null> {
  const due = await models.PushJob.find({ nextAttemptAt: { $lte: new Date() } })
    .sort({ nextAttemptAt: 1 })
    .limit(DUE_BATCH)
    .lean<PushJobDoc[]>();
  for (const job of due) {
    const claimed = await claimJob(models, job, leaseMs);
    if (claimed) return claimed;
  }
  return null;
}

/**
 * Claims `job` as it was read: null when another holder has it, or when it is no longer in the
 * state read. The second check matters: a holder that finishes a job deletes its claims, so a loop
 * whose read predates that finish could insert the same claim again and send the push twice; the
 * finisher deletes or moves the job first, so the lease update below, conditional on the attempt and
 * due time read, then matches nothing and the stray claim is dropped.
 */
export async function claimJob(
  models: PushJobModels,
  job: PushJobDoc,
  leaseMs: number,
): Promise<PushJobDoc | null> {
  const jobId = String(job._id);
  const claimId = `${jobId}:${job.attempts}:${job.nextAttemptAt.getTime()}`;
  try {
    await models.PushClaim.create({ _id: claimId, networkEID: job.networkEID, jobId });
  } catch (error) {
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
  const leaseEnd = new Date(Date.now() + leaseMs);
  const leased = await models.PushJob.updateOne(
    { _id: job._id, networkEID: job.networkEID, attempts: job.attempts, nextAttemptAt: job.nextAttemptAt },
    { $set: { nextAttemptAt: leaseEnd } },
  );
  if (leased.matchedCount === 0) {
    await models.PushClaim.deleteOne({ _id: claimId, networkEID: job.networkEID });
    return null;
  }
  return { ...job, nextAttemptAt: leaseEnd };
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
