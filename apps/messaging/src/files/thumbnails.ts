/**
 * Files (media): thumbnails, made on the first request of a size and kept (GridFS blob +
 * `file_thumbnails` row, unique per file and size: two first requests at once on two instances both
 * make one, the second insert loses and its blob is removed). `Wx270` is made only in the widths of
 * contracts `THUMBNAIL_WIDTHS` (the next one at least as wide) and answered under the size asked, so
 * a file has at most ten thumbnails. Cover crop to the size, EXIF orientation applied; JPEG (quality
 * 80), PNG when the source has transparency. The source is the image itself, or a processed video's
 * poster; a file of kind `file` has none (404 -455), an image above `THUMBNAIL_SOURCE_MAX_PIXELS`
 * none either (422 -458, from its header, before any pixel is decoded). Renders wait for a turn in
 * the instance's render queue (render-queue.ts: 503 -459 when it is full).
 */
import sharp from 'sharp';
import type { Types } from 'mongoose';
import {
  DomainError,
  THUMBNAIL_SIZES_TEXT,
  THUMBNAIL_SOURCE_MAX_PIXELS,
  thumbnailRenditionOf,
  type ThumbnailRendition,
  type ThumbnailSize,
} from '@ncs/contracts';
import { isDuplicateKeyError, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { readHead, readWhole, removeBlob, writeBlob } from './blobs.js';
import type { ThumbnailDoc } from './media-models.js';
import { imageDimensions } from './megapixels.js';
import type { FileRecordDoc } from './models.js';
import { readableFile } from './reading.js';
import { requireThumbnailSourcePixels, thumbnailSourceOf } from './media-rules.js';
import type { RenderQueue } from './render-queue.js';
import type { FileStore } from './models.js';

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

const unreadable = (error: unknown) =>
  new DomainError('FILES_ERR_NOT_AN_IMAGE', `The image could not be read: ${String(error)}`);

/** What the header says; without a limit, or sharp would refuse a large source with a bare "pixel limit". */
async function headerOf(source: Buffer) {
  try {
    return await sharp(source, { failOn: 'none', limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * Resizes `source` to exactly `size` (cover crop): JPEG, or PNG for a source with transparency. A
 * source above the pixel limit is refused from its header (422 -458); the decoder is given the same
 * limit, so no larger image is ever decoded.
 */
export async function renderThumbnail(source: Buffer, size: ThumbnailSize) {
  const { width, height, hasAlpha } = await headerOf(source);
  requireThumbnailSourcePixels(width, height);
  try {
    const image = sharp(source, { failOn: 'none', limitInputPixels: THUMBNAIL_SOURCE_MAX_PIXELS });
    const resized = image.rotate().resize(size.width, size.height, { fit: 'cover' });
    const bytes = hasAlpha
      ? await resized.png({ compressionLevel: 9 }).toBuffer()
      : await resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return { bytes, contentType: hasAlpha ? 'image/png' : 'image/jpeg' };
  } catch (error) {
    throw unreadable(error);
  }
}

interface ThumbnailSource {
  readonly id: Types.ObjectId;
  readonly length: number;
}

/**
 * The source, once its header (in the first chunk) shows it within the pixel limit: an image too
 * large is refused without reading it whole or waiting for a turn. A header beyond the first chunk
 * is checked by the render.
 */
async function sourceWithinLimit(
  models: FileStore,
  networkEID: string,
  id: Types.ObjectId,
): Promise<ThumbnailSource> {
  const sourceFile = await models.files.GridFile.findOne({ networkEID, _id: id }, { length: 1 }).lean();
  if (!sourceFile) throw new DomainError('FILES_ERR_NO_THUMBNAILS');
  const dimensions = await imageDimensions(await readHead(models, networkEID, id));
  if (dimensions) requireThumbnailSourcePixels(dimensions.width, dimensions.height);
  return { id, length: sourceFile.length };
}

function keptThumbnail(models: FileStore, networkEID: string, fileEID: string, size: string) {
  return models.files.media.Thumbnail.findOne({ networkEID, fileEID, size }).lean();
}

async function makeThumbnail(
  models: FileStore,
  record: FileRecordDoc,
  source: ThumbnailSource,
  rendition: ThumbnailRendition,
): Promise<ThumbnailDoc> {
  const { networkEID } = record;
  // Another instance may have made it while this request waited for its turn.
  const madeMeanwhile = await keptThumbnail(models, networkEID, record.EID, rendition.text);
  if (madeMeanwhile) return madeMeanwhile;
  const sourceBytes = await readWhole(models, networkEID, source.id, source.length);
  const { bytes, contentType } = await renderThumbnail(sourceBytes, rendition);
  const blob = await writeBlob(models, networkEID, bytes, `${record.EID}-${rendition.text}`, contentType);
  try {
    const row = await models.files.media.Thumbnail.create({
      networkEID,
      fileEID: record.EID,
      size: rendition.text,
      blobId: blob.id,
      length: blob.length,
      contentType,
    });
    return row.toObject();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    // Another instance made it first: keep theirs.
    await removeBlob(models, networkEID, blob.id);
    const kept = await keptThumbnail(models, networkEID, record.EID, rendition.text);
    if (!kept) throw error;
    return kept;
  }
}

/**
 * `file.thumbnail`: the size is checked first (400 naming the sizes), then the file's read
 * permission; a kept thumbnail is served at once, else one is made in the instance's `renders`.
 */
export async function thumbnailOf(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  fileEID: string,
  sizeText: string,
  renders: RenderQueue,
): Promise<ImageDownload> {
  const rendition = thumbnailRenditionOf(sizeText);
  if (!rendition)
    throw new DomainError('FILES_ERR_THUMBNAIL_SIZE', undefined, [
      { pointer: '/params/size', message: `must be ${THUMBNAIL_SIZES_TEXT}` },
    ]);
  const record = await readableFile(models, rpc, caller, fileEID);
  const sourceId = thumbnailSourceOf(record);
  if (!sourceId) throw new DomainError('FILES_ERR_NO_THUMBNAILS');
  const networkEID = caller.networkEID;
  const kept = await keptThumbnail(models, networkEID, fileEID, rendition.text);
  if (kept) return download(kept, record.name);
  const source = await sourceWithinLimit(models, networkEID, sourceId);
  const made = await renders.run(`${networkEID}/${fileEID}/${rendition.text}`, () =>
    makeThumbnail(models, record, source, rendition),
  );
  return download(made, record.name);
}
