/** One access log line per answered request, with the URL's secrets (`access_token`) redacted. */
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '@ncs/service-kit';

export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        requestId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
