import { afterEach, describe, expect, it } from 'vitest';
import { readiness, startProbeServer, type ProbeServer } from './probe-server.js';

describe('readiness (scale-out probes)', () => {
  it('is ready when every check is up', async () => {
    const answer = await readiness({ nats: () => Promise.resolve(true), database: () => true }, 100);
    expect(answer).toEqual({
      status: 200,
      body: { status: 'ready', checks: { nats: 'up', database: 'up' } },
    });
  });

  it('is 503 naming a check that is down, throws or is too slow', async () => {
    const answer = await readiness(
      {
        nats: () => true,
        database: () => false,
        rpc: () => Promise.reject(new Error('closed')),
        slow: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 500)),
      },
      50,
    );
    expect(answer.status).toBe(503);
    expect(answer.body.checks).toEqual({ nats: 'up', database: 'down', rpc: 'down', slow: 'down' });
  });
});

describe('startProbeServer', () => {
  let server: ProbeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers /health always and /ready from its checks, on a port of its own', async () => {
    let up = true;
    server = await startProbeServer({ port: 0, host: '127.0.0.1', checks: { rpc: () => up } });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready', checks: { rpc: 'up' } });
    up = false;
    const notReady = await fetch(`${base}/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ checks: { rpc: 'down' } });
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });
});
