/**
 * Fastify in traces, for the gateway's `src/instrument.ts` only (the services serve no Fastify):
 * `traceFastifyRoutes()` after `startTelemetry('gateway')`.
 *
 * The HTTP server span (instrumentation-http) is named after the route and carries `http.route`
 * (`GET /networks/{networkEID}/`, not `GET`), so a dashboard groups requests by route. No span of its
 * own: @fastify/otel made one per request and one per hook (five to eight spans for each request)
 * and cost about 11 MB of the gateway's memory (issue #14 §2, §3: bench/README.md).
 */
import { subscribe } from 'node:diagnostics_channel';
import { trace } from '@opentelemetry/api';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';

/** What Fastify publishes on `fastify.initialization` (a type of our own: Fastify is not loaded here). */
interface FastifyInitialization {
  readonly fastify: {
    addHook(
      name: 'onRequest',
      hook: (
        request: { readonly method: string; readonly routeOptions: { readonly url?: string | undefined } },
        reply: unknown,
        done: () => void,
      ) => void,
    ): unknown;
  };
}

let subscribed = false;

/**
 * Subscribes to Fastify's `fastify.initialization` diagnostics channel, so every Fastify instance
 * created afterwards names the active HTTP server span after the matched route. Idempotent.
 */
export function traceFastifyRoutes(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('fastify.initialization', (message) => {
    (message as FastifyInitialization).fastify.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      const span = route === undefined ? undefined : trace.getActiveSpan();
      if (span?.isRecording()) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route!);
      }
      done();
    });
  });
}
