/**
 * Files (media): videos, processed in the background. Finishing a `video` upload queues
 * a `video_jobs` row; every instance's video poller claims pending jobs (`video:<id>` in
 * `message_claims`, a lease: a job whose instance died is taken over, a restart picks up what was
 * left), writes the video to a temporary file chunk by chunk, asks ffmpeg for the duration and a
 * poster frame, stores the poster as a file of its own and the outcome on the video's record, records the
 * event `events.messaging.file.video_processed` (alert `video_processing_complete` to the
 * uploader). Views: a person's first download of a video's bytes (`video_views`, unique per person).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Types } from 'mongoose';
import { VIDEO_PROCESSED_VERB } from '@ncs/contracts';
import { isDuplicateKeyError, type Logger, type Outbox } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { claim } from '../messages/lease.js';
import { readInBatches, writeBlob } from './blobs.js';
import { probeVideo } from './ffmpeg.js';
import type { VideoJobDoc } from './media-models.js';
import type { FileRecordDoc } from './models.js';
import { peopleAudience } from '../messages/audience.js';
import type { FileStore } from './models.js';

/** A job's lease: ffmpeg's time limit plus the reads and writes around it. */
const VIDEO_LEASE_MS = 5 * 60_000;
const FFMPEG_TIMEOUT_MS = 2 * 60_000;
const JOBS_PER_TICK = 5;

/** Queues a finished video (once: the unique index keeps one job per file). */
export async function queueVideo(
  models: FileStore,
  record: Pick<FileRecordDoc, 'networkEID' | 'EID' | 'uploaderEID'>,
) {
  await models.files.media.VideoJob.create({
    networkEID: record.networkEID,
    fileEID: record.EID,
    uploaderEID: record.uploaderEID,
  }).catch((error: unknown) => {
    if (!isDuplicateKeyError(error)) throw error;
  });
}

async function processVideo(models: FileStore, record: FileRecordDoc) {
  const dir = await mkdtemp(join(tmpdir(), 'ncs-video-'));
  try {
    const path = join(dir, 'video');
    const chunks = readInBatches(models, record.networkEID, new Types.ObjectId(record.EID), record.size);
    await pipeline(Readable.from(chunks), createWriteStream(path));
    return await probeVideo(path, FFMPEG_TIMEOUT_MS);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The poster frame as a file of its own: kind image, in the video's group (its read permission). */
async function storePoster(models: FileStore, video: FileRecordDoc, bytes: Buffer) {
  const name = `${video.name.replace(/\.[^.]*$/, '') || 'video'}-poster.jpg`;
  const blob = await writeBlob(models, video.networkEID, bytes, name, 'image/jpeg');
  await new models.files.FileRecord({
    networkEID: video.networkEID,
    EID: blob.id.toHexString(),
    name,
    size: blob.length,
    contentType: 'image/jpeg',
    kind: 'image',
    uploaderEID: video.uploaderEID,
    folderEID: null,
    groupEID: video.groupEID ?? null,
    sha256: blob.sha256,
  }).save();
  return blob;
}

async function runJob(models: FileStore, outbox: Outbox, logger: Logger, job: VideoJobDoc) {
  const { networkEID, fileEID } = job;
  const record = await models.files.FileRecord.findOne({ networkEID, EID: fileEID }).lean();
  let outcome: { duration: number | null; poster: Buffer | null } = { duration: null, poster: null };
  if (record) {
    outcome = await processVideo(models, record).catch((error: unknown) => {
      logger.warn({ err: error, fileEID }, 'video processing failed');
      return { duration: null, poster: null };
    });
  }
  const ready = outcome.poster !== null;
  const poster = record && outcome.poster ? await storePoster(models, record, outcome.poster) : null;
  await models.files.FileRecord.updateOne(
    { networkEID, EID: fileEID },
    {
      $set: {
        videoState: ready ? 'ready' : 'failed',
        duration: outcome.duration,
        posterId: poster?.id ?? null,
      },
    },
  );
  const ended = await models.files.media.VideoJob.updateOne(
    { _id: job._id, status: 'pending' },
    { $set: { status: ready ? 'done' : 'failed' } },
  );
  if (ended.modifiedCount !== 1 || !record) return;
  const user = { type: 'user' as const, EID: job.uploaderEID };
  await outbox.record(`messaging.file.${VIDEO_PROCESSED_VERB}`, {
    networkEID,
    actor: user,
    audience: peopleAudience([job.uploaderEID]),
    data: {
      alert: 'video_processing_complete',
      recipient: user,
      file: { type: 'file', EID: fileEID, name: record.name },
      state: ready ? 'ready' : 'failed',
      duration: outcome.duration,
    },
  });
}

/** One tick of the video poller: the pending jobs this instance claims; the number run. */
export async function runVideoJobs(models: FileStore, outbox: Outbox, logger: Logger): Promise<number> {
  const pending = await models.files.media.VideoJob.find({ status: 'pending' })
    .sort({ created: 1, _id: 1 })
    .limit(JOBS_PER_TICK)
    .lean<VideoJobDoc[]>();
  let done = 0;
  for (const job of pending) {
    if (!(await claim(models.Claim, `video:${String(job._id)}`, VIDEO_LEASE_MS))) continue;
    await runJob(models, outbox, logger, job);
    done += 1;
  }
  return done;
}

/** A person's download of a video counts once (the unique index keeps the first). */
export async function countVideoView(models: FileStore, caller: Caller, record: FileRecordDoc) {
  if (record.kind !== 'video') return;
  await models.files.media.VideoView.create({
    networkEID: caller.networkEID,
    fileEID: record.EID,
    viewerEID: caller.profileEID,
  }).catch((error: unknown) => {
    if (!isDuplicateKeyError(error)) throw error;
  });
}

/** `numVideoViews`: the people who played the video (rows of one file: at most the network's members). */
export async function videoViewsOf(models: FileStore, record: FileRecordDoc): Promise<number> {
  if (record.kind !== 'video') return 0;
  return models.files.media.VideoView.countDocuments({ networkEID: record.networkEID, fileEID: record.EID });
}
