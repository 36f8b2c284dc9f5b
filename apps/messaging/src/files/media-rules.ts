/** Files: media (issue #16): which stored image a file's thumbnails are made from. */
import { Types } from 'mongoose';
import type { FileRecordDoc } from './models.js';

/** The blob thumbnails are made from: the image itself, or a video's poster; else null. */
export function thumbnailSourceOf(record: Pick<FileRecordDoc, 'kind' | 'EID' | 'posterId'>) {
  if (record.kind === 'image') return new Types.ObjectId(record.EID);
  if (record.kind === 'video' && record.posterId) return record.posterId;
  return null;
}
