/**
 * Validators and cache rules for answers read with GET (`@fastify/etag` makes the tag): a strong
 * `ETag` of the identity body on each 200 of a buffered answer (HAL resources and collections,
 * `/openapi.json`, the docs' JSON), and `If-None-Match` naming it (weakly compared, a list or `*`)
 * is 304 with that tag and no body. Answers that set their own tag (file downloads, branding
 * assets, static docs files) keep it and their own 304s. An answer to a request that carried a
 * token is `Cache-Control: private, no-cache`: a browser may keep it but asks again each time
 * (a 304 costs no body), and no shared cache keeps it. Compressed bodies get tags of their own
 * (compression.ts), which still match here.
 */
import { createHash } from 'node:crypto';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The tag of a body: 32 characters of its SHA-256 (base64url, so never a `.`: see `untagged`). */
export function bodyTag(payload: string | Buffer): string {
  return createHash('sha256').update(payload).digest('base64url').slice(0, 32);
}

/** `"tag"` of an encoded representation (`"tag.br"`, compression.ts) back to the body's tag. */
function untagged(entityTag: string): string {
  return entityTag
    .trim()
    .replace(/^W\//, '')
    .replace(/\.[a-z]+"$/, '"');
}

/** RFC 9110 §13.1.2: weak comparison, any of a list, or `*`; the client's matching tag or null. */
export function matchingTag(ifNoneMatch: string | undefined, entityTag: string): string | null {
  if (ifNoneMatch === undefined) return null;
  for (const tag of ifNoneMatch.split(',')) {
    if (tag.trim() === '*') return entityTag;
    if (untagged(tag) === entityTag) return tag.trim();
  }
  return null;
}

function carriesToken(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const query = request.query as { access_token?: unknown } | undefined;
  return query?.access_token !== undefined;
}

/** Only a 200 to a read that may be kept has a validator of ours (no 201 or problem has one). */
function validated(request: FastifyRequest, reply: FastifyReply): boolean {
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    reply.statusCode === 200 &&
    !cacheControl.includes('no-store')
  );
}

export async function registerCaching(app: FastifyInstance): Promise<void> {
  const ownTags = new WeakSet<FastifyReply>();
  // Before the plugin's hook: which answers came with a tag of their own.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.hasHeader('etag')) ownTags.add(reply);
  });
  // The plugin only makes the tag; whether to keep it and answer 304 is decided below.
  await app.register(etag, { hashFn: bodyTag, replyWith304: false });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('cache-control') === undefined && carriesToken(request))
      reply.header('Cache-Control', 'private, no-cache');
    if (ownTags.has(reply) || !reply.hasHeader('etag')) return payload;
    if (!validated(request, reply)) {
      reply.removeHeader('etag');
      return payload;
    }
    if (reply.getHeader('cache-control') === undefined) reply.header('Cache-Control', 'no-cache');
    const matched = matchingTag(request.headers['if-none-match'], String(reply.getHeader('etag')));
    if (matched === null) return payload;
    // The tag the client holds: a compressed copy's tag when that is what it kept.
    reply.code(304).header('ETag', matched);
    return '';
  });
}
