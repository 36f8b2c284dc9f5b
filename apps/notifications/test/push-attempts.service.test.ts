/**
 * Push workers under contention on the real store: three workers (as three instances would run)
 * drain one queue, with providers that behave as a starved machine makes them look. Whatever the
 * timing, a job is sent at most its attempt limit, never by two holders at once, and delivered once.
 * The waits are bounded (every job finished, or the test fails); nothing is timed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeHandle } from '@ncs/service-kit';
import { registerDeviceModels } from '../src/devices/models.js';
import { enqueuePush, registerPushJobModels } from '../src/push/jobs.js';
import type { PushOutcome, PushProvider } from '../src/push/provider.js';
import { startPushWorker, type PushModels, type PushWorker } from '../src/push/worker.js';
import { registerWhitelabelModels } from '../src/whitelabel/models.js';
import { eid, testRuntime } from './runtime.js';

const NET = eid();
const MAX_ATTEMPTS = 3;
/** Longer than the lease margin (due-claims.ts), so a holder has half a second to send. */
const LEASE_MS = 1_500;

let runtime: RuntimeHandle;
let models: PushModels;
let workers: PushWorker[] = [];

beforeAll(async () => {
  runtime = await testRuntime('notifications_push_attempts');
  models = {
    ...registerDeviceModels(runtime.db),
    ...registerWhitelabelModels(runtime.db),
    ...registerPushJobModels(runtime.db),
  };
  await Promise.all([
    models.PushJob.syncIndexes(),
    models.PushClaim.syncIndexes(),
    models.Device.syncIndexes(),
  ]);
});

afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  workers = [];
});

afterAll(async () => {
  await runtime.db.dropDatabase();
  await runtime.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a provider saw of each device token: sends, the most at once, and deliveries. */
class Recorder {
  private readonly seen = new Map<
    string,
    { sends: number; open: number; mostOpen: number; delivered: number }
  >();

  of(token: string) {
    let entry = this.seen.get(token);
    if (!entry) this.seen.set(token, (entry = { sends: 0, open: 0, mostOpen: 0, delivered: 0 }));
    return entry;
  }

  /** Runs one send of `token`, recording it. */
  async send(token: string, attempt: (n: number) => Promise<PushOutcome>): Promise<PushOutcome> {
    const entry = this.of(token);
    entry.sends += 1;
    entry.open += 1;
    entry.mostOpen = Math.max(entry.mostOpen, entry.open);
    try {
      const outcome = await attempt(entry.sends);
      if (outcome.kind === 'delivered') entry.delivered += 1;
      return outcome;
    } finally {
      entry.open -= 1;
    }
  }
}

/** `count` devices of new people, each with one queued push; resolves with their tokens. */
async function queuedPushes(count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const token = `tok-${eid()}`;
    const profileEID = eid();
    await models.Device.create({
      networkEID: NET,
      profileEID,
      notificationProvider: 'fcm',
      platform: 'android',
      token,
      created: new Date(),
    });
    const queued = await enqueuePush(models, {
      networkEID: NET,
      recipientEID: profileEID,
      eventId: eid(),
      alertEID: eid(),
      messageType: 'mention',
    });
    expect(queued).toBe(1);
    tokens.push(token);
  }
  return tokens;
}

function startWorkers(provider: PushProvider, timeoutMs: number) {
  for (let i = 0; i < 3; i += 1)
    workers.push(
      startPushWorker({
        models,
        providers: { fcm: provider },
        defaultProjectId: 'ncs',
        backoff: { baseMs: 20, maxMs: 40, maxAttempts: MAX_ATTEMPTS },
        timeoutMs,
        leaseMs: LEASE_MS,
        sweepMs: 100,
        concurrency: 4,
        logger: runtime.logger,
      }),
    );
}

/** Waits until every job of `tokens`' devices has its outcome recorded (at most `boundMs`). */
async function outcomesOf(tokens: readonly string[], boundMs: number) {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const deliveries = await models.Delivery.find({
      networkEID: NET,
      tokenEnd: { $in: tokens.map((t) => t.slice(-4)) },
    })
      .lean()
      .exec();
    const unfinished = await models.PushJob.countDocuments({ networkEID: NET, finishedAt: null });
    if (unfinished === 0 && deliveries.length >= tokens.length) return deliveries;
    if (Date.now() > deadline)
      throw new Error(`${unfinished} push jobs still unfinished after ${boundMs} ms`);
    await sleep(100);
  }
}

describe('push workers under contention', () => {
  it('sends at most the attempt limit when every holder stalls past its lease (each lost attempt counts)', async () => {
    const recorder = new Recorder();
    // A starved holder: the send returns only after its lease has run out, whatever its timeout.
    const stalled: PushProvider = {
      send: (target) =>
        recorder.send(target.token, async () => {
          await sleep(LEASE_MS + 300);
          return { kind: 'retryable', code: '503 UNAVAILABLE' };
        }),
    };
    const tokens = await queuedPushes(6);
    startWorkers(stalled, 300);
    const deliveries = await outcomesOf(tokens, 30_000);
    for (const token of tokens) expect(recorder.of(token).sends).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(tokens.map(() => ['failed', MAX_ATTEMPTS]));
  });

  it('never has two sends of one push open at once when the provider is slower than the lease', async () => {
    const recorder = new Recorder();
    // Honours the timeout it is given, as fetch with an abort signal does; answers after 2 s.
    const slow: PushProvider = {
      send: (target, _payload, timeoutMs) =>
        recorder.send(target.token, async () => {
          if (timeoutMs >= 2_000) {
            await sleep(2_000);
            return { kind: 'delivered', code: '200' };
          }
          await sleep(timeoutMs);
          return { kind: 'retryable', code: 'network' };
        }),
    };
    const tokens = await queuedPushes(4);
    // A send timeout longer than the lease: the holder must still stop sending before its lease ends.
    startWorkers(slow, 5_000);
    await outcomesOf(tokens, 30_000);
    for (const token of tokens) {
      expect(recorder.of(token).mostOpen).toBe(1);
      expect(recorder.of(token).sends).toBeLessThanOrEqual(MAX_ATTEMPTS);
    }
  });

  it('delivers each push once when many holders drain a flaky provider', async () => {
    const recorder = new Recorder();
    const flaky: PushProvider = {
      send: (target) =>
        recorder.send(target.token, async (n) => {
          await sleep(5);
          return n === 1
            ? { kind: 'retryable', code: '503 UNAVAILABLE' }
            : { kind: 'delivered', code: '200' };
        }),
    };
    const tokens = await queuedPushes(20);
    startWorkers(flaky, 300);
    const deliveries = await outcomesOf(tokens, 30_000);
    for (const token of tokens)
      expect(recorder.of(token)).toMatchObject({ sends: 2, delivered: 1, mostOpen: 1 });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(tokens.map(() => ['delivered', 2]));
  });
});
