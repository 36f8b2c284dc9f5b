/**
 * Fastify's instrumentation, for the gateway's `src/instrument.ts` only (the services serve no
 * Fastify): `startTelemetry('gateway', { instrumentations: [fastifyInstrumentation()] })`. A subpath
 * of its own so the services never load @fastify/otel (about 11 MB per process, issue #14 §3).
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { isUnTracedPath, pathOf } from './telemetry.js';

/**
 * Subscribes to Fastify's `fastify.initialization` diagnostics channel, so every Fastify instance
 * created after `startTelemetry` gets route and hook spans without registering anything.
 */
export function fastifyInstrumentation(): FastifyOtelInstrumentation {
  return new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    ignorePaths: (route) => isUnTracedPath(route.url),
    // @fastify/otel puts the whole request URL, query string included, in `url.path`; the query
    // may carry `access_token`.
    requestHook: (span, request) => span.setAttribute('url.path', pathOf(request.url)),
  });
}
