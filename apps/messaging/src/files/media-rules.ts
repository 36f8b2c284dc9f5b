/** Which stored image a file's thumbnails are made from, and which are too large. */
import { Types } from 'mongoose';
import { DomainError, THUMBNAIL_SOURCE_MAX_PIXELS } from '@ncs/contracts';
import type { FileRecordDoc } from './models.js';

/** The blob thumbnails are made from: the image itself, or a video's poster; else null. */
export function thumbnailSourceOf(record: Pick<FileRecordDoc, 'kind' | 'EID' | 'posterId'>) {
  if (record.kind === 'image') return new Types.ObjectId(record.EID);
  if (record.kind === 'video' && record.posterId) return record.posterId;
  return null;
}

/** Throws 422 -458 naming the limit for a source of more than THUMBNAIL_SOURCE_MAX_PIXELS. */
export function requireThumbnailSourcePixels(width: number, height: number): void {
  if (width * height <= THUMBNAIL_SOURCE_MAX_PIXELS) return;
  const megapixels = (width * height) / 1_000_000;
  throw new DomainError(
    'FILES_ERR_THUMBNAIL_TOO_MANY_PIXELS',
    `The image has ${width}x${height} pixels (${megapixels.toFixed(1)} megapixels); thumbnails are made only of images of at most ${THUMBNAIL_SOURCE_MAX_PIXELS / 1_000_000} megapixels. The file itself can still be downloaded.`,
    [
      {
        pointer: '/params/fileEID',
        message: `names an image of more than ${THUMBNAIL_SOURCE_MAX_PIXELS} pixels`,
      },
    ],
  );
}
