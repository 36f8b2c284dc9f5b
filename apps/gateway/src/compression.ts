/**
 * Compressed answers (`@fastify/compress`): Brotli or gzip, as `Accept-Encoding` prefers, for
 * JSON of every kind (HAL in the vendor media types, problems, `/openapi.json`) and the docs' text
 * from 1 KiB up. Never compressed: the live stream (unbuffered `text/event-stream`), file downloads
 * and branding assets (their own strong tags, and byte ranges of the identity body), and the
 * sign-in pages and OAuth answers (secrets beside reflected input: BREACH). Request bodies are not
 * decompressed: body limits and the UTF-8 and depth checks read the bytes as sent.
 */
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { routes, type RouteDefinition } from '@ncs/contracts';

const THRESHOLD_BYTES = 1024;

/** Table formats answered as they are: see the module's comment. */
const uncompressedFormats: ReadonlySet<RouteDefinition['format']> = new Set([
  'stream',
  'file',
  'asset',
  'html',
  'oauth',
]);

const formatById = new Map(routes.map((route) => [route.id, route.format]));

/** Text and any JSON, the API's `…+json+hal` types included (not matched by the plugin's default). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:\+hal)?\s*(?:;|$)/;

/**
 * RFC 9110 §8.8.3: a strong tag names one representation, and a compressed body is another one:
 * it gets the body's tag with its coding (`"tag.br"`), which caching.ts matches to the same body.
 */
const tagEncodedBody: onSendHookHandler = (_request, reply, payload, done) => {
  const coding = reply.getHeader('content-encoding');
  const tag = reply.getHeader('etag');
  if (typeof coding === 'string' && typeof tag === 'string' && /^"[^"]*"$/.test(tag))
    reply.header('ETag', `${tag.slice(0, -1)}.${coding}"`);
  done(null, payload);
};

/**
 * A compressible answer varies on `Accept-Encoding` also when it went out uncompressed (asked
 * without a coding): a shared cache must not hand that copy to a client that asked for Brotli, nor
 * a Brotli copy to one that cannot read it. The plugin says so only on the answers it compresses.
 */
const varyOnCoding: onSendHookHandler = (_request, reply, payload, done) => {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && COMPRESSIBLE.test(type)) {
    const vary = reply.getHeader('vary');
    const listed = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
    if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(listed))
      reply.header('Vary', listed === '' ? 'Accept-Encoding' : `${listed}, Accept-Encoding`);
  }
  done(null, payload);
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads `compress` of each route as it is added.
  app.addHook('onRoute', (route: RouteOptions) => {
    const routeId = (route.config as { routeId?: string } | undefined)?.routeId;
    const format = routeId === undefined ? undefined : formatById.get(routeId);
    if (format !== undefined && uncompressedFormats.has(format)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
  // After the plugin's: its onSend hook is the route's, so this one runs once it has compressed.
  app.addHook('onRoute', (route: RouteOptions) => {
    const coded = route.compress === false ? [] : [varyOnCoding];
    route.onSend = [...toArray(route.onSend), tagEncodedBody, ...coded];
  });
}

function toArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
