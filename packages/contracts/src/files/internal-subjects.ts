/**
 * Files and folders: the internal subjects of the streamed upload and download (the gateway asks
 * messaging) and of branding assets (auth asks messaging).
 */
import { Type } from '@sinclair/typebox';
import type { PlainResource } from '../core/envelope.js';
import { defineInternalSubject } from '../core/internal-subject.js';
import { FileAdoptAssetsRequestSchema } from './assets.js';
import {
  FileChunkRequestSchema,
  FileFinishRequestSchema,
  FileReadRequestSchema,
  FileResource,
} from './resources.js';

export const filesInternalSubjects = {
  fileChunk: defineInternalSubject({
    service: 'messaging',
    resource: 'file',
    action: 'chunk',
    description: 'Gateway → messaging: one chunk of an upload; the reply names the chunk stored.',
    request: FileChunkRequestSchema,
    reply: Type.Object({ n: Type.Integer({ minimum: 0 }) }),
  }),
  fileFinish: defineInternalSubject({
    service: 'messaging',
    resource: 'file',
    action: 'finish',
    description: 'Gateway → messaging: the upload is whole; the reply is the file resource.',
    request: FileFinishRequestSchema,
    // Checked against the file resource; typed as the plain resource the gateway presents.
    reply: Type.Unsafe<PlainResource>(FileResource),
  }),
  fileAbort: defineInternalSubject({
    service: 'messaging',
    resource: 'file',
    action: 'abort',
    description: 'Gateway → messaging: the upload failed: its chunks are removed.',
    request: Type.Object({ uploadId: Type.String() }),
    reply: Type.Object({ aborted: Type.Boolean() }),
  }),
  fileRead: defineInternalSubject({
    service: 'messaging',
    resource: 'file',
    action: 'read',
    description: 'Gateway → messaging: bytes `start` … `end` (inclusive) of a file, base64.',
    request: FileReadRequestSchema,
    reply: Type.Object({ data: Type.String({ description: 'base64' }) }),
  }),
  fileAdoptAssets: defineInternalSubject({
    service: 'messaging',
    resource: 'file',
    action: 'adoptAssets',
    description:
      "Auth → messaging: the files a theme or the network's branding names become network assets (ctx: the writer's request). Each must be an image of `ctx.networkEID` the caller may read, else 400 -397 naming its pointer, and none is adopted; the reply counts those adopted.",
    request: FileAdoptAssetsRequestSchema,
    reply: Type.Object({ adopted: Type.Integer({ minimum: 0 }) }),
  }),
} as const;
