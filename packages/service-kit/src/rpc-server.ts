/**
 * RPC server: a service's endpoints registered through the NATS micro service API (`$SRV` ping,
 * info, stats), in a queue group named after the service, speaking the envelope of ARCHITECTURE §6.
 */
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NatsConnection, Service, ServiceMsg } from 'nats';
import { DomainError, type RpcReply, type RpcRequest, type ServiceName } from '@ncs/contracts';
import { isDuplicateKeyError } from './database.js';
import type { Logger } from './logger.js';
import {
  activeContextFollowsRequests,
  correlationOf,
  extractTraceContext,
  traceparentOf,
} from './telemetry.js';
import { outcomeOf, rpcServerDuration } from './metrics.js';
import { REQUEST_ID_HEADER, startRpcSpan } from './rpc-client.js';
import { decodeRequest } from './rpc-envelope.js';

export interface HandlerContext {
  readonly logger: Logger;
  readonly subject: string;
}

export type RpcHandler = (request: RpcRequest, handlerContext: HandlerContext) => Promise<unknown>;

/** Returned by a handler that chooses the HTTP status of a success (e.g. 200 vs 201, 204). */
export class WithStatus<T = unknown> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

export function withStatus<T>(status: number, data: T): WithStatus<T> {
  return new WithStatus(status, data);
}

export interface RpcServerOptions {
  readonly nats: NatsConnection;
  readonly service: ServiceName;
  readonly version: string;
  readonly description: string;
  readonly logger: Logger;
  /** Handlers keyed by NATS subject. */
  readonly handlers: ReadonlyMap<string, RpcHandler>;
}

export interface RpcServer {
  readonly service: Service;
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const service = await options.nats.services.add({
    name: options.service,
    version: options.version,
    description: options.description,
    queue: options.service,
  });
  let inFlight = 0;
  let drained: (() => void) | undefined;

  for (const [subject, handler] of options.handlers) {
    service.addEndpoint(endpointName(subject), {
      subject,
      handler: (error, msg) => {
        if (error) {
          options.logger.error({ err: error, subject }, 'endpoint subscription failed');
          return;
        }
        inFlight += 1;
        void serve(msg, subject, handler, options.logger).finally(() => {
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        });
      },
    });
  }

  return {
    service,
    async stop() {
      await service.stop();
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
    },
  };
}

/** `rpc.auth.network.get` → `network-get` (endpoint names must be simple tokens). */
function endpointName(subject: string): string {
  return subject.split('.').slice(2).join('-');
}

async function serve(
  msg: ServiceMsg,
  subject: string,
  handler: RpcHandler,
  baseLogger: Logger,
): Promise<void> {
  const parent = extractTraceContext(msg.headers);
  const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
  const span = startRpcSpan(subject, 'process', requestId, parent);
  // Where the active context does not follow requests (no exporter), the request's logger is
  // bound to the span's ids and its calls carry the span in the request context.
  const carried = !activeContextFollowsRequests();
  // The request's child logger, made when something logs (most requests log nothing).
  const handlerContext = new LazyLoggerContext(subject, () =>
    childLogger(baseLogger, {
      ...(requestId ? { requestId } : {}),
      ...(carried ? correlationOf(span.spanContext()) : {}),
    }),
  );
  const startedAt = Date.now();
  await context.with(trace.setSpan(parent, span), async () => {
    let reply: RpcReply;
    try {
      const request = decodeRequest(msg.data, carried ? traceparentOf(span) : undefined);
      const data = await handler(request, handlerContext);
      reply =
        data instanceof WithStatus
          ? { ok: true, data: data.data ?? null, status: data.status }
          : { ok: true, data: data ?? null };
    } catch (error) {
      const domainError = toDomainError(error);
      if (domainError.status >= 500) {
        handlerContext.logger.error({ err: error, subject }, 'handler failed');
        span.recordException(error instanceof Error ? error : new Error(String(error)));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.setAttribute('ncs.error.code', domainError.code);
      reply = { ok: false, error: domainError.toWire() };
    }
    const payload = encoder.encode(JSON.stringify(reply));
    rpcServerDuration.observe(
      {
        rpc_system: 'nats',
        rpc_method: subject,
        outcome: reply.ok ? outcomeOf(reply.status ?? 200) : outcomeOf(reply.error.status),
      },
      (Date.now() - startedAt) / 1000,
    );
    if (reply.ok) msg.respond(payload);
    else msg.respondError(reply.error.status, reply.error.message, payload);
    // Inside the span, so the record carries trace_id/span_id next to the request id.
    if (baseLogger.isLevelEnabled('debug')) {
      handlerContext.logger.debug(
        {
          subject,
          ok: reply.ok,
          ...(reply.ok ? {} : { code: reply.error.code }),
          durationMs: Date.now() - startedAt,
        },
        'rpc handled',
      );
    }
    span.end();
  });
}

/**
 * A handler's context whose logger is made at its first use. A class, not a literal with a getter:
 * V8 turns each such literal into a dictionary (bench/README.md, "A hidden class per request").
 */
class LazyLoggerContext implements HandlerContext {
  private made: Logger | undefined;

  constructor(
    readonly subject: string,
    private readonly makeLogger: () => Logger,
  ) {}

  get logger(): Logger {
    return (this.made ??= this.makeLogger());
  }
}

/** The base logger itself when there is nothing to bind. */
function childLogger(baseLogger: Logger, bindings: Record<string, string>): Logger {
  return Object.keys(bindings).length === 0 ? baseLogger : baseLogger.child(bindings);
}

function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  // Mongo duplicate key: a concurrent create of the same thing.
  if (isDuplicateKeyError(error)) {
    return new DomainError('CONFLICT');
  }
  return new DomainError('INTERNAL');
}
