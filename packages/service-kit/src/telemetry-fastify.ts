/**
 * Fastify in traces, for the gateway (the services serve no Fastify): `traceFastifyRoutes()` in its
 * `src/instrument.ts` after `startTelemetry('gateway')`, and `tracedChildLogger` as its Fastify
 * `childLoggerFactory`.
 *
 * The HTTP server span (instrumentation-http) is named after the route and carries `http.route`
 * (`GET /networks/{networkEID}/`, not `GET`), so a dashboard groups requests by route. No span of its
 * own: @fastify/otel made one per request and one per hook (five to eight spans for each request)
 * and cost about 11 MB of the gateway's memory (bench/README.md).
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
  level: string;
  /** pino's; a logger without it is asked through its child. */
  isLevelEnabled?(level: string): boolean;
}

type LevelMethod = (...args: unknown[]) => void;
const LEVEL_NAMES = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LevelName = (typeof LEVEL_NAMES)[number];

/**
 * A request's logger whose pino child is made when it first writes a record at an enabled level, or
 * is asked for its bindings, a child or a level of its own. Most requests write none (the access
 * log is `info`; the platform runs at `warn` under load), and making the child (the bindings
 * censored and serialised, the trace ids formatted) was about 6 % of the gateway's garbage and 4 %
 * of its CPU per request (bench/README.md). What it writes is the child's, and the
 * child is the one `parent.child(bindings)` would have made: the same records.
 *
 * It has what Fastify asks of a request's logger (the six level methods, `child`) and pino's
 * `level`, `silent`, `isLevelEnabled` and `bindings`.
 */
class DeferredChildLogger<L extends ChildLogger<L>> {
  #made: L | undefined;
  readonly #parent: L;
  readonly #bindings: () => Record<string, unknown>;
  declare fatal: LevelMethod;
  declare error: LevelMethod;
  declare warn: LevelMethod;
  declare info: LevelMethod;
  declare debug: LevelMethod;
  declare trace: LevelMethod;

  constructor(parent: L, bindings: () => Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** The pino child, made once. */
  made(): L {
    return (this.#made ??= this.#parent.child(this.#bindings()));
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const logger = this.#made ?? this.#parent;
    return logger.isLevelEnabled?.(level) ?? this.made().isLevelEnabled?.(level) ?? true;
  }

  bindings(): Record<string, unknown> {
    return (this.made() as unknown as { bindings(): Record<string, unknown> }).bindings();
  }

  child(bindings: Record<string, unknown>, options?: object): L {
    return this.made().child(bindings, options);
  }

  silent(): void {}
}

for (const name of LEVEL_NAMES) {
  Object.defineProperty(DeferredChildLogger.prototype, name, {
    value: function (
      this: { isLevelEnabled(level: string): boolean; made(): unknown },
      ...args: unknown[]
    ): void {
      if (!this.isLevelEnabled(name)) return;
      (this.made() as Record<LevelName, LevelMethod>)[name](...args);
    },
  });
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
  // A route's own level or serializers: the child now (Fastify passes no options otherwise).
  const ownOptions = hasOwnKey(options);
  if (activeContextFollowsRequests()) {
    return ownOptions
      ? logger.child(bindings, options)
      : (new DeferredChildLogger(logger, () => bindings) as unknown as L);
  }
  const span = tracer.startSpan(
    `${raw.method ?? 'HTTP'} request`,
    { kind: SpanKind.SERVER },
    extractHttpTraceContext(raw.headers),
  );
  const traceparent = traceparentOf(span);
  if (traceparent !== undefined) requestTraceparents.set(raw, traceparent);
  const withIds = () => ({ ...bindings, ...correlationOf(span.spanContext()) });
  if (ownOptions) return logger.child(withIds(), options);
  return new DeferredChildLogger(logger, withIds) as unknown as L;
}

/** Whether `options` has any own key, without building the array of them (once per request). */
function hasOwnKey(options: object): boolean {
  for (const key in options) if (Object.hasOwn(options, key)) return true;
  return false;
}

/**
 * The `traceparent` of the request's own span made by {@link tracedChildLogger}, for the request
 * context of its calls; undefined where the active context follows requests (the RPC client takes
 * the active span) or the span has no valid ids (telemetry not started).
 */
export function requestTraceparent(raw: IncomingMessage): string | undefined {
  return requestTraceparents.get(raw);
}
