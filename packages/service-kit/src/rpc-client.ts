/**
 * RPC client: sends the envelope of ARCHITECTURE §6 to a service subject and turns the reply into
 * data or a DomainError. Every request has a timeout; no responder is 503, no reply in time is 504.
 */
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { ErrorCode, headers as natsHeaders, type NatsConnection, type NatsError } from 'nats';
import {
  DomainError,
  isErrorName,
  type InternalReplyOf,
  type InternalRequestOf,
  type InternalSubject,
  type PlainSubject,
  type RequestContext,
  type RpcReply,
  type WireError,
} from '@ncs/contracts';
import { outcomeOf, rpcClientDuration, type Outcome } from './metrics.js';
import { contextOfTraceparent, injectTraceHeaders } from './telemetry.js';

export const REQUEST_ID_HEADER = 'Ncs-Request-Id';

export interface RpcCall {
  readonly ctx: RequestContext;
  readonly params?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
}

/** The call of an internal subject: its body typed from the subject (none for a subject without one). */
export type InternalCall<S> = { readonly ctx: RequestContext } & ([InternalRequestOf<S>] extends [null]
  ? { readonly body?: null }
  : { readonly body: InternalRequestOf<S> });

type RequestOptions = { timeoutMs?: number };

/**
 * Internal subjects (contracts' `internalSubjects`) type the body and the reply themselves; any
 * other subject (a route's) is typed by its caller. An internal subject is never taken as a plain
 * one, so a wrong body or an explicit reply type is a compile error.
 */
export interface RpcClient {
  request<S extends InternalSubject>(
    subject: S,
    call: InternalCall<S>,
    options?: RequestOptions,
  ): Promise<InternalReplyOf<S>>;
  request<T = unknown>(subject: PlainSubject, call: RpcCall, options?: RequestOptions): Promise<T>;
  /** Like `request`, with the status the handler chose (undefined: the route's own). */
  requestWithStatus<S extends InternalSubject>(
    subject: S,
    call: InternalCall<S>,
    options?: RequestOptions,
  ): Promise<{ data: InternalReplyOf<S>; status: number | undefined }>;
  requestWithStatus<T = unknown>(
    subject: PlainSubject,
    call: RpcCall,
    options?: RequestOptions,
  ): Promise<{ data: T; status: number | undefined }>;
}

/** What a client, or a client wrapping another, implements: one request, typed by its caller. */
export type RequestWithStatus = <T = unknown>(
  subject: string,
  call: RpcCall,
  options?: RequestOptions,
) => Promise<{ data: T; status: number | undefined }>;

/** The client whose `request` is `requestWithStatus` without the status. */
export function rpcClientOf(requestWithStatus: RequestWithStatus): RpcClient {
  return {
    requestWithStatus,
    request: async <T>(subject: string, call: RpcCall, options?: RequestOptions): Promise<T> =>
      (await requestWithStatus<T>(subject, call, options)).data,
  };
}

/** An error reply from a service, kept as the service sent it (status, code, name, details). */
export class RemoteError extends DomainError {
  readonly wire: WireError;
  constructor(wire: WireError) {
    super(
      isErrorName(wire.name) ? wire.name : wire.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
      wire.message,
      wire.details,
    );
    this.wire = wire;
  }
  override toWire(): WireError {
    return this.wire;
  }
}

const tracer = trace.getTracer('@ncs/service-kit');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The span of one RPC request on the caller's side (`send`) or the service's (`process`). */
export function startRpcSpan(
  subject: string,
  side: 'send' | 'process',
  requestId: string | undefined,
  parent: Context,
): Span {
  return tracer.startSpan(
    `${subject} ${side}`,
    {
      kind: side === 'send' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': subject,
        'ncs.request_id': requestId,
      },
    },
    parent,
  );
}

export function createRpcClient(nats: NatsConnection, defaults: { timeoutMs: number }): RpcClient {
  const requestWithStatus = async <T>(
    subject: string,
    call: RpcCall,
    options?: { timeoutMs?: number },
  ): Promise<{ data: T; status: number | undefined }> => {
    // The caller's span: the active one, or, where the active context does not follow requests,
    // the one the request context names.
    const { traceparent, ...ctx } = call.ctx;
    const active = context.active();
    const parent = trace.getSpan(active) === undefined ? contextOfTraceparent(traceparent) : active;
    const span = startRpcSpan(subject, 'send', ctx.requestId, parent);
    const spanContext = trace.setSpan(parent, span);
    return context.with(spanContext, async () => {
      const headers = natsHeaders();
      headers.set(REQUEST_ID_HEADER, ctx.requestId);
      injectTraceHeaders(headers, spanContext);
      const payload = encoder.encode(
        JSON.stringify({
          ctx,
          params: call.params ?? {},
          query: call.query ?? {},
          body: call.body ?? null,
        }),
      );
      const startedAt = performance.now();
      // The subject, never the request: subjects are a bounded set (routes and internal subjects).
      const observe = (outcome: Outcome) =>
        rpcClientDuration.observe(
          { rpc_system: 'nats', rpc_method: subject, outcome },
          (performance.now() - startedAt) / 1000,
        );
      try {
        const msg = await nats.request(subject, payload, {
          timeout: options?.timeoutMs ?? defaults.timeoutMs,
          headers,
        });
        const reply = JSON.parse(decoder.decode(msg.data)) as RpcReply<T>;
        observe(outcomeOf(reply.ok ? (reply.status ?? 200) : reply.error.status));
        if (reply.ok) return { data: reply.data, status: reply.status };
        if (reply.error.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        throw new RemoteError(reply.error);
      } catch (error) {
        const mapped = mapTransportError(error, span);
        if (mapped instanceof TransportError)
          observe(mapped.reason === 'timeout' ? 'timeout' : 'unavailable');
        throw mapped;
      } finally {
        span.end();
      }
    });
  };
  return rpcClientOf(requestWithStatus);
}

function mapTransportError(
  error: unknown,
  span: { setStatus(s: { code: SpanStatusCode; message?: string }): unknown },
): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as Partial<NatsError>)?.code;
  span.setStatus({ code: SpanStatusCode.ERROR, message: String(code ?? error) });
  if (code === ErrorCode.NoResponders) return new TransportError('SERVICE_UNAVAILABLE', 'no-responders');
  if (code === ErrorCode.Timeout) return new TransportError('SERVICE_TIMEOUT', 'timeout');
  if (
    code === ErrorCode.ConnectionClosed ||
    code === ErrorCode.Disconnect ||
    code === ErrorCode.ConnectionDraining
  ) {
    return new TransportError('SERVICE_UNAVAILABLE', 'disconnected');
  }
  return error;
}

/**
 * Scale-out: a request that got no reply, and why: `no-responders` (nothing received
 * it: always safe to send again), `timeout` (an instance may have received it), `disconnected`
 * (this connection went away with the request in flight). Answered like the DomainError it is.
 */
export class TransportError extends DomainError {
  readonly reason: 'no-responders' | 'timeout' | 'disconnected';
  constructor(name: 'SERVICE_UNAVAILABLE' | 'SERVICE_TIMEOUT', reason: TransportError['reason']) {
    super(name);
    this.reason = reason;
  }
}
