/**
 * `format: 'file'`: the owner answered what the file is (`file.download` checks who may
 * read it); the bytes come from messaging in reads of at most FILE_READ_MAX_BYTES, one at a time,
 * piped to the response as they arrive (never the whole file in memory). `ETag` and
 * `If-None-Match` (304), `Accept-Ranges`, one `Range` (206 with `Content-Range`; 416 outside).
 */
import { Readable } from 'node:stream';
import { DomainError, FILE_READ_MAX_BYTES, internalSubjects, type RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { halResponder } from '../responders/hal.js';
import type { Responder } from '../responders/responder.js';
import { matchesEtag, parseRange } from './range.js';

interface DownloadInfo {
  readonly EID: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
  readonly ETag: string;
}

/** Bytes `start` … `end` (inclusive), read piece by piece as the response drains. */
function bytes(rpc: RpcClient, ctx: RequestContext, fileEID: string, start: number, end: number): Readable {
  async function* pieces() {
    for (let at = start; at <= end; at += FILE_READ_MAX_BYTES) {
      const last = Math.min(end, at + FILE_READ_MAX_BYTES - 1);
      const body = { fileEID, start: at, end: last };
      const { data } = await rpc.request(internalSubjects.fileRead, { ctx, body });
      yield Buffer.from(data, 'base64');
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** A file name safe in a quoted header parameter, with the full name as RFC 8187 `filename*`. */
function disposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileResponder: Responder = {
  respond({ data, ctx }, request, reply, rpc) {
    const file = data as DownloadInfo;
    reply
      .header('ETag', file.ETag)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], file.ETag)) return reply.code(304).send();
    const range = parseRange(request.headers.range, file.size);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${file.size}`);
      throw new DomainError('FILES_ERR_RANGE_NOT_SATISFIABLE', `The file has ${file.size} bytes.`, [
        { pointer: '/headers/range', message: `must start below ${file.size}` },
      ]);
    }
    const { start, end } = range.kind === 'part' ? range : { start: 0, end: file.size - 1 };
    reply
      .code(range.kind === 'part' ? 206 : 200)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', disposition(file.name))
      .header('Content-Length', String(end - start + 1));
    if (range.kind === 'part') reply.header('Content-Range', `bytes ${start}-${end}/${file.size}`);
    // HEAD: the headers a GET answers, no body. Fastify's HEAD route sets `Content-Length: 0` for
    // an empty reply but keeps the one set here for a stream, which it drains without sending.
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    return reply.send(bytes(rpc, ctx, file.EID, start, end));
  },
  fail: (error, request, reply) => halResponder.fail(error, request, reply),
};
