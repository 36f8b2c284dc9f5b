/**
 * The RPC runtime over a real NATS server: envelope, domain errors with status and code,
 * timeouts, no responders, queue groups and `$SRV` discovery.
 */
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DomainError, type RequestContext, type RpcRequest } from '@ncs/contracts';
import {
  createLogger,
  createRpcClient,
  startRpcServer,
  type RpcHandler,
  type RpcServer,
  withStatus,
} from '../src/index.js';

const ctx: RequestContext = { version: '2026.1.13', requestId: 'req-1' };
const silent = createLogger({ service: 'auth', level: 'silent' });
let nc: NatsConnection;
let servers: RpcServer[] = [];
const prefix = `rpc.auth.t${Date.now()}`;

beforeAll(async () => {
  nc = await connect({ servers: inject('natsUrl') });
  const handlers = (instance: string) =>
    new Map<string, RpcHandler>([
      [`${prefix}.created`, () => Promise.resolve(withStatus(201, { made: true }))],
      [`${prefix}.echo`, (request: RpcRequest) => Promise.resolve({ instance, request })],
      [`${prefix}.missing`, () => Promise.reject(new DomainError('AUTH_ERR_NETWORK_NOT_FOUND'))],
      [
        `${prefix}.invalid`,
        () =>
          Promise.reject(
            new DomainError('VALIDATION_FAILED', 'bad', [{ pointer: '/body/x', message: 'is wrong' }]),
          ),
      ],
      [`${prefix}.crash`, () => Promise.reject(new Error('database password is hunter2'))],
      [`${prefix}.slow`, () => new Promise((resolve) => setTimeout(() => resolve('late'), 1_000))],
    ]);
  servers = await Promise.all(
    ['one', 'two'].map((instance) =>
      startRpcServer({
        nats: nc,
        service: 'auth',
        version: '1.2.3',
        description: 'test',
        logger: silent,
        handlers: handlers(instance),
      }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await nc.drain();
});

describe('RPC over NATS', () => {
  it('carries the envelope and returns the data', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 2_000 });
    const reply = await rpc.request<{ request: RpcRequest }>(`${prefix}.echo`, {
      ctx,
      params: { a: 1 },
      query: { q: 'x' },
      body: { b: true },
    });
    expect(reply.request).toEqual({ ctx, params: { a: 1 }, query: { q: 'x' }, body: { b: true } });
  });

  it('carries the status a handler chose, and none when it did not', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 2_000 });
    expect(await rpc.requestWithStatus(`${prefix}.created`, { ctx })).toEqual({
      data: { made: true },
      status: 201,
    });
    expect((await rpc.requestWithStatus(`${prefix}.echo`, { ctx })).status).toBeUndefined();
  });

  it('spreads requests over the instances of the queue group, each answered once', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 2_000 });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1)
      seen.add((await rpc.request<{ instance: string }>(`${prefix}.echo`, { ctx })).instance);
    expect(seen).toEqual(new Set(['one', 'two']));
  });

  it('carries a domain error back with its status, code and details', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 2_000 });
    await expect(rpc.request(`${prefix}.missing`, { ctx })).rejects.toMatchObject({
      status: 404,
      code: -101,
    });
    await expect(rpc.request(`${prefix}.invalid`, { ctx })).rejects.toMatchObject({
      status: 400,
      details: [{ pointer: '/body/x', message: 'is wrong' }],
    });
  });

  it('answers an unexpected failure as a 500 without its message', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 2_000 });
    const error = (await rpc.request(`${prefix}.crash`, { ctx }).catch((e: unknown) => e)) as DomainError;
    expect(error.status).toBe(500);
    expect(error.message).toBe('Internal error.');
    expect(JSON.stringify(error.toWire())).not.toContain('hunter2');
  });

  it('answers 504 when the service does not reply in time and 503 when no instance listens', async () => {
    const rpc = createRpcClient(nc, { timeoutMs: 200 });
    await expect(rpc.request(`${prefix}.slow`, { ctx })).rejects.toMatchObject({
      status: 504,
      errorName: 'SERVICE_TIMEOUT',
    });
    await expect(rpc.request(`${prefix}.nobody`, { ctx })).rejects.toMatchObject({
      status: 503,
      errorName: 'SERVICE_UNAVAILABLE',
    });
  });

  it('registers with the NATS micro service API ($SRV ping, info, stats)', async () => {
    const client = nc.services.client();
    const pings = [];
    for await (const ping of await client.ping('auth')) pings.push(ping);
    expect(pings.length).toBeGreaterThanOrEqual(2);
    const infos = [];
    for await (const info of await client.info('auth')) infos.push(info);
    expect(infos[0]?.endpoints.map((e) => e.subject)).toContain(`${prefix}.echo`);
    const stats = [];
    for await (const s of await client.stats('auth')) stats.push(s);
    const requests = stats.flatMap((s) => s.endpoints ?? []).reduce((sum, e) => sum + e.num_requests, 0);
    expect(requests).toBeGreaterThan(0);
  });
});
