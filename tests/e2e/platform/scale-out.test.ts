/**
 * Scale-out: two instances of auth behind one gateway (and nothing else), started by
 * the stack helper from `NCS_INSTANCES=auth=2`, on a NATS of their own and the stack's store (the shared stack is not
 * disturbed). Under steady load of idempotent reads one auth instance is killed (SIGKILL, requests in
 * flight): every request still succeeds (the gateway retries a request that met no responder or a
 * timeout). A non-idempotent POST whose owner never answers is answered 504 and sent once; a GET in
 * the same case is sent again. Decisions: docs/decisions.md, "Scale-out".
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@ncs/contracts';
import {
  findFreePort,
  startRestartableNats,
  startStack,
  type RestartableNats,
  type Stack,
} from '@ncs/local-infra';
import { mediaType } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { stack as sharedStack } from '../../support/stack.js';

const CLIENTS = 20;
const LOAD_MS = 10_000;
const KILL_AFTER_MS = 3_000;
/**
 * Attempts short enough that a request caught in the killed instance is retried within the run, long
 * enough that the survivor's answers on a busy 2-core machine (p50 up to 1 s seen) are not retried.
 */
// Generous per attempt: on a loaded 2-core runner a living auth can take seconds (a timeout is
// retried too, so too short a timeout turns slowness into failures that are not the test's point).
const RPC_TIMEOUT_MS = 8_000;
const RPC_DEADLINE_MS = 30_000;

let nats: RestartableNats | undefined;
let platform: Stack | undefined;
let observer: NatsConnection | undefined;

afterAll(async () => {
  await observer?.close().catch(() => undefined);
  await platform?.stop();
  await nats?.stop();
  await closeFactories();
});

interface Outcome {
  readonly status: number;
  readonly ms: number;
}

async function get(url: string, token: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: mediaType() },
      signal: AbortSignal.timeout(RPC_DEADLINE_MS + 10_000),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** `CLIENTS` clients, each sending its next request once the last is answered, for `ms`. */
async function steadyLoad(url: string, token: string, ms: number): Promise<Outcome[]> {
  const until = Date.now() + ms;
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) outcomes.push(await get(url, token));
    }),
  );
  return outcomes;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

let logDir = '';

// The platform under test: the stack helper with NCS_INSTANCES (slow to start on a busy machine,
// so in the hook, whose timeout is the tier's 300 s).
beforeAll(async () => {
  nats = await startRestartableNats();
  logDir = mkdtempSync(join(tmpdir(), 'ncs-scale-out-'));
  platform = await startStack({
    natsUrl: nats.url,
    mongoUrl: sharedStack().mongoUrl,
    port: await findFreePort(),
    baseEnv: { ...process.env, NCS_INSTANCES: 'auth=2' },
    // What the test needs and no more (the machine is shared): the gateway, auth twice.
    apps: ['gateway', 'auth'],
    logDir,
    readyTimeoutMs: 180_000,
    env: {
      '*': { LOG_LEVEL: 'info', RATE_LIMIT_MAX: '0', TOKEN_RATE_LIMIT_MAX: '0' },
      auth: { DEMO_DATA: 'false' },
      gateway: { RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS), RPC_DEADLINE_MS: String(RPC_DEADLINE_MS) },
    },
  });
});

describe('two instances of auth behind the gateway', () => {
  it('serves every request while one instance is killed under load', async () => {
    if (!platform) throw new Error('the platform is not running');
    const network = await newNetwork('Scale-out');
    const token = await network.admin.token();
    const auths = platform.apps.filter((entry) => entry.app === 'auth');
    expect(auths.map((entry) => entry.logFile.slice(logDir.length + 1))).toEqual(['auth.log', 'auth-2.log']);
    // Each instance answers its own probes, on a port of its own.
    expect(new Set(platform.apps.map((entry) => entry.probeUrl)).size).toBe(platform.apps.length);
    for (const entry of auths) expect((await fetch(`${entry.probeUrl}/ready`)).status).toBe(200);

    const url = `${platform.baseUrl}/networks/${network.networkEID}/`;
    const loaded = steadyLoad(url, token, LOAD_MS);
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    auths[0]!.child.kill('SIGKILL');
    const outcomes = await loaded;

    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299);
    const sorted = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const gatewayLog = readFileSync(platform.apps.find((entry) => entry.app === 'gateway')!.logFile, 'utf8');
    const retries = gatewayLog.split('\n').filter((line) => line.includes('retrying a')).length;
    process.stdout.write(
      `[scale-out] ${outcomes.length} requests from ${CLIENTS} clients in ${LOAD_MS / 1000} s, one auth instance ` +
        `killed at ${KILL_AFTER_MS / 1000} s: ${failed.length} failed; p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms; ${retries} retries\n`,
    );
    expect(auths[0]!.child.signalCode).toBe('SIGKILL');
    expect(failed).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(CLIENTS * 5);
  });

  it('sends a non-idempotent POST once when its owner never answers (504), a GET again', async () => {
    if (!platform || !nats) throw new Error('the platform of the first test is not running');
    const network = await newNetwork('Scale-out POST');
    const token = await network.admin.token();
    // No knowledge-base runs here; in its place an owner that takes requests and never answers.
    observer = await connect({ servers: nats.url });
    const received = new Map<string, number>();
    for (const id of ['category.create', 'category.list']) {
      const subject = findRoute(id).subject;
      observer.subscribe(subject, {
        queue: 'knowledge-base',
        callback: () => received.set(id, (received.get(id) ?? 0) + 1),
      });
    }
    await observer.flush();
    const categories = `${platform.baseUrl}/networks/${network.networkEID}/knowledge-base/categories/`;
    const headers = { authorization: `Bearer ${token}`, accept: mediaType() };

    // Both at once: the POST's one attempt ends while the GET's first attempt runs.
    const [post, list] = await Promise.all([
      fetch(categories, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sent once' }),
      }),
      fetch(categories, { headers }),
    ]);
    expect(post.status).toBe(504);
    expect(post.headers.get('content-type')).toContain('application/problem+json');
    expect(received.get('category.create')).toBe(1);
    expect(list.status).toBe(504);
    expect(received.get('category.list')).toBe(3); // the first attempt and RPC_RETRIES = 2 more
  });
});
