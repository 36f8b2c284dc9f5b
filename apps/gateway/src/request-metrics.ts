/**
 * The duration of every answered request, by method, route template and status
 * (`http_server_request_duration_seconds`): the template, never the path, so the label set stays
 * bounded and no EID, token or name reaches a label. A request no route matched counts under
 * `unmatched`.
 */
import type { FastifyInstance } from 'fastify';
import { httpServerDuration } from '@ncs/service-kit';

export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpServerDuration.observe(
      {
        http_request_method: request.method,
        http_route: request.routeOptions.url ?? 'unmatched',
        http_response_status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
