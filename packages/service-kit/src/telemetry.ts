/**
 * OpenTelemetry for every process (ARCHITECTURE §11). Each app's `src/instrument.ts` imports this
 * module through the `@ncs/service-kit/telemetry` subpath and calls {@link startTelemetry}; Node
 * loads that file with `--import`, before the app's own module graph, so the ESM loader hook and
 * the instrumentations are in place before http, mongodb, pino or fastify are first loaded.
 *
 * This module must stay light at load time: it imports nothing that loads mongoose, nats or pino
 * (the NATS header type below is type-only).
 *
 * This is the one module besides config files that reads `process.env`: the `OTEL_*` variables are
 * the OpenTelemetry SDK's own, standard configuration surface.
 */
import { register } from 'node:module';
import { context } from '@opentelemetry/api';
import type { Context, TextMapGetter, TextMapSetter } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { core, NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
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

function pathOf(url: string): string {
  const queryStart = url.search(/[?#]/);
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

function isUnTracedPath(url: string | undefined): boolean {
  if (url === undefined) return false;
  const path = pathOf(url);
  return unTracedPaths.has(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
}

let running: Telemetry | undefined;

/**
 * Starts the OpenTelemetry Node SDK for this process: W3C trace-context propagation, an
 * AsyncLocalStorage context manager, a tracer provider, and the http, mongodb, pino and Fastify
 * instrumentations. Spans are exported as OTLP/HTTP JSON when `OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set (batched; `OTEL_BSP_*` apply); otherwise nothing is
 * exported, but spans still get real ids so logs correlate. `OTEL_SERVICE_NAME` overrides
 * `serviceName`. Calling it again returns the running instance.
 */
export function startTelemetry(serviceName: string): Telemetry {
  if (running !== undefined) return running;

  const instrumentations: Instrumentation[] = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => isUnTracedPath(request.url),
      redactedQueryParams: [...signedUrlParameters, ...credentialUrlParameters],
      redactedQueryParamsServer: [...signedUrlParameters, ...credentialUrlParameters],
    }),
    // Statements are recorded with their values replaced by `?`: values may be token hashes,
    // passwords or personal data.
    new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
    // Correlation only (trace_id/span_id on records); logs go to stdout, not to an OTLP logs pipeline.
    new PinoInstrumentation({ disableLogSending: true }),
    // Subscribes to Fastify's `fastify.initialization` diagnostics channel, so every Fastify
    // instance created after this call gets route and hook spans without registering anything.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => isUnTracedPath(route.url),
      // @fastify/otel puts the whole request URL, query string included, in `url.path`; the query
      // may carry `access_token`.
      requestHook: (span, request) => span.setAttribute('url.path', pathOf(request.url)),
    }),
  ];

  registerEsmLoaderHook(instrumentations);

  const sdk = new NodeSDK({
    serviceName: readEnv('OTEL_SERVICE_NAME') ?? serviceName,
    instrumentations,
    spanProcessors: [createSpanProcessor()],
    // Traces only: without these the SDK would default to OTLP metric and log exporters.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();

  let stopped: Promise<void> | undefined;
  running = {
    shutdown() {
      stopped ??= sdk.shutdown().finally(() => {
        running = undefined;
      });
      return stopped;
    },
  };
  return running;
}

function readEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function createSpanProcessor(): SpanProcessor {
  const exportDisabled = readEnv('OTEL_TRACES_EXPORTER') === 'none';
  const endpoint = readEnv('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? readEnv('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (exportDisabled || endpoint === undefined) return new NoopSpanProcessor();
  // The exporter reads the endpoint (appending `/v1/traces` to the generic one), headers and
  // timeout from the standard variables itself; the processor honours `OTEL_BSP_*`.
  return new BatchSpanProcessor(new OTLPTraceExporter());
}

/**
 * Registers import-in-the-middle's loader hook so modules loaded through `import` can be patched.
 * It only wraps the modules the instrumentations patch (`include`), leaving every other module of
 * the app untouched; CommonJS `require`s (mongoose → mongodb, fastify → http) are patched by
 * require-in-the-middle without it.
 */
function registerEsmLoaderHook(instrumentations: readonly Instrumentation[]): void {
  if (readEnv('OTEL_SDK_DISABLED') === 'true') return;
  const include = [...new Set(instrumentations.flatMap(patchedModuleNames))];
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include } });
}

/** `getModuleDefinitions` is on InstrumentationBase, not on the Instrumentation interface. */
type WithModuleDefinitions = Partial<{ getModuleDefinitions(): readonly { readonly name: string }[] }>;

function patchedModuleNames(instrumentation: Instrumentation): string[] {
  const definitions = (instrumentation as WithModuleDefinitions).getModuleDefinitions?.() ?? [];
  return definitions.map((definition) => definition.name);
}

const w3cTraceContext = new core.W3CTraceContextPropagator();

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
