/**
 * Files (media): what thumbnails, videos and their views store. Images made here
 * (thumbnails, posters) are GridFS blobs of the same bucket (`files.files` + `files.chunks`, see
 * blobs.ts); the rows below point at them. Every index starts with `networkEID`, but the video jobs'
 * (a cross-network queue, like news jobs).
 */
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** One thumbnail of one file in one size: made once (the unique index keeps the first). */
const thumbnailSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    fileEID: { type: String, required: true },
    size: { type: String, required: true },
    blobId: { type: Schema.Types.ObjectId, required: true },
    length: { type: Number, required: true },
    contentType: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'file_thumbnails' },
);
thumbnailSchema.index({ networkEID: 1, fileEID: 1, size: 1 }, { unique: true });

/** A video to process: pending until a worker (claim `video:<id>`) ends it, done or failed. */
const videoJobSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    fileEID: { type: String, required: true },
    uploaderEID: { type: String, required: true },
    status: { type: String, enum: ['pending', 'done', 'failed'], default: 'pending' },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: 'lastModified' }, collection: 'video_jobs' },
);
videoJobSchema.index({ networkEID: 1, fileEID: 1 }, { unique: true });
// The queue: pending jobs, oldest first.
videoJobSchema.index({ status: 1, created: 1, _id: 1 });

/** A person who played a video: once per person (numVideoViews counts these rows). */
const videoViewSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    fileEID: { type: String, required: true },
    viewerEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'video_views' },
);
videoViewSchema.index({ networkEID: 1, fileEID: 1, viewerEID: 1 }, { unique: true });

interface Stored {
  readonly _id: Types.ObjectId;
  readonly networkEID: string;
  readonly fileEID: string;
  readonly created: Date;
}
export interface ThumbnailDoc extends Stored {
  readonly size: string;
  readonly blobId: Types.ObjectId;
  readonly length: number;
  readonly contentType: string;
}
export interface VideoJobDoc extends Stored {
  readonly uploaderEID: string;
  readonly status: 'pending' | 'done' | 'failed';
}
export interface VideoViewDoc extends Stored {
  readonly viewerEID: string;
}

export interface FileMediaModels {
  readonly Thumbnail: Model<ThumbnailDoc>;
  readonly VideoJob: Model<VideoJobDoc>;
  readonly VideoView: Model<VideoViewDoc>;
}

export function registerFileMediaModels(connection: Connection): FileMediaModels {
  return {
    Thumbnail: connection.model<ThumbnailDoc>('FileThumbnail', thumbnailSchema),
    VideoJob: connection.model<VideoJobDoc>('VideoJob', videoJobSchema),
    VideoView: connection.model<VideoViewDoc>('VideoView', videoViewSchema),
  };
}

/** The fields a file record gains (spread into its schema): a video's processing outcome. */
export const fileRecordMediaFields = {
  videoState: { type: String, enum: ['processing', 'ready', 'failed', null], default: null },
  duration: { type: Number, default: null },
  posterId: { type: Schema.Types.ObjectId, default: null },
};
