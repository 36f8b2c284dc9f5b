/**
 * `format: 'asset'` (default avatars and emblems, branding CSS): the owner answers
 * `{ content }`; it goes out as is in the route's `produces` media type, with a strong `ETag` (a
 * digest of the content: it changes exactly when the content does) and `If-None-Match` → 304.
 * Public assets (the same for everyone) are cached for a day; a network's are private and
 * revalidated on every use. Errors stay problem+json, as on HAL routes.
 */
import { createHash } from 'node:crypto';
import type { AssetContent } from '@ncs/contracts';
import { matchesEtag } from '../files/range.js';
import { halResponder } from '../responders/hal.js';
import type { Responder } from '../responders/responder.js';

/** A strong entity tag of the content. */
export function assetEtag(content: string): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

const MEDIA_TYPES = { 'image/svg+xml': 'image/svg+xml', 'text/css': 'text/css; charset=utf-8' } as const;

export const assetResponder: Responder = {
  respond({ route, data }, request, reply) {
    const { content } = data as AssetContent;
    const etag = assetEtag(content);
    reply
      .header('ETag', etag)
      .header('Cache-Control', route.scope === 'public' ? 'public, max-age=86400' : 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened on its own runs no script and loads nothing.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .code(200)
      .header('Content-Type', MEDIA_TYPES[route.produces ?? 'text/css'])
      .send(content);
  },
  fail: (error, request, reply) => halResponder.fail(error, request, reply),
};
