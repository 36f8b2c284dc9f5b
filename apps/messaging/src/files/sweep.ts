/**
 * Files: the sweep, every `FILES_SWEEP_INTERVAL_MS` in every instance. A temporary file
 * waiting longer than `FILES_TEMPORARY_TTL_MS` is deleted (its record, its GridFS files document and
 * chunks); an upload that received no chunk for `FILES_UPLOAD_IDLE_MS` (a client gone mid-body, a
 * gateway that died) is ended and its chunks removed. Each removal is one conditional delete that
 * states the precondition (still temporary and unattached; still idle), so instances sweeping at
 * the same time, and an attach racing the sweep, never both win. Bounded per tick.
 * A file of no folder whose message was removed keeps the message and gets `temporarySince`
 * (attachments.ts, `releaseAttachments`): it is deleted the same way once the message is found
 * removed (a file whose message is live or missing is left alone). A deleted file's thumbnails and
 * poster (blobs of the same bucket) and its video rows go with it.
 */
import { Types } from 'mongoose';
import type { Logger } from '@ncs/service-kit';
import { poller, type Poller } from '../messages/lease.js';
import { removeBlob } from './blobs.js';
import type { FileStore } from './models.js';

/** Most files and most uploads removed per tick (the next tick takes the rest). */
export const SWEEP_BATCH = 100;

export interface SweepOptions {
  readonly temporaryTtlMs: number;
  readonly uploadIdleMs: number;
  readonly intervalMs: number;
}

/** A file's or an upload's GridFS files document and chunks. */
const removeStored = (models: FileStore, networkEID: string, id: string) =>
  removeBlob(models, networkEID, new Types.ObjectId(id));

/** What the service made of a deleted file: thumbnails, poster (blobs), video job and views. */
async function removeMedia(
  models: FileStore,
  networkEID: string,
  fileEID: string,
  posterId: Types.ObjectId | null,
): Promise<void> {
  const { Thumbnail, VideoJob, VideoView } = models.files.media;
  const thumbnails = await Thumbnail.find({ networkEID, fileEID }, { blobId: 1 }).lean();
  for (const { blobId } of thumbnails) await removeBlob(models, networkEID, blobId);
  if (thumbnails.length > 0) await Thumbnail.deleteMany({ networkEID, fileEID });
  if (posterId) await removeBlob(models, networkEID, posterId);
  await VideoJob.deleteMany({ networkEID, fileEID });
  await VideoView.deleteMany({ networkEID, fileEID });
}

/** Whether the message was removed (removal is final: messages/removal.ts). */
async function isRemovedMessage(models: FileStore, networkEID: string, messageEID: string) {
  if (!Types.ObjectId.isValid(messageEID)) return false;
  return (await models.Message.exists({ _id: messageEID, networkEID, removedAt: { $ne: null } })) !== null;
}

/** Deletes the temporary files, and those of removed messages, older than `ttlMs`; how many. */
export async function sweepTemporaryFiles(models: FileStore, ttlMs: number, now = new Date()) {
  const before = new Date(now.getTime() - ttlMs);
  const due = await models.files.FileRecord.find(
    { temporarySince: { $lte: before } },
    { networkEID: 1, EID: 1, messageEID: 1, posterId: 1 },
  )
    .sort({ temporarySince: 1 })
    .limit(SWEEP_BATCH)
    .lean<
      { networkEID: string; EID: string; messageEID: string | null; posterId: Types.ObjectId | null }[]
    >();
  let removed = 0;
  for (const { networkEID, EID, messageEID, posterId } of due) {
    // Attached, and the message not removed: a claim in progress (or one that failed half-way).
    if (messageEID && !(await isRemovedMessage(models, networkEID, messageEID))) continue;
    const gone = await models.files.FileRecord.deleteOne({
      networkEID,
      EID,
      messageEID: messageEID ?? null,
      temporarySince: { $lte: before },
      networkAssetSince: null, // Files: a branding image adopted meanwhile stays (assets.ts)
    });
    if (gone.deletedCount === 0) continue; // attached meanwhile, or another instance took it
    await removeStored(models, networkEID, EID);
    await removeMedia(models, networkEID, EID, posterId);
    removed += 1;
  }
  return removed;
}

/** Ends the uploads idle for longer than `idleMs` and removes their chunks; how many. */
export async function sweepIdleUploads(models: FileStore, idleMs: number, now = new Date()) {
  const before = new Date(now.getTime() - idleMs);
  const idle = await models.files.FileUpload.find(
    { touched: { $lte: before } },
    { networkEID: 1, uploadId: 1 },
  )
    .sort({ touched: 1 })
    .limit(SWEEP_BATCH)
    .lean<{ networkEID: string; uploadId: string }[]>();
  let removed = 0;
  for (const { networkEID, uploadId } of idle) {
    const gone = await models.files.FileUpload.deleteOne({ networkEID, uploadId, touched: { $lte: before } });
    if (gone.deletedCount === 0) continue; // a chunk came meanwhile, or it finished
    await removeStored(models, networkEID, uploadId);
    removed += 1;
  }
  return removed;
}

export function fileSweep(models: FileStore, options: SweepOptions, logger: Logger): Poller {
  return poller(
    'files-sweep',
    options.intervalMs,
    async () => {
      const files = await sweepTemporaryFiles(models, options.temporaryTtlMs);
      const uploads = await sweepIdleUploads(models, options.uploadIdleMs);
      if (files + uploads > 0) logger.info({ files, uploads }, 'files swept');
    },
    logger,
  );
}
