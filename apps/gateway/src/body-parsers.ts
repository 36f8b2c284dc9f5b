/**
 * Request bodies by route format (the route table's `format`):
 * - a JSON route (`hal`) takes `application/json` or a `+json` type only; a body of any other media
 *   type (form-encoded included) is 415 before it is read;
 * - OAuth and page routes (`oauth`, `html`) keep their form bodies (RFC 6749);
 * - JSON is decoded as strict UTF-8: invalid bytes are a 400 naming the field they are in (the first
 *   string or key that a lenient decoding fills with U+FFFD), never silently replaced;
 * - JSON nested deeper than MAX_JSON_DEPTH arrays and objects is a 400 found by a scan of the bytes
 *   before anything parses them: the parser and every walk over the parsed body (validation, text
 *   rules) recurse, and a few hundred thousand brackets cost the only event loop long enough to
 *   slow every tenant, or overflow the stack.
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

/** Whether the request comes with a body to read (a length other than 0, or chunked). */
export function hasBody(request: FastifyRequest): boolean {
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

/** Arrays and objects inside one another that a body may nest (no API body needs more than a few). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, counted over its bytes (a
 * bracket inside a string does not count). Structural characters are ASCII, and no byte of a UTF-8
 * multi-byte character is, so the raw bytes can be scanned before they are decoded.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

export function tooDeepError(): DomainError {
  return new DomainError(
    'VALIDATION_FAILED',
    `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
    [{ pointer: '/body', message: `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels` }],
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

type ParserDone = (error: Error | null, body?: unknown) => void;

export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  const parser = (request: FastifyRequest, body: string | Buffer, done: ParserDone) => {
    // An empty body with a JSON type is no body (routes decide what none means: request-path/input.ts).
    if ((body as Buffer).length === 0) return done(null, undefined);
    if (nestsDeeperThan(body as Buffer, MAX_JSON_DEPTH)) return done(tooDeepError());
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
