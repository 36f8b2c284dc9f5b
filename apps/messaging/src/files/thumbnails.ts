/**
 * Files: media (issue #16): thumbnails, made on the first request of a size and kept (GridFS blob +
 * `file_thumbnails` row, unique per file and size: two first requests at once both make one, the
 * second insert loses and its blob is removed). Cover crop to the exact size, EXIF orientation
 * applied; JPEG (quality 80), PNG when the source has transparency. The source is the image itself,
 * or a processed video's poster; a file of kind `file` has none (404 -455).
 */
import sharp from 'sharp';
import type { Types } from 'mongoose';
import { DomainError, parseThumbnailSize, THUMBNAIL_SIZES_TEXT, type ThumbnailSize } from '@ncs/contracts';
import { isDuplicateKeyError, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import { readWhole, removeBlob, writeBlob } from './blobs.js';
import type { ThumbnailDoc } from './media-models.js';
import type { FileRecordDoc } from './models.js';
import { readableFile } from './reading.js';
import { thumbnailSourceOf } from './media-rules.js';

/** What the gateway serves (`format: 'file'`): the blob's id is read like a file's. */
export interface ImageDownload {
  readonly EID: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
  readonly ETag: string;
}

function baseName(name: string): string {
  return name.replace(/\.[^.]*$/, '') || 'image';
}

/**
 * The entity tag names the stored blob (its id), not the bytes: a thumbnail made again would get a
 * new id, so a client (and the e2e test) sees that a second request served the kept one.
 */
function download(row: ThumbnailDoc, name: string): ImageDownload {
  const extension = row.contentType === 'image/png' ? 'png' : 'jpg';
  return {
    EID: String(row.blobId),
    name: `${baseName(name)}-${row.size}.${extension}`,
    size: row.length,
    contentType: row.contentType,
    ETag: `"t-${String(row.blobId)}"`,
  };
}

/** Resizes `source` to exactly `size` (cover crop): JPEG, or PNG for a source with transparency. */
export async function renderThumbnail(source: Buffer, size: ThumbnailSize) {
  try {
    const image = sharp(source, { failOn: 'none' });
    const { hasAlpha } = await image.metadata();
    const resized = image.rotate().resize(size.width, size.height, { fit: 'cover' });
    const bytes = hasAlpha
      ? await resized.png({ compressionLevel: 9 }).toBuffer()
      : await resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return { bytes, contentType: hasAlpha ? 'image/png' : 'image/jpeg' };
  } catch (error) {
    throw new DomainError('FILES_ERR_NOT_AN_IMAGE', `The image could not be read: ${String(error)}`);
  }
}

async function makeThumbnail(
  models: MessagingModels,
  record: FileRecordDoc,
  sourceId: Types.ObjectId,
  sizeText: string,
  size: ThumbnailSize,
): Promise<ThumbnailDoc> {
  const { networkEID } = record;
  const sourceFile = await models.files.GridFile.findOne({ networkEID, _id: sourceId }, { length: 1 }).lean();
  if (!sourceFile) throw new DomainError('FILES_ERR_NO_THUMBNAILS');
  const source = await readWhole(models, networkEID, sourceId, sourceFile.length);
  const { bytes, contentType } = await renderThumbnail(source, size);
  const blob = await writeBlob(models, networkEID, bytes, `${record.EID}-${sizeText}`, contentType);
  try {
    const row = await models.files.media.Thumbnail.create({
      networkEID,
      fileEID: record.EID,
      size: sizeText,
      blobId: blob.id,
      length: blob.length,
      contentType,
    });
    return row.toObject();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    // Another request made it first: keep theirs.
    await removeBlob(models, networkEID, blob.id);
    const kept = await models.files.media.Thumbnail.findOne({
      networkEID,
      fileEID: record.EID,
      size: sizeText,
    }).lean();
    if (!kept) throw error;
    return kept;
  }
}

/** `file.thumbnail`: the size is checked first (400 naming the sizes), then the file's read permission. */
export async function thumbnailOf(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  fileEID: string,
  sizeText: string,
): Promise<ImageDownload> {
  const size = parseThumbnailSize(sizeText);
  if (!size)
    throw new DomainError('FILES_ERR_THUMBNAIL_SIZE', undefined, [
      { pointer: '/params/size', message: `must be ${THUMBNAIL_SIZES_TEXT}` },
    ]);
  const record = await readableFile(models, rpc, caller, fileEID);
  const sourceId = thumbnailSourceOf(record);
  if (!sourceId) throw new DomainError('FILES_ERR_NO_THUMBNAILS');
  const networkEID = caller.networkEID;
  const kept = await models.files.media.Thumbnail.findOne({ networkEID, fileEID, size: sizeText }).lean();
  const row = kept ?? (await makeThumbnail(models, record, sourceId, sizeText, size));
  return download(row, record.name);
}
