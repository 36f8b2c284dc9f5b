/**
 * Files and folders: the file records (what a file is and where it lives), the uploads
 * in progress, and the GridFS bucket `files` written directly (`files.chunks` one document per
 * chunk, `files.files` once the upload is whole), so any messaging instance takes any chunk. The
 * GridFS documents carry `networkEID` too, and every index starts with it (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { FILE_KINDS } from '@ncs/contracts';
import type { StoredDocument } from '@ncs/service-kit';
// Files: media.
import { fileRecordMediaFields, registerFileMediaModels, type FileMediaModels } from './media-models.js';
import type { CoreStore } from '../messages/features.js';

const fileRecordSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    EID: { type: String, required: true },
    name: { type: String, required: true },
    size: { type: Number, required: true, min: 1 },
    contentType: { type: String, required: true },
    kind: { type: String, enum: FILE_KINDS, required: true },
    uploaderEID: { type: String, required: true },
    /** Where it lives: a group's folder (`folderEID`, `groupEID`). */
    folderEID: { type: String, default: null },
    groupEID: { type: String, default: null },
    /** Hex SHA-256 of the bytes: the strong ETag. */
    sha256: { type: String, required: true },
    // Files (media): a video's processing outcome.
    ...fileRecordMediaFields,
    // Files: attachments and temporary uploads. The message the file is attached to (once, for
    // good); since when it waits to be attached (null: it is not temporary); an app's upload.
    messageEID: { type: String, default: null },
    temporarySince: { type: Date, default: null },
    uploaderType: { type: String, enum: ['user', 'app'], default: 'user' },
    // Files: branding images are network assets (assets.ts): since when a theme or the network's
    // branding names it (null: not an asset). Every member of the network reads it; never swept.
    networkAssetSince: { type: Date, default: null },
    // Files: crop: the image this one was cropped from (null: an upload).
    originalEID: { type: String, default: null },
  },
  {
    strict: true,
    timestamps: { createdAt: 'created', updatedAt: 'lastModified' },
    collection: 'file_records',
  },
);
fileRecordSchema.index({ networkEID: 1, EID: 1 }, { unique: true });
// Whether a folder holds files (deleting it).
fileRecordSchema.index({ networkEID: 1, folderEID: 1 });
// Files: attachments: a message's files (presenting, detaching); the sweep of temporary files,
// across networks (background work, like due scheduled items).
fileRecordSchema.index({ networkEID: 1, messageEID: 1 });
fileRecordSchema.index({ temporarySince: 1 });

/** An upload in progress: made by `file.upload`, taken once by `fileFinish` or `fileAbort`. */
const fileUploadSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    uploadId: { type: String, required: true },
    kind: { type: String, enum: FILE_KINDS, required: true },
    uploaderEID: { type: String, required: true },
    folderEID: { type: String, default: null },
    groupEID: { type: String, default: null },
    // Files: attachments and temporary uploads: a temporary upload; an app's; the last chunk's time
    // (an upload idle for FILES_UPLOAD_IDLE_MS is swept with its chunks).
    temporary: { type: Boolean, default: false },
    uploaderType: { type: String, enum: ['user', 'app'], default: 'user' },
    touched: { type: Date, default: () => new Date() },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'file_uploads' },
);
fileUploadSchema.index({ networkEID: 1, uploadId: 1 }, { unique: true });
// Files: the sweep of idle uploads, across networks (background work).
fileUploadSchema.index({ touched: 1 });

/** A GridFS chunk (`files_id`, `n`, `data`), with the network. */
const fileChunkSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    files_id: { type: Schema.Types.ObjectId, required: true },
    n: { type: Number, required: true, min: 0 },
    data: { type: Buffer, required: true },
  },
  { strict: true, collection: 'files.chunks', versionKey: false },
);
fileChunkSchema.index({ networkEID: 1, files_id: 1, n: 1 }, { unique: true });

/** A GridFS files document, written when the upload is whole. */
const gridFileSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    length: { type: Number, required: true },
    chunkSize: { type: Number, required: true },
    uploadDate: { type: Date, required: true },
    filename: { type: String, required: true },
    metadata: { type: Schema.Types.Mixed, default: null },
  },
  { strict: true, collection: 'files.files', versionKey: false },
);
gridFileSchema.index({ networkEID: 1, _id: 1 });

/** A folder below a group's root folder (the root itself is not stored). */
const folderSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    EID: { type: String, required: true },
    groupEID: { type: String, required: true },
    parentEID: { type: String, required: true },
    name: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: 'lastModified' }, collection: 'folders' },
);
folderSchema.index({ networkEID: 1, EID: 1 }, { unique: true });
// The folders inside a folder, by name.
folderSchema.index({ networkEID: 1, parentEID: 1, name: 1, _id: 1 });

export type FileRecordDoc = InferSchemaType<typeof fileRecordSchema> & StoredDocument;
export type FileUploadDoc = InferSchemaType<typeof fileUploadSchema> & Omit<StoredDocument, 'lastModified'>;
export type FileChunkDoc = InferSchemaType<typeof fileChunkSchema> & { readonly _id: Types.ObjectId };
export type GridFileDoc = InferSchemaType<typeof gridFileSchema> & { readonly _id: Types.ObjectId };

export type FolderDoc = InferSchemaType<typeof folderSchema> & StoredDocument;

export interface FileModels {
  readonly Folder: Model<FolderDoc>;
  readonly FileRecord: Model<FileRecordDoc>;
  readonly FileUpload: Model<FileUploadDoc>;
  readonly FileChunk: Model<FileChunkDoc>;
  readonly GridFile: Model<GridFileDoc>;
  // Files (media): thumbnails, video jobs and views.
  readonly media: FileMediaModels;
}

export function registerFileModels(connection: Connection): FileModels {
  return {
    Folder: connection.model<FolderDoc>('Folder', folderSchema),
    FileRecord: connection.model<FileRecordDoc>('FileRecord', fileRecordSchema),
    FileUpload: connection.model<FileUploadDoc>('FileUpload', fileUploadSchema),
    FileChunk: connection.model<FileChunkDoc>('FileChunk', fileChunkSchema),
    GridFile: connection.model<GridFileDoc>('GridFile', gridFileSchema),
    // Files: media.
    media: registerFileMediaModels(connection),
  };
}

/** The bytes of a stored chunk: a Buffer from a document, a BSON Binary from a lean read. */
export function chunkBytes(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  const binary = data as { buffer: Uint8Array; position?: number };
  const view = binary.buffer;
  return Buffer.from(view.buffer, view.byteOffset, binary.position ?? view.length);
}

/** What the files area works with. */
export interface FileStore extends CoreStore {
  readonly files: FileModels;
}
