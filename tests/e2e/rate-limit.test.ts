/**
 * Rate limiting at the gateway, per caller: an extra gateway with a small limit is started beside
 * the stack so the limit is reached quickly without slowing the other tests.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { findFreePort, spawnAppProcess, stopChild, type RunningApp } from '@ncs/local-infra';
import { demo, mediaType, tokenFor } from '../support/api.js';

let gateway: RunningApp;
let url: string;

beforeAll(async () => {
  const port = await findFreePort();
  gateway = spawnAppProcess('gateway', {
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    baseEnv: process.env,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      LOG_LEVEL: 'warn',
    },
    logFile: join(tmpdir(), `ncs-rate-limit-${Date.now()}.log`),
  });
  url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${url}/health`).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('gateway did not start');
});

afterAll(async () => {
  await stopChild(gateway.child);
});

const whoami = (token: string) =>
  fetch(`${url}/whoami/`, { headers: { authorization: `Bearer ${token}`, accept: mediaType() } });

describe('rate limiting', () => {
  it('answers 429 problem+json with Retry-After once a caller exceeds the limit, per caller', async () => {
    const [alice, bob] = await Promise.all([tokenFor(demo.alice), tokenFor(demo.bob)]);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await whoami(alice)).status);
    expect(statuses).toEqual([200, 200, 200]);

    const limited = await whoami(alice);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = (await limited.json()) as { status: number; title: string; code: number };
    expect(problem).toMatchObject({ status: 429, title: 'Too Many Requests', code: -12 });

    // Another caller has a budget of its own.
    expect((await whoami(bob)).status).toBe(200);
  });

  it('never limits the probes', async () => {
    for (let i = 0; i < 6; i += 1) expect((await fetch(`${url}/health`)).status).toBe(200);
  });
});
