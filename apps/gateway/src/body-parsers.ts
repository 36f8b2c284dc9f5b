/**
 * Request bodies by route format (the route table's `format`):
 * - a JSON route (`hal`) takes `application/json` or a `+json` type only; a body of any other media
 *   type (form-encoded included) is 415 before it is read;
 * - OAuth and page routes (`oauth`, `html`) keep their form bodies (RFC 6749);
 * - JSON is decoded as strict UTF-8: invalid bytes are a 400 naming the field they are in (the first
 *   string or key that a lenient decoding fills with U+FFFD), never silently replaced.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@ncs/contracts';
import { pointerToken } from './problems/problem.js';
import { tableRouteOf } from './table-route.js';

/** `application/json`, `application/merge-patch+json`... (the media type without parameters). */
export const JSON_MEDIA_TYPE = /^application\/([a-z0-9!#$&^_.+-]+\+)?json$/;

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonMediaType(contentType: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test(mediaTypeOf(contentType));
}

function hasBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The JSON pointer of the first key or string holding U+FFFD, depth first in document order. */
export function replacementPointer(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\uFFFD') ? pointer : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = replacementPointer(item, `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (key.includes('\uFFFD')) return at;
      const found = replacementPointer(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function invalidUtf8Error(pointer: string): DomainError {
  return new DomainError('VALIDATION_FAILED', 'The request body is not valid UTF-8.', [
    { pointer: `/body${pointer}`, message: 'is not valid UTF-8' },
  ]);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

type ParserDone = (error: Error | null, body?: unknown) => void;

export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  const parser = (request: FastifyRequest, body: string | Buffer, done: ParserDone) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      // Find the field for the message: parse the lenient decoding, never use it.
      return parseJson(request, lenientUtf8.decode(body as Buffer), (error, value) =>
        done(invalidUtf8Error(error ? '' : (replacementPointer(value) ?? ''))),
      );
    }
    return parseJson(request, text, done);
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser);
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer' }, parser);

  // A JSON route never reads a body of another media type (form-encoded included): 415.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (
      tableRouteOf(request)?.format === 'hal' &&
      hasBody(request) &&
      !isJsonMediaType(request.headers['content-type'])
    )
      throw new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        `This route takes application/json bodies, not ${mediaTypeOf(request.headers['content-type']) || 'a body without Content-Type'}.`,
      );
    return payload;
  });
}
