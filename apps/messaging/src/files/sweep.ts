/**
 * Files: the sweep (issue #16), every `FILES_SWEEP_INTERVAL_MS` in every instance. A temporary file
 * waiting longer than `FILES_TEMPORARY_TTL_MS` is deleted (its record, its GridFS files document and
 * chunks); an upload that received no chunk for `FILES_UPLOAD_IDLE_MS` (a client gone mid-body, a
 * gateway that died) is ended and its chunks removed. Each removal is one conditional delete that
 * states the precondition (still temporary and unattached; still idle), so instances sweeping at
 * the same time, and an attach racing the sweep, never both win. Bounded per tick.
 */
import { Types } from 'mongoose';
import type { Logger } from '@ncs/service-kit';
import type { MessagingModels } from '../messages/models.js';
import { poller, type Poller } from '../scheduling/lease.js';

/** Most files and most uploads removed per tick (the next tick takes the rest). */
export const SWEEP_BATCH = 100;

export interface SweepOptions {
  readonly temporaryTtlMs: number;
  readonly uploadIdleMs: number;
  readonly intervalMs: number;
}

async function removeStored(models: MessagingModels, networkEID: string, id: string): Promise<void> {
  const _id = new Types.ObjectId(id);
  await models.files.GridFile.deleteOne({ networkEID, _id });
  await models.files.FileChunk.deleteMany({ networkEID, files_id: _id });
}

/** Deletes the temporary files older than `ttlMs`; how many. */
export async function sweepTemporaryFiles(models: MessagingModels, ttlMs: number, now = new Date()) {
  const before = new Date(now.getTime() - ttlMs);
  const due = await models.files.FileRecord.find(
    { temporarySince: { $lte: before } },
    { networkEID: 1, EID: 1 },
  )
    .sort({ temporarySince: 1 })
    .limit(SWEEP_BATCH)
    .lean<{ networkEID: string; EID: string }[]>();
  let removed = 0;
  for (const { networkEID, EID } of due) {
    const gone = await models.files.FileRecord.deleteOne({
      networkEID,
      EID,
      messageEID: null,
      temporarySince: { $lte: before },
      networkAssetSince: null, // Files: a branding image adopted meanwhile stays (assets.ts)
    });
    if (gone.deletedCount === 0) continue; // attached meanwhile, or another instance took it
    await removeStored(models, networkEID, EID);
    removed += 1;
  }
  return removed;
}

/** Ends the uploads idle for longer than `idleMs` and removes their chunks; how many. */
export async function sweepIdleUploads(models: MessagingModels, idleMs: number, now = new Date()) {
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

export function fileSweep(models: MessagingModels, options: SweepOptions, logger: Logger): Poller {
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
