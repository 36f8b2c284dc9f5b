/**
 * OpenTelemetry for every process (ARCHITECTURE §11). Each app's `src/instrument.ts` imports this
 * module through the `@ncs/service-kit/telemetry` subpath and calls {@link startTelemetry}; Node
 * loads that file with `--import`, before the app's own module graph, so the instrumentations are in
 * place before http, mongodb or fastify are first loaded.
 *
 * This module must stay light at load time: it imports nothing that loads mongoose, nats or pino
 * (the NATS header type below is type-only).
 *
 * This is the one module besides config files that reads `process.env`: the `OTEL_*` variables are
 * the OpenTelemetry SDK's own, standard configuration surface.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  ROOT_CONTEXT,
  trace,
} from '@opentelemetry/api';
import type { Context, Span, SpanContext, TextMapGetter, TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Sampler, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { MsgHdrs } from 'nats';

export interface Telemetry {
  /** Ends the SDK: flushes the spans still queued to the exporter. Safe to call more than once. */
  shutdown(): Promise<void>;
}

/**
 * URL query (and fragment) parameters whose values are credentials: censored in span URLs here and
 * in log records by the logger.
 */
export const credentialUrlParameters: readonly string[] = Object.freeze([
  'access_token',
  'refresh_token',
  'code',
  'client_secret',
  'password',
  'token',
]);

/** instrumentation-http's own defaults (signed cloud-storage URLs), kept when adding ours. */
const signedUrlParameters = [
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

/** Probes that would otherwise be most of the traces. */
const unTracedPaths: ReadonlySet<string> = new Set(['/health', '/ready']);

export function pathOf(url: string): string {
  const queryStart = url.search(/[?#]/);
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

export function isUnTracedPath(url: string | undefined): boolean {
  if (url === undefined) return false;
  const path = pathOf(url);
  return unTracedPaths.has(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
}

let running: Telemetry | undefined;
let contextFollowsRequests = false;

/**
 * Whether the active context follows a request through all its asynchronous work: true when spans
 * are exported (an AsyncLocalStorage context manager is registered). When it is false (no
 * exporter), code that serves a request carries the request's span itself: its
 * logger is bound to the span's ids ({@link correlationOf}) and its RPC calls carry the span's
 * `traceparent` in the request context (the RPC client sends it as the NATS header).
 */
export function activeContextFollowsRequests(): boolean {
  return contextFollowsRequests;
}

/**
 * Starts OpenTelemetry tracing for this process: W3C trace-context propagation and a Node tracer
 * provider, in one of two modes.
 *
 * - **Spans exported** (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` set):
 *   as OTLP/HTTP JSON, batched (`OTEL_BSP_*` apply), with an AsyncLocalStorage context manager and
 *   the http and mongodb instrumentations, plus the process's own (`options.instrumentations`).
 *   Logs carry the active span's ids through the logger's own mixin (`createLogger`).
 * - **Ids only** (no exporter): no span is recorded, and neither a context manager nor an
 *   instrumentation is installed. Spans still get real ids, which the request path carries
 *   explicitly (see {@link activeContextFollowsRequests}), so a request's log records in the
 *   gateway and in the service share its trace id. On Node 20 the AsyncLocalStorage context
 *   manager runs a hook on every promise: without it auth spends 0.68–0.82 instead of 0.90–1.00
 *   ms of CPU per request and the gateway 0.16 instead of 0.20–0.24 (bench/README.md).
 *
 * `OTEL_SERVICE_NAME` overrides `serviceName`; `OTEL_SDK_DISABLED=true` starts nothing (no ids
 * either). Calling it again returns the running instance.
 *
 * Footprint: the tracer provider, not the Node SDK — the SDK also loads the metrics
 * and logs SDKs, every exporter (gRPC included) and the configuration schema, about 15 MB of every
 * process for signals nothing here uses.
 */
export function startTelemetry(
  serviceName: string,
  options: { readonly instrumentations?: readonly Instrumentation[] } = {},
): Telemetry {
  if (running !== undefined) return running;
  if (readEnv('OTEL_SDK_DISABLED') === 'true') {
    running = { shutdown: () => Promise.resolve() };
    return running;
  }

  const processor = createSpanProcessor();
  const exporting = processor !== undefined;
  const provider = new NodeTracerProvider({
    // As the Node SDK: the SDK's defaults, `OTEL_RESOURCE_ATTRIBUTES`, the host and the process.
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: readEnv('OTEL_SERVICE_NAME') ?? serviceName })),
    spanProcessors: processor === undefined ? [] : [processor],
    // With an exporter, the SDK's sampler (`OTEL_TRACES_SAMPLER`, default parent-based always-on).
    ...(exporting ? {} : { sampler: unrecordedSampler }),
  });
  let unregister = () => {};
  if (exporting) {
    // The global tracer provider, the AsyncLocalStorage context manager and the W3C propagators.
    provider.register();
    unregister = registerInstrumentations({
      instrumentations: exportedInstrumentations(options.instrumentations ?? []),
      tracerProvider: provider,
    });
    patchBuiltinsNow();
  } else {
    // The global tracer provider and the W3C propagators: no context manager, no instrumentation.
    provider.register({ contextManager: null });
  }
  contextFollowsRequests = exporting;

  let stopped: Promise<void> | undefined;
  running = {
    shutdown() {
      stopped ??= provider.shutdown().finally(() => {
        unregister();
        running = undefined;
        contextFollowsRequests = false;
      });
      return stopped;
    },
  };
  return running;
}

/** The instrumentations installed where spans are exported: http, mongodb and the process's own. */
function exportedInstrumentations(own: readonly Instrumentation[]): Instrumentation[] {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => isUnTracedPath(request.url),
      redactedQueryParams: [...signedUrlParameters, ...credentialUrlParameters],
      redactedQueryParamsServer: [...signedUrlParameters, ...credentialUrlParameters],
    }),
    // Statements are recorded with their values replaced by `?`: values may be token hashes,
    // passwords or personal data.
    new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
    ...own,
  ];
}

function readEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Without an exporter nothing would ever read a span, so none is recorded: the tracer still gives
 * every span a trace id and a span id (loggers bound to the span write them, NATS headers carry
 * them on, flagged not sampled) but builds no span object, attributes or events
 * (bench/README.md).
 */
const unrecordedSampler: Sampler = new AlwaysOffSampler();

/** The batch processor of the OTLP exporter, or none when no endpoint is set. */
function createSpanProcessor(): SpanProcessor | undefined {
  const exportDisabled = readEnv('OTEL_TRACES_EXPORTER') === 'none';
  const endpoint = readEnv('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? readEnv('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (exportDisabled || endpoint === undefined) return undefined;
  // The exporter reads the endpoint (appending `/v1/traces` to the generic one), headers and
  // timeout from the standard variables itself; the processor honours `OTEL_BSP_*`.
  return new BatchSpanProcessor(new OTLPTraceExporter());
}

/**
 * Patches `http` and `https` now, for ES modules as well as for CommonJS.
 *
 * The instrumentations patch a module when it is `require`d (require-in-the-middle): fastify's
 * `http`, mongoose's `mongodb` files. An ES module's `import { request } from 'node:http'` goes
 * through no `require`, so it is required here, once, and the builtins' ES module bindings are
 * synchronised with their patched exports. No ESM loader hook (import-in-the-middle) is
 * registered: Node runs loader hooks on a thread of their own, with a second V8 isolate for the
 * process's whole life, 15–20 MB of every service (bench/README.md, "Footprint: memory of an idle service").
 */
function patchBuiltinsNow(): void {
  const require = createRequire(import.meta.url);
  require('http');
  require('https');
  syncBuiltinESMExports();
}

const w3cTraceContext = new W3CTraceContextPropagator();

const headerSetter: TextMapSetter<MsgHdrs> = {
  set: (headers, key, value) => headers.set(key, value),
};

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => (headers === undefined ? [] : headers.keys()),
  get: (headers, key) => {
    // MsgHdrs.get answers '' for a missing header.
    const value = headers?.get(key);
    return value === undefined || value === '' ? undefined : value;
  },
};

/**
 * Writes `traceparent` (and `tracestate`, when present) of the active span, or of `from`, into NATS
 * message headers. Without a valid span it writes nothing.
 */
export function injectTraceHeaders(headers: MsgHdrs, from: Context = context.active()): void {
  w3cTraceContext.inject(from, headers, headerSetter);
}

/**
 * The context carried by NATS message headers, as a parent for the consumer's span; the active
 * context unchanged when there is none.
 */
export function extractTraceContext(headers: MsgHdrs | undefined, into: Context = context.active()): Context {
  return w3cTraceContext.extract(into, headers, headerGetter);
}

/**
 * The context named by the W3C `traceparent` (and `tracestate`) of HTTP request headers, as the
 * parent of the request's span; the root context when there is none or it is malformed.
 */
export function extractHttpTraceContext(headers: IncomingHttpHeaders): Context {
  return w3cTraceContext.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/** The context named by a W3C `traceparent`; the root context when it is absent or malformed. */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  return traceparent === undefined ? ROOT_CONTEXT : extractHttpTraceContext({ traceparent });
}

/** The W3C `traceparent` of a span (`00-<trace id>-<span id>-<flags>`); undefined for an invalid one. */
export function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  w3cTraceContext.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return carrier.traceparent;
}

/**
 * A span's ids as log records carry them (`trace_id`, `span_id`, `trace_flags`, as OpenTelemetry's
 * log correlation names them); none for an invalid span context. The logger's mixin writes those of
 * the active span; where the active context does not follow requests, a request's logger is bound
 * to its own.
 */
export function correlationOf(spanContext: SpanContext | undefined): Record<string, string> {
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  return {
    trace_id: spanContext.traceId,
    span_id: spanContext.spanId,
    trace_flags: `0${spanContext.traceFlags.toString(16)}`,
  };
}
