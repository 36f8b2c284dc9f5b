/**
 * Cross-origin calls from browser apps (CORS, with `@fastify/cors`). The API authenticates with
 * bearer tokens only (a header, or `access_token` in the query of the live stream, which an
 * `EventSource` cannot give a header), never cookies: so credentials are never allowed and a page
 * of an allowed origin reads answers only with a token it holds itself. Allowed origins come from
 * `CORS_ORIGINS` (exact origins, or `*`); a request from any other origin, or without `Origin`,
 * gets no CORS header at all, and its preflight is answered as any `OPTIONS` is (405, or 404 on an
 * unknown path). Registered before the rate limiter, so a 429 can still be read by the page.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.js';

/** Request headers a browser app may send: the token, bodies, negotiation, retries, resumes, validators. */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Api-Version',
  'Idempotency-Key',
  'If-None-Match',
  'Last-Event-ID',
  'Range',
  'X-Request-Id',
];

/** Answer headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = [
  'Location',
  'ETag',
  'Retry-After',
  'X-Request-Id',
  'Api-Version',
  'Link',
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
  'WWW-Authenticate',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** Browsers keep a preflight this long (seconds; Chromium caps it at 7,200). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function corsOrigins(setting: string): readonly string[] {
  return setting
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

export async function registerCors(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const origins = corsOrigins(config.CORS_ORIGINS);
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const options = {
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  };
  // Per request: an origin not allowed (or none) turns CORS off for it, preflight included, so it
  // gets no `Access-Control-*` header; an `OPTIONS` that is no preflight is left to the method table.
  const delegator = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const preflightLike =
      request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined;
    const permitted = origin !== undefined && (anyOrigin || allowed.has(origin)) && preflightLike;
    return Promise.resolve({ ...options, origin: permitted ? (anyOrigin ? '*' : origin) : false });
  };
  // A preflight is answered in the plugin's hook, before app.ts's own sets the request id.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await app.register(cors, { delegator });
}
