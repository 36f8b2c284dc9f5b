/**
 * `Retry-After` on every 503 and 429 (RFC 9110 §10.2.3), so a client knows when to try again
 * whoever answered: an owning service down or without room (bulkheads), not ready, a live stream
 * limit, the token endpoint. Answers that name a wait of their own keep it (the rate limiter's
 * window, a catalogue entry's `retryAfterSeconds`).
 */
import type { FastifyInstance } from 'fastify';

/** A short wait: about what the gateway's own retries (request-path/retry.ts) already spent. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

export function registerRetryAfter(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if ((reply.statusCode === 503 || reply.statusCode === 429) && !reply.hasHeader('retry-after'))
      reply.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
    return payload;
  });
}
