// Supervision as `npm start` runs it, on real processes: infrastructure of its own (nats-server and
// the local store) and one gateway from its build, each supervised; each is killed with SIGKILL and
// must come back on the same address and serve, and an instance that keeps exiting is given up with
// a message naming its log while the rest keeps running. Nothing here measures time: every wait is
// for an event or an answer, bounded only so that a failure ends the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  describeSupervisionEvent,
  findFreePort,
  startInfra,
  startStack,
  type Infra,
  type LocalProcess,
  type RestartPolicy,
  type Stack,
  type SupervisionEvent,
} from '../src/index.js';

/** Quick restarts, and a give-up after three exits: the crash loop below is over in about a second. */
const POLICY: RestartPolicy = { initialDelayMs: 100, maxDelayMs: 1_000, maxExits: 3, windowMs: 60_000 };
const START_TIMEOUT_MS = 180_000;
/** Bounds every wait, so a restart that never comes fails the test instead of hanging it. */
const WAIT_MS = 45_000;
const INFRA_VARIABLES = ['NATS_URL', 'MONGO_URL'] as const;

const events: SupervisionEvent[] = [];
const listeners = new Set<() => void>();
const supervision = {
  policy: POLICY,
  report: (event: SupervisionEvent) => {
    events.push(event);
    for (const listener of listeners) listener();
  },
};

/** Resolves with the first event from `from` on that matches, or rejects after WAIT_MS. */
function eventAfter(
  from: number,
  matches: (event: SupervisionEvent) => boolean,
  what: string,
): Promise<SupervisionEvent> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const found = events.slice(from).find(matches);
      if (!found) return;
      cleanUp();
      resolve(found);
    };
    const timer = setTimeout(() => {
      cleanUp();
      reject(
        new Error(
          `no ${what} within ${WAIT_MS} ms; events: ${events.map(describeSupervisionEvent).join(' | ')}`,
        ),
      );
    }, WAIT_MS);
    const cleanUp = (): void => {
      clearTimeout(timer);
      listeners.delete(check);
    };
    listeners.add(check);
    check();
  });
}

/** Resolves once `check` holds, or rejects after WAIT_MS. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const saved = INFRA_VARIABLES.map((name) => [name, process.env[name]] as const);
let infra: Infra | undefined;
let stack: Stack | undefined;
let stopped = false;
let logDir = '';
let baseUrl = '';

beforeAll(async () => {
  // Infrastructure of its own, even where the environment names some: that is what is killed here.
  for (const name of INFRA_VARIABLES) delete process.env[name];
  infra = await startInfra({ ephemeral: true, supervision });
  logDir = mkdtempSync(join(tmpdir(), 'ncs-supervision-logs-'));
  stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port: await findFreePort(),
    baseEnv: process.env,
    logDir,
    apps: ['gateway'],
    env: { '*': { LOG_LEVEL: 'warn' } },
    supervision,
  });
  baseUrl = stack.baseUrl;
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (!stopped) {
    await stack?.stop();
    await infra?.stop();
  }
  for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  if (logDir) rmSync(logDir, { recursive: true, force: true });
});

function started(): { infra: Infra; stack: Stack } {
  if (!infra || !stack) throw new Error('the supervised stack did not start');
  return { infra, stack };
}

function server(name: string): LocalProcess {
  const found = started().infra.processes.find((entry) => entry.name === name);
  if (!found) throw new Error(`${name} is not a local process here`);
  return found;
}

/** Kills `pid` with SIGKILL; resolves with the supervisor's report of its exit and of its restart. */
async function killAndAwaitRestart(name: string, pid: number) {
  const from = events.length;
  process.kill(pid, 'SIGKILL');
  const exited = await eventAfter(
    from,
    (event) => event.type === 'exited' && event.name === name,
    `exit of ${name}`,
  );
  const restarted = await eventAfter(
    from,
    (event) => event.type === 'restarted' && event.name === name,
    `restart of ${name}`,
  );
  return { exited, restarted };
}

async function gatewayHealthy(): Promise<boolean> {
  return (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })).ok;
}

