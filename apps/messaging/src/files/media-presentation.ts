/** Files (media): the fields of the file resource this concern adds. */
import type { FileRecordDoc } from './models.js';
import { thumbnailSourceOf } from './media-rules.js';

export function mediaFieldsOf(record: FileRecordDoc, numVideoViews = 0) {
  const video = record.kind === 'video';
  return {
    thumbnails: thumbnailSourceOf(record) !== null,
    videoState: video ? (record.videoState ?? 'processing') : null,
    duration: video ? (record.duration ?? null) : null,
    poster: video && record.posterId ? { type: 'file', EID: String(record.posterId) } : null,
    numVideoViews,
  };
}
