/**
 * Trace ids without an exporter: telemetry started with no exporter registers no
 * context manager, so the RPC client and server carry the request's span themselves, over a real
 * NATS server: the client sends the request context's `traceparent` as the NATS header (never in the
 * envelope), the server's logger is bound to its own span's ids, and the handler's calls go on in
 * the same trace.
 */
import { Writable } from 'node:stream';
import { context, propagation, trace } from '@opentelemetry/api';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RequestContext, RpcRequest } from '@ncs/contracts';
import {
  createLogger,
  createRpcClient,
  startRpcServer,
  type RpcClient,
  type RpcHandler,
  type RpcServer,
} from '../src/index.js';
import { activeContextFollowsRequests, startTelemetry, type Telemetry } from '../src/telemetry.js';

const written: string[] = [];
const logger = createLogger({
  service: 'auth',
  level: 'debug',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      done();
    },
  }),
});
const records = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);

const prefix = `rpc.auth.ids${Date.now()}`;
let telemetry: Telemetry;
let nc: NatsConnection;
let server: RpcServer;
let rpc: RpcClient;
let raw: Subscription;
const rawEnvelopes: { ctx: Record<string, unknown>; traceparent: string | undefined }[] = [];

beforeAll(async () => {
  // This file's process only: what `node --import ./dist/instrument.js` does with no exporter set.
  for (const name of [
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    'OTEL_SDK_DISABLED',
  ])
    delete process.env[name];
  telemetry = startTelemetry('trace-ids-test');
  nc = await connect({ servers: inject('natsUrl') });
  rpc = createRpcClient(nc, { timeoutMs: 5_000 });
  const handlers = new Map<string, RpcHandler>([
    [
      `${prefix}.echo`,
      (request: RpcRequest, { logger: requestLogger }) => {
        requestLogger.info({ probe: request.ctx.requestId }, 'handler logs');
        return Promise.resolve({ ctx: request.ctx });
      },
    ],
    // Calls on with the request context it was given, as handlers that call another service do.
    [`${prefix}.forward`, (request: RpcRequest) => rpc.request(`${prefix}.echo`, { ctx: request.ctx })],
  ]);
  server = await startRpcServer({
    nats: nc,
    service: 'auth',
    version: '1.0.0',
    description: 'trace ids',
    logger,
    handlers,
  });
  // What travels over NATS, seen by a plain subscriber of a subject of its own.
  raw = nc.subscribe(`${prefix}.raw`, {
    callback: (_error, msg) => {
      const envelope = JSON.parse(new TextDecoder().decode(msg.data)) as { ctx: Record<string, unknown> };
      rawEnvelopes.push({ ctx: envelope.ctx, traceparent: msg.headers?.get('traceparent') || undefined });
      msg.respond(new TextEncoder().encode(JSON.stringify({ ok: true, data: null })));
    },
  });
});

afterAll(async () => {
  raw.unsubscribe();
  await server.stop();
  await nc.drain();
  await telemetry.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const callerSpanId = '1122334455667788';
const ctxOf = (requestId: string, traceparent?: string): RequestContext => ({
  version: '2026.1.13',
  requestId,
  ...(traceparent === undefined ? {} : { traceparent }),
});
const parse = (traceparent: unknown) =>
  /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(String(traceparent));

describe('trace ids without an exporter', () => {
  it('registers no context manager', () => {
    expect(activeContextFollowsRequests()).toBe(false);
    const span = trace.getTracer('test').startSpan('outer');
    context.with(trace.setSpan(context.active(), span), () => expect(trace.getActiveSpan()).toBeUndefined());
  });

  it('sends the request context’s traceparent as the NATS header, of a span of the client’s own, and not in the envelope', async () => {
    await rpc.request(`${prefix}.raw`, { ctx: ctxOf('ids-raw', `00-${traceId}-${callerSpanId}-01`) });
    const [sent] = rawEnvelopes.splice(0);
    expect(sent?.ctx).toEqual({ version: '2026.1.13', requestId: 'ids-raw' });
    const header = parse(sent?.traceparent);
    expect(header?.[1]).toBe(traceId);
    expect(header?.[2]).not.toBe(callerSpanId);
    expect(header?.[3]).toBe('00');
  });

  it('binds the server’s logger to its own span in the caller’s trace, and gives that span to the handler’s calls', async () => {
    const reply = await rpc.request<{ ctx: RequestContext }>(`${prefix}.echo`, {
      ctx: ctxOf('ids-echo', `00-${traceId}-${callerSpanId}-01`),
    });
    const served = parse(reply.ctx.traceparent);
    expect(served?.[1]).toBe(traceId);
    const logged = records().find((record) => record.msg === 'handler logs' && record.probe === 'ids-echo');
    expect(logged).toMatchObject({ requestId: 'ids-echo', trace_id: traceId, span_id: served?.[2] });
    expect(logged?.span_id).not.toBe(callerSpanId);
    // The debug record of every handled request, too.
    const handled = records().find(
      (record) => record.msg === 'rpc handled' && record.requestId === 'ids-echo',
    );
    expect(handled).toMatchObject({ trace_id: traceId, span_id: served?.[2] });
  });

  it('keeps the trace across a handler that calls on, each hop a span of its own', async () => {
    const reply = await rpc.request<{ ctx: RequestContext }>(`${prefix}.forward`, {
      ctx: ctxOf('ids-forward', `00-${traceId}-${callerSpanId}-01`),
    });
    const inner = parse(reply.ctx.traceparent);
    expect(inner?.[1]).toBe(traceId);
    const spans = records()
      .filter((record) => record.msg === 'rpc handled' && record.requestId === 'ids-forward')
      .map((record) => ({ trace: record.trace_id, span: record.span_id }));
    expect(spans).toHaveLength(2);
    expect(spans.every((span) => span.trace === traceId)).toBe(true);
    expect(new Set(spans.map((span) => span.span)).size).toBe(2);
  });

  it('starts a trace when the request context names none', async () => {
    const reply = await rpc.request<{ ctx: RequestContext }>(`${prefix}.echo`, { ctx: ctxOf('ids-fresh') });
    const served = parse(reply.ctx.traceparent);
    expect(served?.[1]).not.toBe('0'.repeat(32));
    const logged = records().find((record) => record.msg === 'handler logs' && record.probe === 'ids-fresh');
    expect(logged).toMatchObject({ trace_id: served?.[1], span_id: served?.[2] });
  });
});
