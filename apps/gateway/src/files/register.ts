/**
 * Files and folders: the gateway's part. Multipart bodies are read only by the upload
 * responder (upload.ts), part by part and never whole; the size limits per kind come from the
 * configuration. Registered once in app.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FileKind } from '@ncs/contracts';
import type { GatewayConfig } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Files and folders: the largest upload of each kind, in bytes. */
    readonly fileLimits: Readonly<Record<FileKind, number>>;
  }
}

export async function registerFiles(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  app.decorate('fileLimits', {
    image: config.FILES_MAX_IMAGE_BYTES,
    video: config.FILES_MAX_VIDEO_BYTES,
    file: config.FILES_MAX_FILE_BYTES,
  });
  // One file part per request; the byte limit is the kind's, set per request (upload.ts).
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
}
