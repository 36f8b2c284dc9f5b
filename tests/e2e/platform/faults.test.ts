/**
 * Faults (ARCHITECTURE §13): with the owning service down the gateway answers fast with a clear
 * 503, never hangs, reports itself not ready, and recovers when an instance comes back. Uses its
 * own infrastructure and gateway so the shared stack is not disturbed.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findFreePort,
  spawnAppProcess,
  startInfra,
  stopChild,
  type Infra,
  type RunningApp,
  type StackApp,
} from '@ncs/local-infra';
import { mediaType } from '../../support/api.js';

let infra: Infra;
let url: string;
const started: RunningApp[] = [];

function spawn(app: StackApp, env: Record<string, string> = {}): RunningApp {
  const running = spawnAppProcess(app, {
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    baseEnv: process.env,
    env: { LOG_LEVEL: 'warn', RPC_TIMEOUT_MS: '2000', ...env },
    logFile: join(tmpdir(), `ncs-faults-${app}-${Date.now()}.log`),
  });
  started.push(running);
  return running;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  infra = await startInfra({ ephemeral: true });
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  spawn('gateway', { PORT: String(port), HOST: '127.0.0.1' }); // stopped with the others in afterAll
  await until(async () => (await fetch(`${url}/health`)).ok, 'the gateway');
});

afterAll(async () => {
  await Promise.all(started.map((app) => stopChild(app.child)));
  await infra?.stop();
});

describe('a service that is down', () => {
  it('makes an authenticated request fail fast with 503 problem+json', async () => {
    const began = Date.now();
    const response = await fetch(`${url}/whoami/`, {
      headers: { authorization: 'Bearer some-token', accept: mediaType() },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await response.json()) as { code: number }).code).toBe(-14);
    expect(Date.now() - began).toBeLessThan(2_000); // no responders: no waiting for the timeout
  });

  it('makes the token endpoint answer a server error in the OAuth format, not hang', async () => {
    const response = await fetch(`${url}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=a&password=b&client_id=c&client_secret=d',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'server_error' });
  });

  it('shows in /ready, which recovers once an instance is back', async () => {
    const notReady = await fetch(`${url}/ready`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      nats: 'up',
      auth: 'down',
    });
    for (const app of ['auth', 'messaging', 'knowledge-base', 'notifications'] as const) spawn(app);
    await until(async () => (await fetch(`${url}/ready`)).ok, 'every service to answer');
    // …and requests reach the service again: an unknown token is now a 401, not a 503.
    const response = await fetch(`${url}/whoami/`, {
      headers: { authorization: 'Bearer some-token', accept: mediaType() },
    });
    expect(response.status).toBe(401);
  });
});
