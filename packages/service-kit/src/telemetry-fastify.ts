/**
 * Fastify in traces, for the gateway (the services serve no Fastify): `traceFastifyRoutes()` in its
 * `src/instrument.ts` after `startTelemetry('gateway')`, and `tracedChildLogger` as its Fastify
 * `childLoggerFactory`.
 *
 * The HTTP server span (instrumentation-http) is named after the route and carries `http.route`
 * (`GET /networks/{networkEID}/`, not `GET`), so a dashboard groups requests by route. No span of its
 * own: @fastify/otel made one per request and one per hook (five to eight spans for each request)
 * and cost about 11 MB of the gateway's memory (issue #14 §2, §3: bench/README.md).
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { SpanKind, trace } from '@opentelemetry/api';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import {
  activeContextFollowsRequests,
  correlationOf,
  extractHttpTraceContext,
  traceparentOf,
} from './telemetry.js';

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
 * created afterwards names the active HTTP server span after the matched route. Idempotent. Only
 * where spans are exported: otherwise there is no active span to name.
 */
export function traceFastifyRoutes(): void {
  if (subscribed || !activeContextFollowsRequests()) return;
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

/** A logger that makes children as pino's does (a type of our own: pino is not loaded here). */
interface ChildLogger<L> {
  child(bindings: Record<string, unknown>, options?: object): L;
}

const tracer = trace.getTracer('@ncs/service-kit');
/** Each request's own span, as its `traceparent` (made once: the request's calls all carry it). */
const requestTraceparents = new WeakMap<IncomingMessage, string>();

/**
 * Fastify's `childLoggerFactory` (the logger of each request). Where the active context follows
 * requests (spans are exported), Fastify's own: the logger's mixin writes the active span's ids.
 * Where it does not (no exporter), the request gets a span of its own, child of its `traceparent`
 * header and never recorded, whose ids are bound into the request's logger; {@link
 * requestTraceparent} hands it to the request's calls.
 */
export function tracedChildLogger<L extends ChildLogger<L>>(
  logger: L,
  bindings: Record<string, unknown>,
  options: object,
  raw: IncomingMessage,
): L {
  if (activeContextFollowsRequests()) return logger.child(bindings, options);
  const span = tracer.startSpan(
    `${raw.method ?? 'HTTP'} request`,
    { kind: SpanKind.SERVER },
    extractHttpTraceContext(raw.headers),
  );
  const traceparent = traceparentOf(span);
  if (traceparent !== undefined) requestTraceparents.set(raw, traceparent);
  return logger.child({ ...bindings, ...correlationOf(span.spanContext()) }, options);
}

/**
 * The `traceparent` of the request's own span made by {@link tracedChildLogger}, for the request
 * context of its calls; undefined where the active context follows requests (the RPC client takes
 * the active span) or the span has no valid ids (telemetry not started).
 */
export function requestTraceparent(raw: IncomingMessage): string | undefined {
  return requestTraceparents.get(raw);
}
