/**
 * Files (media): images made by the service (thumbnails, posters) stored as GridFS blobs
 * of the files' bucket: chunks of FILE_CHUNK_BYTES, then the files document. They are served by the
 * same reads as an upload (`fileRead` by the blob's id), never listed as files.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { FILE_CHUNK_BYTES } from '@ncs/contracts';
import { chunkBytes } from './models.js';
import type { FileStore } from './models.js';

export interface Blob {
  readonly id: Types.ObjectId;
  readonly length: number;
  readonly sha256: string;
}

/** Stores `bytes` as a new blob of the network. */
export async function writeBlob(
  models: FileStore,
  networkEID: string,
  bytes: Buffer,
  filename: string,
  contentType: string,
): Promise<Blob> {
  const id = new Types.ObjectId();
  const chunks = [];
  for (let n = 0; n * FILE_CHUNK_BYTES < bytes.length; n += 1)
    chunks.push({
      networkEID,
      files_id: id,
      n,
      data: bytes.subarray(n * FILE_CHUNK_BYTES, (n + 1) * FILE_CHUNK_BYTES),
    });
  await models.files.FileChunk.insertMany(chunks);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await models.files.GridFile.create({
    _id: id,
    networkEID,
    length: bytes.length,
    chunkSize: FILE_CHUNK_BYTES,
    uploadDate: new Date(),
    filename,
    metadata: { contentType, sha256 },
  });
  return { id, length: bytes.length, sha256 };
}

/** Removes a blob (a thumbnail that lost the race to another). */
export async function removeBlob(models: FileStore, networkEID: string, id: Types.ObjectId) {
  await models.files.GridFile.deleteOne({ networkEID, _id: id });
  await models.files.FileChunk.deleteMany({ networkEID, files_id: id });
}

/** Chunks `first` … `last` of a stored blob or file, in order. */
async function chunksOf(
  models: FileStore,
  networkEID: string,
  id: Types.ObjectId,
  first: number,
  last: number,
): Promise<Buffer[]> {
  const chunks = await models.files.FileChunk.find({
    networkEID,
    files_id: id,
    n: { $gte: first, $lte: last },
  })
    .sort({ n: 1 })
    .lean();
  return chunks.map((chunk) => chunkBytes(chunk.data));
}

/** The whole bytes of a stored file or blob (images: bounded by the image size limit). */
export async function readWhole(
  models: FileStore,
  networkEID: string,
  id: Types.ObjectId,
  length: number,
): Promise<Buffer> {
  const last = Math.max(0, Math.ceil(length / FILE_CHUNK_BYTES) - 1);
  return Buffer.concat(await chunksOf(models, networkEID, id, 0, last));
}

/** The first chunk of a stored file (an image's header is in it). */
export async function readHead(models: FileStore, networkEID: string, id: Types.ObjectId) {
  return Buffer.concat(await chunksOf(models, networkEID, id, 0, 0));
}

/** Chunks of a file from `first`, `count` at a time, in order (a video written to disk). */
export async function* readInBatches(
  models: FileStore,
  networkEID: string,
  id: Types.ObjectId,
  length: number,
  count = 8,
): AsyncGenerator<Buffer> {
  const chunkCount = Math.ceil(length / FILE_CHUNK_BYTES);
  for (let first = 0; first < chunkCount; first += count)
    for (const chunk of await chunksOf(
      models,
      networkEID,
      id,
      first,
      Math.min(chunkCount, first + count) - 1,
    ))
      yield chunk;
}
