/**
 * Files: the streamed upload, stateless between requests (any instance takes any step).
 * `beginUpload` checks where the file goes and records the upload; `storeChunk` writes one GridFS
 * chunk document; `finishUpload` takes the upload once (a conditional delete), checks that every
 * chunk arrived, sniffs the content type from chunk 0, then writes the GridFS files document and
 * the file record: nothing is visible before. `abortUpload` removes what an upload wrote.
 */
import { Types } from 'mongoose';
import {
  DomainError,
  FILE_CHUNK_BYTES,
  type FileChunkRequest,
  type FileFinishRequest,
  type FileKind,
  type FileUploadBegin,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { placeOfFolder, requireFolderWriter } from './access.js';
import { chunkBytes } from './models.js';
import { presentFile } from './presentation.js';
import { fitsKind, sniffContentType, SNIFF_BYTES } from './sniff.js';
// Files: media.
import { requireImagePixels } from './megapixels.js';
import { queueVideo } from './video.js';
// Files: attachments and temporary uploads.
import { finishedFieldsOf } from './temporary.js';
import type { FileStore } from './models.js';

export async function beginUpload(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  folderEID: string,
  kind: FileKind,
): Promise<FileUploadBegin> {
  const place = await placeOfFolder(models, caller.networkEID, folderEID);
  await requireFolderWriter(rpc, caller, place);
  const uploadId = new Types.ObjectId().toHexString();
  await models.files.FileUpload.create({
    networkEID: caller.networkEID,
    uploadId,
    kind,
    uploaderEID: caller.profileEID,
    folderEID: place.folderEID,
    groupEID: place.groupEID,
  });
  return { uploadId, kind };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

export async function storeChunk(models: FileStore, networkEID: string, request: FileChunkRequest) {
  const { uploadId, n, data } = request;
  if (!Types.ObjectId.isValid(uploadId) || !Number.isInteger(n) || n < 0 || typeof data !== 'string')
    throw new DomainError('BAD_REQUEST', 'A chunk names its upload, its number and its bytes.');
  // Files: the upload is alive while chunks come (an idle one is swept, sweep.ts).
  const upload = await models.files.FileUpload.updateOne(
    { networkEID, uploadId },
    { $set: { touched: new Date() } },
  );
  if (upload.matchedCount === 0) throw new DomainError('FILES_ERR_UPLOAD_NOT_FOUND');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0 || bytes.length > FILE_CHUNK_BYTES)
    throw new DomainError('BAD_REQUEST', `A chunk holds 1 to ${FILE_CHUNK_BYTES} bytes.`);
  const files_id = new Types.ObjectId(uploadId);
  // A retried chunk is already there: the unique index keeps one.
  await models.files.FileChunk.create({ networkEID, files_id, n, data: bytes }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error;
  });
  return { n };
}

async function removeChunks(models: FileStore, networkEID: string, uploadId: string): Promise<void> {
  await models.files.FileChunk.deleteMany({ networkEID, files_id: new Types.ObjectId(uploadId) });
}

/** Every chunk 0 … last is there, each of its size: the stored bytes are the file. */
async function chunksComplete(models: FileStore, networkEID: string, uploadId: string, length: number) {
  const files_id = new Types.ObjectId(uploadId);
  const count = Math.ceil(length / FILE_CHUNK_BYTES);
  const last = await models.files.FileChunk.findOne({ networkEID, files_id, n: count - 1 }).lean();
  const lastSize = length - (count - 1) * FILE_CHUNK_BYTES;
  if (!last || chunkBytes(last.data).length !== lastSize) return null;
  const first =
    count === 1 ? last : await models.files.FileChunk.findOne({ networkEID, files_id, n: 0 }).lean();
  return first ? Buffer.from(chunkBytes(first.data).subarray(0, SNIFF_BYTES)) : null;
}

export async function finishUpload(
  models: FileStore,
  networkEID: string,
  request: FileFinishRequest,
  version?: string,
) {
  const { uploadId, name, length, sha256 } = request;
  if (
    !Types.ObjectId.isValid(uploadId) ||
    !Number.isInteger(length) ||
    length < 1 ||
    !/^[0-9a-f]{64}$/.test(sha256)
  )
    throw new DomainError('BAD_REQUEST', 'Finishing names the upload, its length and its SHA-256.');
  // Taken once: a second finish (or an abort) finds nothing.
  const upload = await models.files.FileUpload.findOneAndDelete({ networkEID, uploadId }).lean();
  if (!upload) throw new DomainError('FILES_ERR_UPLOAD_NOT_FOUND');
  const head = await chunksComplete(models, networkEID, uploadId, length);
  if (!head) {
    await removeChunks(models, networkEID, uploadId);
    throw new DomainError('FILES_ERR_UPLOAD_MALFORMED', 'Some bytes of the upload are missing.');
  }
  const contentType = sniffContentType(head);
  const kind = upload.kind;
  if (!fitsKind(kind, contentType)) {
    await removeChunks(models, networkEID, uploadId);
    throw new DomainError(
      'FILES_ERR_CONTENT_MISMATCH',
      `The file was declared ${kind === 'image' ? 'an image' : 'a video'}, but its bytes are ${contentType}.`,
      [{ pointer: '/query/kind', message: `does not fit the bytes (${contentType})` }],
    );
  }
  // Files (media): the 20-megapixel gate of older versions.
  await requireImagePixels(models, networkEID, uploadId, kind, length, version).catch(async (error) => {
    await removeChunks(models, networkEID, uploadId);
    throw error;
  });
  const _id = new Types.ObjectId(uploadId);
  await models.files.GridFile.create({
    _id,
    networkEID,
    length,
    chunkSize: FILE_CHUNK_BYTES,
    uploadDate: new Date(),
    filename: name,
    metadata: { contentType, sha256 },
  });
  const record = new models.files.FileRecord({
    networkEID,
    EID: uploadId,
    name,
    size: length,
    contentType,
    kind,
    uploaderEID: upload.uploaderEID,
    folderEID: upload.folderEID ?? null,
    groupEID: upload.groupEID ?? null,
    sha256,
    ...finishedFieldsOf(upload), // Files: temporary uploads, an app's upload
  });
  await record.save();
  // Files (media): a video is processed in the background.
  if (kind === 'video') await queueVideo(models, record);
  return presentFile(record.toObject());
}

export async function abortUpload(models: FileStore, networkEID: string, uploadId: unknown) {
  if (typeof uploadId !== 'string' || !Types.ObjectId.isValid(uploadId)) return { aborted: false };
  const upload = await models.files.FileUpload.findOneAndDelete({ networkEID, uploadId }).lean();
  if (upload) await removeChunks(models, networkEID, uploadId);
  return { aborted: upload !== null };
}
