/**
 * Structured JSON logging (pino) shared by every process (ARCHITECTURE §11): each record carries
 * `service`, the active trace's `trace_id`/`span_id`, and never a secret (ARCHITECTURE §7).
 */
import { hostname } from 'node:os';
import { trace } from '@opentelemetry/api';
import { pino } from 'pino';
import type { Logger as PinoLogger, LoggerOptions as PinoOptions } from 'pino';
import { correlationOf, credentialUrlParameters } from './telemetry.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  /** The service name written on every record, e.g. `kb`, `gateway`. */
  readonly service: string;
  /** pino level name; `info` unless given. */
  readonly level?: string;
  /** Where records go; stdout unless given (tests pass a memory stream). */
  readonly destination?: NodeJS.WritableStream;
}

const CENSOR = '[REDACTED]';

const secretUrlParameters: ReadonlySet<string> = new Set(credentialUrlParameters);

/** Keys whose values are never logged, at any of the first {@link CENSOR_DEPTH} levels of a record. */
const secretKeys: ReadonlySet<string> = new Set([
  'password',
  'client_secret',
  'clientSecret',
  'secret',
  'refresh_token',
  'refreshToken',
  'access_token',
  'accessToken',
  'token',
  'code_verifier',
  'code',
  'passwordHash',
  'secretHash',
]);

/** Credential headers, censored inside any object named `headers` (names compared case-insensitively). */
const secretHeaders: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'proxy-authorization',
]);

/**
 * How deep records are searched: `password` (1), `body.password` (2), `ctx.body.client_secret` (3),
 * and `ctx.req.headers.authorization` (4).
 */
const CENSOR_DEPTH = 4;

const wildcards = (count: number): string => '*.'.repeat(count);
const property = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/**
 * What is censored, in pino `redact` path notation. The censoring itself is one copy-on-write walk
 * of each record ({@link censorSecrets}) rather than pino's `redact`: with these wildcard paths
 * pino's redaction costs about 30 µs per record, twenty times the rest of the logging, and it
 * cannot match header names case-insensitively.
 */
export const redactedPaths: readonly string[] = Object.freeze([
  ...Array.from({ length: CENSOR_DEPTH }, (_, depth) =>
    [...secretKeys].map((key) => wildcards(depth) + key),
  ).flat(),
  ...Array.from({ length: CENSOR_DEPTH - 1 }, (_, depth) =>
    [...secretHeaders].map((header) => `${wildcards(depth)}headers${property(header)}`),
  ).flat(),
]);

/** Record keys whose serializer already decides what is written (and drops headers and secrets). */
const serializedKeys: ReadonlySet<string> = new Set(['req', 'err', 'url']);

/**
 * Returns `value` with every secret replaced by `[REDACTED]`, copying only the objects on the way to
 * a secret: the caller's objects are never modified. Objects with `toJSON` (mongoose documents,
 * ObjectIds, dates) are searched in their JSON form, which is what would be written anyway. Errors
 * are left to the `err` serializer.
 */
function censorSecrets(value: object, depth: number, inHeaders: boolean): object {
  let copy: Record<string, unknown> | unknown[] | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (depth === 1 && serializedKeys.has(key)) continue;
    const child = source[key];
    let next = child;
    if (secretKeys.has(key) || (inHeaders && secretHeaders.has(key.toLowerCase()))) {
      next = CENSOR;
    } else if (
      depth < CENSOR_DEPTH &&
      typeof child === 'object' &&
      child !== null &&
      !(child instanceof Error)
    ) {
      const plain: unknown = hasToJSON(child) ? child.toJSON() : child;
      next =
        typeof plain === 'object' && plain !== null
          ? censorSecrets(plain, depth + 1, key.toLowerCase() === 'headers')
          : plain;
      // Unchanged: keep the original, so nothing is copied or converted needlessly.
      if (next === plain) next = child;
    }
    if (next !== child) {
      copy ??= Array.isArray(source) ? [...(source as unknown[])] : { ...source };
      (copy as Record<string, unknown>)[key] = next;
    }
  }
  return copy ?? value;
}

function hasToJSON(value: object): value is { toJSON(): unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/**
 * Replaces the values of credential parameters (`access_token`, `code`, …) in a URL's query string
 * and fragment with `[REDACTED]`, leaving everything else byte for byte as it was.
 */
export function redactUrl(url: string): string {
  const queryStart = url.search(/[?#]/);
  if (queryStart === -1) return url;
  return (
    url.slice(0, queryStart) +
    url
      .slice(queryStart)
      .replace(/([?&#;])([^=&#;]*)=([^&#;]*)/g, (match, separator: string, name: string) =>
        secretUrlParameters.has(decodeParameterName(name)) ? `${separator}${name}=${CENSOR}` : match,
      )
  );
}

function decodeParameterName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

interface RequestLike {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly url?: unknown;
  readonly originalUrl?: unknown;
  readonly hostname?: unknown;
  readonly headers?: { readonly host?: unknown };
  readonly ip?: unknown;
  readonly socket?: { readonly remoteAddress?: unknown; readonly remotePort?: unknown } | null;
}

/**
 * Logs the request line and peer only: headers and bodies are left out (they hold tokens and
 * cookies); the URL keeps its path and non-secret query parameters.
 */
function serializeRequest(req: unknown): unknown {
  if (typeof req !== 'object' || req === null) return req;
  const request = req as RequestLike;
  const url = typeof request.originalUrl === 'string' ? request.originalUrl : request.url;
  return {
    ...(request.id === undefined ? {} : { id: request.id }),
    method: request.method,
    url: typeof url === 'string' ? redactUrl(url) : url,
    host: request.hostname ?? request.headers?.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Adds the active span's ids (`trace_id`, `span_id`, `trace_flags`): no pino instrumentation is
 * loaded. Where the active context does not follow requests (no exporter) there is no active span
 * and a request's logger is bound to its span's ids instead (`correlationOf`).
 */
function traceCorrelation(): Record<string, string> {
  return correlationOf(trace.getActiveSpan()?.spanContext());
}

export function createLogger(settings: LoggerOptions): Logger {
  const options: PinoOptions = {
    level: settings.level ?? 'info',
    base: { service: settings.service, pid: process.pid, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (record) => censorSecrets(record, 1, false) as typeof record,
    },
    mixin: traceCorrelation,
    serializers: {
      req: serializeRequest,
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
      err: pino.stdSerializers.err,
    },
  };
  const logger = settings.destination === undefined ? pino(options) : pino(options, settings.destination);
  censorChildBindings(logger);
  return logger;
}

/**
 * pino applies `formatters.log` to each call's object but not to a child's bindings, which it
 * serialises once when the child is made: censor them there. Children are created from their
 * parent with `Object.create`, so every descendant inherits this `child`.
 */
function censorChildBindings(logger: Logger): void {
  // Unbound on purpose: it is called below with each child as `this`, as pino calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const createChild = logger.child;
  logger.child = function (this: Logger, bindings, childOptions) {
    return createChild.call(this, censorSecrets(bindings, 1, false), childOptions);
  } as Logger['child'];
}
