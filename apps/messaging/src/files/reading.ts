/**
 * Files: reading a file's metadata and bytes. Who may read: where the file lives says
 * (a group's file: who may read the group's content, else 404). Bytes are read from the GridFS
 * chunks by range, at most FILE_READ_MAX_BYTES per request (the gateway streams them on).
 */
import { Types } from 'mongoose';
import { DomainError, FILE_CHUNK_BYTES, FILE_READ_MAX_BYTES, type FileReadRequest } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { requireFileReader } from './file-access.js';
import { chunkBytes, type FileRecordDoc } from './models.js';
import { presentFile } from './presentation.js';
// Files (media): video views.
import { countVideoView, videoViewsOf } from './video.js';
import type { FileStore } from './models.js';

/** The file if the caller may read it, else 404 (another network's, another group's). */
export async function readableFile(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  fileEID: string,
): Promise<FileRecordDoc> {
  const record = await models.files.FileRecord.findOne({
    networkEID: caller.networkEID,
    EID: fileEID,
  }).lean();
  if (!record) throw new DomainError('FILES_ERR_FILE_NOT_FOUND');
  await requireFileReader(models, rpc, caller, record); // Files: temporary, attached or a group's
  return record;
}

export async function getFile(models: FileStore, rpc: RpcClient, caller: Caller, fileEID: string) {
  const record = await readableFile(models, rpc, caller, fileEID);
  return presentFile(record, await videoViewsOf(models, record));
}

/** What the gateway needs to serve the bytes (`format: 'file'`). */
export async function downloadInfo(models: FileStore, rpc: RpcClient, caller: Caller, fileEID: string) {
  const record = await readableFile(models, rpc, caller, fileEID);
  // Files (media): a person's download of a video is a view.
  await countVideoView(models, caller, record);
  return {
    EID: record.EID,
    name: record.name,
    size: record.size,
    contentType: record.contentType,
    ETag: `"${record.sha256}"`,
  };
}

/** Bytes `start` … `end` (inclusive) of a file of the network, base64. */
export async function readBytes(models: FileStore, networkEID: string, request: FileReadRequest) {
  const { fileEID, start, end } = request;
  if (
    !Types.ObjectId.isValid(fileEID) ||
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end < start ||
    end - start + 1 > FILE_READ_MAX_BYTES
  )
    throw new DomainError('BAD_REQUEST', `A read names a file and at most ${FILE_READ_MAX_BYTES} bytes.`);
  // The GridFS files document: an upload's, or a thumbnail's or poster's (files: media).
  const stored = await models.files.GridFile.findOne(
    { networkEID, _id: new Types.ObjectId(fileEID) },
    { length: 1 },
  ).lean();
  if (!stored) throw new DomainError('FILES_ERR_FILE_NOT_FOUND');
  if (end >= stored.length) throw new DomainError('FILES_ERR_RANGE_NOT_SATISFIABLE');
  const first = Math.floor(start / FILE_CHUNK_BYTES);
  const last = Math.floor(end / FILE_CHUNK_BYTES);
  const chunks = await models.files.FileChunk.find({
    networkEID,
    files_id: new Types.ObjectId(fileEID),
    n: { $gte: first, $lte: last },
  })
    .sort({ n: 1 })
    .lean();
  if (chunks.length !== last - first + 1)
    throw new DomainError('INTERNAL', 'A chunk of the file is missing.');
  const bytes = Buffer.concat(chunks.map((chunk) => chunkBytes(chunk.data)));
  const offset = start - first * FILE_CHUNK_BYTES;
  return { data: bytes.subarray(offset, offset + end - start + 1).toString('base64') };
}
