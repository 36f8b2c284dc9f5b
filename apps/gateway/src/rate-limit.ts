/**
 * Rate limiting per caller (ARCHITECTURE §2: the gateway's job), with @fastify/rate-limit: the key
 * is the caller's access token (hashed, never kept in clear) or, without one, the client address.
 * Exceeding the limit is a 429 problem+json with `Retry-After`; probes are never limited.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@ncs/contracts';

export interface RateLimitOptions {
  /** Requests per window and key; 0 turns rate limiting off. */
  readonly max: number;
  readonly windowMs: number;
}

export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  if (options.max === 0) return;
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: callerKey,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'TOO_MANY_REQUESTS',
        `Rate limit of ${context.max} requests exceeded; retry in ${context.after}.`,
      ),
  });
}

function callerKey(request: FastifyRequest): string {
  const bearer = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
  const queryToken = (request.query as { access_token?: unknown } | undefined)?.access_token;
  const token = bearer ?? (typeof queryToken === 'string' ? queryToken : undefined);
  return token ? `token:${createHash('sha256').update(token).digest('hex')}` : `ip:${request.ip}`;
}
