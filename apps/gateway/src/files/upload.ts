/**
 * `format: 'upload'`: once the owner accepted the upload (`file.upload` answers an
 * `uploadId` after checking where the file goes), the multipart part `file` is streamed to
 * messaging in chunks of GridFS's size, one NATS request at a time (each awaited: backpressure, so
 * memory holds one chunk whatever the file's size). Bytes are counted while streaming: above the
 * kind's limit the upload is aborted (its chunks removed) and answered 413. `fileFinish` makes the
 * file visible and answers its resource, rendered as HAL (201).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  FILE_CHUNK_BYTES,
  internalSubjects,
  type FileUploadBegin,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { halResponder } from '../responders/hal.js';
import type { Responder } from '../responders/responder.js';

/** The multipart part of the request, else the 4xx naming what is wrong. */
async function filePart(request: FastifyRequest, limit: number) {
  // No body at all: the required part is missing (400); a body of another media type: 415.
  if (request.headers['content-type'] === undefined)
    throw new DomainError('FILES_ERR_UPLOAD_MALFORMED', 'The body holds no file part.', [
      { pointer: '/body/file', message: 'is required' },
    ]);
  if (!request.isMultipart())
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'An upload is multipart/form-data with a part named file.',
    );
  // Every part in order: the one part `file`, nothing before or after it (a body with other parts
  // is refused, not half-read: the schema has no other property).
  const parts = request.parts({ limits: { fileSize: limit } })[Symbol.asyncIterator]();
  let first;
  try {
    first = await parts.next();
  } catch (error) {
    throw malformed(error);
  }
  if (first.done)
    throw new DomainError('FILES_ERR_UPLOAD_MALFORMED', 'The body holds no file part.', [
      { pointer: '/body/file', message: 'is required' },
    ]);
  const part = first.value;
  if (part.type !== 'file' || part.fieldname !== 'file') throw unexpectedPart(part.fieldname);
  return { part, rest: parts };
}

/** A multipart part other than the one `file` (400 naming it). */
function unexpectedPart(name: string): DomainError {
  return new DomainError(
    'FILES_ERR_UPLOAD_MALFORMED',
    `An upload has exactly one part, named file; ${JSON.stringify(name.slice(0, 60))} is not taken.`,
    [{ pointer: `/body/${name.slice(0, 60).replace(/[~/]/g, '_')}`, message: 'is not taken' }],
  );
}

/** After the file: no further part (read once the file's bytes are through). */
async function requireNoMoreParts(rest: AsyncIterator<{ fieldname: string }>): Promise<void> {
  let next;
  try {
    next = await rest.next();
  } catch (error) {
    throw malformed(error);
  }
  if (!next.done) throw unexpectedPart(next.value.fieldname);
}

function malformed(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError(
    'FILES_ERR_UPLOAD_MALFORMED',
    'The multipart body is malformed or ends before its part does.',
    [{ pointer: '/body/file', message: 'is truncated or malformed' }],
  );
}

/** A file name fit to store: no path, no controls, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  return (base || 'file').slice(0, 255);
}

interface Streamed {
  readonly length: number;
  readonly sha256: string;
}

/** Sends the part's bytes as chunks of exactly FILE_CHUNK_BYTES (the last one shorter). */
async function streamChunks(
  rpc: RpcClient,
  ctx: RequestContext,
  uploadId: string,
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  limit: number,
): Promise<Streamed> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(FILE_CHUNK_BYTES);
  let filled = 0;
  let n = 0;
  let length = 0;
  const send = async () => {
    const data = chunk.subarray(0, filled).toString('base64');
    await rpc.request(internalSubjects.fileChunk, { ctx, body: { uploadId, n, data } });
    n += 1;
    filled = 0;
  };
  try {
    for await (const piece of file) {
      length += piece.length;
      if (length > limit || file.truncated) break;
      hash.update(piece);
      let offset = 0;
      while (offset < piece.length) {
        const copied = piece.copy(chunk, filled, offset);
        filled += copied;
        offset += copied;
        if (filled === FILE_CHUNK_BYTES) await send();
      }
    }
  } catch (error) {
    if (file.truncated) length = limit + 1;
    else throw malformed(error);
  }
  if (length > limit || file.truncated)
    throw new DomainError(
      'FILES_ERR_TOO_LARGE',
      `The file is larger than ${limit} bytes, the limit of its kind.`,
      [{ pointer: '/body/file', message: `must be at most ${limit} bytes` }],
    );
  if (length === 0)
    throw new DomainError('FILES_ERR_EMPTY', undefined, [{ pointer: '/body/file', message: 'is empty' }]);
  if (filled > 0) await send();
  return { length, sha256: hash.digest('hex') };
}

export const uploadResponder: Responder = {
  async respond(answer, request, reply, rpc) {
    const { uploadId, kind } = answer.data as FileUploadBegin;
    const ctx = answer.ctx;
    const limit = request.server.fileLimits[kind];
    try {
      const { part, rest } = await filePart(request, limit);
      const streamed = await streamChunks(rpc, ctx, uploadId, part.file, limit);
      await requireNoMoreParts(rest);
      const body = { uploadId, name: cleanFileName(part.filename), ...streamed };
      const file = await rpc.request(internalSubjects.fileFinish, { ctx, body });
      return await halResponder.respond({ ...answer, data: file, status: 201 }, request, reply, rpc);
    } catch (error) {
      // Best effort: an abandoned upload's chunks are swept later anyway.
      await rpc.request(internalSubjects.fileAbort, { ctx, body: { uploadId } }).catch(() => undefined);
      throw error;
    }
  },
  fail: (error, request, reply) => halResponder.fail(error, request, reply),
};
