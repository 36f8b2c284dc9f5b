/**
 * Badge counters with an owner down (docs/decisions.md, settings section): the gateway answers the
 * counters of the owners that answer and null for the others, 503 when none answers, and 404 from
 * auth whatever the parts do. Uses its own infrastructure, gateway and services (demo data), so
 * the shared stack is not disturbed. Files: branding images are network assets: with messaging
 * down, a theme or network write naming an uploaded file is 503 and writes nothing.
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
import { demo, mediaType } from '../../support/api.js';

let infra: Infra;
let url: string;
let token: string;
let networkEID: string;
const running = new Map<StackApp, RunningApp>();

function spawn(app: StackApp, env: Record<string, string> = {}): void {
  running.set(
    app,
    spawnAppProcess(app, {
      natsUrl: infra.natsUrl,
      mongoUrl: infra.mongoUrl,
      baseEnv: process.env,
      env: { LOG_LEVEL: 'warn', RPC_TIMEOUT_MS: '2000', ...env },
      logFile: join(tmpdir(), `ncs-settings-faults-${app}-${Date.now()}.log`),
    }),
  );
}

async function stop(app: StackApp): Promise<void> {
  const process = running.get(app);
  running.delete(app);
  if (process) await stopChild(process.child);
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Alice's token. The short RPC timeout these faults need can cut the first sign-in short on a
 * loaded machine (504): the token is setup, not what is tested, so a timeout is asked again; any
 * other refusal fails the setup at once.
 */
async function signIn(timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const grant = await fetch(`${url}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: demo.alice,
        password: demo.password,
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
      }).toString(),
    });
    if (grant.status === 200) return ((await grant.json()) as { access_token: string }).access_token;
    const refused = `token: ${grant.status} ${await grant.text()}`;
    if ((grant.status !== 504 && grant.status !== 503) || Date.now() > deadline) throw new Error(refused);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function ready(service: string): Promise<boolean> {
  const response = await fetch(`${url}/ready`);
  const body = (await response.json()) as { checks?: Record<string, string> };
  return body.checks?.[service] === 'up';
}

const counters = (path = `/networks/${networkEID}/badgecounters/`) =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: mediaType() } });

beforeAll(async () => {
  infra = await startInfra({ ephemeral: true });
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  spawn('gateway', { PORT: String(port), HOST: '127.0.0.1' });
  // With the demo data: alice is an admin of acme. Hashes as cheap as the test stack's.
  spawn('auth', { SECRET_HASH_LOG2_COST: '10' });
  spawn('messaging');
  // Start-up syncs every index on the local store: slow on a loaded runner.
  await until(async () => (await ready('auth')) && ready('messaging'), 'auth and messaging', 120_000);
  // The short RPC timeout these faults need can cut the first sign-in short on a loaded machine
  // (504): the token is setup, not what is tested, so it is asked again until granted.
  token = await signIn(60_000);
  const whoami = await fetch(`${url}/whoami/`, {
    headers: { authorization: `Bearer ${token}`, accept: mediaType() },
  });
  if (whoami.status !== 200) throw new Error(`whoami: ${whoami.status} ${await whoami.text()}`);
  networkEID = ((await whoami.json()) as { networks: { EID: string; subdomain: string }[] }).networks.find(
    (n) => n.subdomain === 'acme',
  )!.EID;
});

afterAll(async () => {
  await Promise.all([...running.values()].map((app) => stopChild(app.child)));
  await infra?.stop();
});

describe('badge counters with an owning service down', () => {
  it('answers the counters of the owners that answer and null for the one that is down', async () => {
    const response = await counters(); // notifications was never started
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      type: 'badge_counters',
      numScheduledItems: 0,
      numUnrespondedEvents: 0,
      numAdminAlerts: null,
      numUnreadAlertsCoalesced: null,
    });
  });

  it('still answers 404 for a network the caller is not in (auth decides, not the parts)', async () => {
    const response = await counters('/networks/0123456789abcdef01234567/badgecounters/');
    expect(response.status).toBe(404);
  });

  it('is 503 problem+json, fast, when no owner of a counter answers', async () => {
    await stop('messaging');
    await until(async () => !(await ready('messaging')), 'messaging to be gone');
    const began = Date.now();
    const response = await counters();
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // 5xx details stay in the log (one warning per missing owner), never in the answer.
    expect(((await response.json()) as { code: number }).code).toBe(-14);
    expect(Date.now() - began).toBeLessThan(2_000); // no responders: no waiting for the timeout
  });

  it('recovers the counters of an owner as soon as it is back', async () => {
    spawn('notifications');
    await until(async () => ready('notifications'), 'notifications', 120_000);
    const response = await counters();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      numScheduledItems: null,
      numUnrespondedEvents: null,
      numAdminAlerts: 0,
      numUnreadAlertsCoalesced: 0,
    });
  }, 150_000);
});

describe('branding images with messaging down (files: branding images are network assets)', () => {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: mediaType(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const fileEID = '0123456789abcdef01234567';

  it('is 503 for a write naming an uploaded file, and nothing is written', async () => {
    await until(async () => !(await ready('messaging')), 'messaging to be gone');
    const name = `Down ${Date.now()}`;
    const theme = await send('POST', `/networks/${networkEID}/themes/`, {
      name,
      backgroundUrl: `/networks/${networkEID}/files/${fileEID}/download`,
    });
    expect(theme.status).toBe(503);
    expect(theme.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const themes = await fetch(`${url}/networks/${networkEID}/themes/?limit=100`, {
      headers: { authorization: `Bearer ${token}`, accept: mediaType() },
    });
    const listed = (await themes.json()) as { _embedded?: { themes?: { name: string }[] } };
    expect((listed._embedded?.themes ?? []).map((t) => t.name)).not.toContain(name);

    const network = await send('PUT', `/networks/${networkEID}/`, {
      name: 'Renamed while down',
      defaultAvatar: { type: 'file', EID: fileEID },
    });
    expect(network.status).toBe(503);
    const read = await fetch(`${url}/networks/${networkEID}/`, {
      headers: { authorization: `Bearer ${token}`, accept: mediaType() },
    });
    const unchanged = (await read.json()) as { name: string; defaultAvatar: unknown };
    expect(unchanged.defaultAvatar).toBeNull();
    expect(unchanged.name).not.toBe('Renamed while down');
  });

  it('still takes a theme of external images only (messaging is not asked)', async () => {
    const theme = await send('POST', `/networks/${networkEID}/themes/`, {
      name: `External ${Date.now()}`,
      backgroundUrl: 'https://cdn.example/bg.png',
    });
    expect(theme.status).toBe(201);
  });
});