/** The gateway's own view of NATS (its `/ready` is 503 here: no service runs, but it checks NATS). */
async function gatewaySeesNats(): Promise<boolean> {
  const response = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(5_000) });
  const body = (await response.json()) as { checks?: Record<string, string> };
  return body.checks?.nats === 'up';
}

describe('npm start’s supervision, on real processes', () => {
  it('restarts the gateway killed with SIGKILL on the same port, where it answers again', async () => {
    const gateway = started().stack.apps[0];
    const pid = gateway?.child.pid;
    if (!gateway || pid === undefined) throw new Error('no gateway');

    const { exited, restarted } = await killAndAwaitRestart('gateway', pid);
    expect(exited).toMatchObject({ pid, exit: { code: null, signal: 'SIGKILL' }, restartInMs: 100 });
    expect(describeSupervisionEvent(exited)).toMatch(
      /^gateway \(pid \d+\) was killed by SIGKILL at \d\d:\d\d:\d\d; restarting it in 100 ms/,
    );
    // The stack lists the new process in the old one's place.
    expect(restarted).toMatchObject({ pid: started().stack.apps[0]?.child.pid });
    expect(started().stack.apps[0]?.child.pid).not.toBe(pid);
    await until(gatewayHealthy, 'the restarted gateway to answer /health');
  });

  it('restarts nats-server killed with SIGKILL on the same port, and the gateway reconnects to it', async () => {
    const nats = server('nats-server');
    const pid = nats.pid;
    await until(gatewaySeesNats, 'the gateway to see NATS before the kill');

    const { exited } = await killAndAwaitRestart('nats-server', pid);
    expect(exited).toMatchObject({ pid, exit: { signal: 'SIGKILL' } });
    expect(nats.pid).not.toBe(pid);
    const connection = await connect({ servers: started().infra.natsUrl, timeout: 5_000, reconnect: false });
    await connection.close();
    // Its connection to the killed server is gone: NATS is up to the gateway only once it reconnected.
    await until(gatewaySeesNats, 'the gateway to reconnect to the restarted nats-server');
  });

  it('restarts the store killed with SIGKILL on the same port', async () => {
    const store = started().infra.processes.find((entry) => entry.name !== 'nats-server');
    if (!store) throw new Error('the store is not a local process here');
    const pid = store.pid;

    await killAndAwaitRestart(store.name, pid);
    expect(store.pid).not.toBe(pid);
    const client = new MongoClient(started().infra.mongoUrl, { serverSelectionTimeoutMS: 10_000 });
    try {
      await expect(client.db('admin').command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
    } finally {
      await client.close();
    }
  });

  it('gives up an instance that keeps exiting, naming it and its log, and keeps the rest running', async () => {
    const from = events.length;
    // A port no gateway can take: it exits at start, each time.
    started().stack.spawnApp('gateway', { PORT: '70000' });

    const givenUp = await eventAfter(
      from,
      (event) => event.type === 'given-up' && event.name === 'gateway-2',
      'give-up of gateway-2',
    );
    const logFile = join(logDir, 'gateway-2.log');
    expect(givenUp).toMatchObject({ logFile, essential: false, recentExits: 3, last: 'exited with code 1' });
    expect(describeSupervisionEvent(givenUp)).toMatch(/^gateway-2 stopped 3 times within 60 s /);
    expect(describeSupervisionEvent(givenUp)).toContain(
      `its log: ${logFile}. The rest keeps running without it`,
    );
    const ofIt = events.slice(from).filter((event) => event.name === 'gateway-2');
    expect(ofIt.map((event) => event.type)).toEqual([
      'exited',
      'restarted',
      'exited',
      'restarted',
      'given-up',
    ]);
    await expect(gatewayHealthy()).resolves.toBe(true);
  });

  it('restarts nothing when stopped: every process ends and stays down', async () => {
    const { infra: own, stack: platform } = started();
    const from = events.length;
    const pids = [
      ...platform.apps.map((entry) => entry.child.pid),
      ...own.processes.map((entry) => entry.pid),
    ];

    stopped = true;
    await platform.stop();
    await own.stop();
    expect(events.slice(from)).toEqual([]);
    for (const pid of pids) expect(pid !== undefined && isRunning(pid)).toBe(false);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
