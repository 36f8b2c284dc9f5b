/**
 * Files and folders: the file resource, the upload's multipart body and the wire
 * shapes of the streamed upload and download between the gateway and messaging (NATS messages stay
 * small: chunks of GridFS's size, reads of at most `FILE_READ_MAX_BYTES`). Rules:
 * docs/decisions.md, "Files and folders".
 */
import { Type, type Static } from '@sinclair/typebox';
import { Eid, halResource, Nullable, Ref, strictObject, Timestamp } from '../core/schemas.js';
// Files: media.
import { fileMediaFields } from './media.js';

/** GridFS's default chunk size (255 KiB): every chunk but the last holds exactly this many bytes. */
export const FILE_CHUNK_BYTES = 255 * 1024;
/** At most this many bytes per `fileRead` (base64 in JSON stays under NATS's 1 MB payload). */
export const FILE_READ_MAX_BYTES = 512 * 1024;

export const FILE_KINDS = ['image', 'video', 'file'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FileParams = strictObject({ networkEID: Eid, fileEID: Eid });
export const FolderParams = strictObject({ networkEID: Eid, folderEID: Eid });

export const FileUploadQuery = Type.Object(
  {
    kind: Type.Optional(
      Type.Union(
        FILE_KINDS.map((kind) => Type.Literal(kind)),
        {
          default: 'file',
          description:
            'What the file is: `image` and `video` must be one by their bytes (else 400 -378); `file` takes anything and gets no thumbnails. Each kind has its size limit (413 -376 above it).',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The multipart body: one part named `file` (its filename names the file). */
export const FileUploadBody = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: "The file's bytes, as the part's content; the part's filename names the file.",
    }),
  },
  { required: ['file'], additionalProperties: false },
);

export const FileResource = halResource(
  'file',
  {
    EID: Eid,
    name: Type.String({ description: 'read-only: the file name given at upload' }),
    size: Type.Integer({ minimum: 1, description: 'read-only: bytes' }),
    contentType: Type.String({ description: "read-only: sniffed from the file's own bytes" }),
    kind: Type.Union(FILE_KINDS.map((kind) => Type.Literal(kind))),
    uploader: Type.Union([Ref('user'), Ref('app')], { description: 'A person, or an app (its token)' }),
    created: Timestamp,
    folder: Nullable(Ref('folder')),
    group: Nullable(Ref('group')),
    ETag: Type.String({ description: 'read-only: the strong entity tag of the bytes (SHA-256)' }),
    // Files (media): thumbnails, video processing and views.
    ...fileMediaFields,
    // Files: attachments and temporary uploads.
    temporary: Type.Optional(
      Type.Boolean({
        description:
          'read-only: uploaded to attach to a message and not attached yet (deleted unless attached within a day)',
      }),
    ),
    message: Type.Optional(Nullable(Ref())),
    // Files: crop: an image cropped from another keeps a reference to it.
    original: Type.Optional(
      Type.Union([Ref('file'), Type.Null()], {
        description:
          'read-only: the image this one was cropped from (`POST …/messages/{messageEID}/crop`); null for an upload',
      }),
    ),
  },
  'An uploaded file: where it lives decides who may read it (a group folder: who may view the group).',
);

/** The owner's answer to `file.upload` (the gateway then streams the chunks). */
export interface FileUploadBegin {
  readonly uploadId: string;
  readonly kind: FileKind;
}

/** Gateway → messaging `fileChunk`: one chunk (base64) of an upload, `n` from 0. */
export const FileChunkRequestSchema = Type.Object({
  uploadId: Type.String(),
  n: Type.Integer({ minimum: 0 }),
  data: Type.String({ description: 'base64' }),
});
export type FileChunkRequest = Static<typeof FileChunkRequestSchema>;

/** Gateway → messaging `fileFinish`: the upload is whole; the answer is the file resource. */
export const FileFinishRequestSchema = Type.Object({
  uploadId: Type.String(),
  name: Type.String(),
  length: Type.Integer({ minimum: 0 }),
  sha256: Type.String(),
});
export type FileFinishRequest = Static<typeof FileFinishRequestSchema>;

/** The owner's answer to `file.download`: what the gateway needs to serve the bytes. */
export const FileDownloadInfo = Type.Object({
  EID: Eid,
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  contentType: Type.String(),
  ETag: Type.String(),
});

/** Gateway → messaging `fileRead`: bytes `start` … `end` (inclusive) of a file; reply `{ data }`. */
export const FileReadRequestSchema = Type.Object({
  fileEID: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
});
export type FileReadRequest = Static<typeof FileReadRequestSchema>;
