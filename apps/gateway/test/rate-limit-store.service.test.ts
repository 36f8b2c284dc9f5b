/**
 * The gateway's shared request counters on a real NATS server (JetStream key-value): two
 * instances counting one caller in parallel never lose or repeat a count, and an unreachable
 * store fails fast instead of holding requests.
 */
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { KvCounterStore } from '../src/rate-limit/counter-store.js';

const options = { longestWindowMs: 60_000, timeoutMs: 1_000, retryAfterMs: 5_000 };
let first: NatsConnection;
let second: NatsConnection;

beforeAll(async () => {
  [first, second] = await Promise.all([
    connect({ servers: inject('natsUrl') }),
    connect({ servers: inject('natsUrl') }),
  ]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('KvCounterStore', () => {
  it('counts parallel requests of two instances exactly once each', async () => {
    const stores = [new KvCounterStore(first, options), new KvCounterStore(second, options)];
    const caller = `address:${randomBytes(4).toString('hex')}`;
    const counts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => stores[i % 2]!.increment('api', caller, 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    const windowEnd = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    expect(counts.every((c) => c.resetAt === windowEnd || c.resetAt === windowEnd - 60_000)).toBe(true);
  });

  it('keeps callers, scopes and windows apart', async () => {
    const store = new KvCounterStore(first, options);
    const caller = `account:${randomBytes(4).toString('hex')}`;
    expect((await store.increment('api', caller, 3_600_000)).count).toBe(1);
    expect((await store.increment('signin', caller, 3_600_000)).count).toBe(1);
    expect((await store.increment('api', `${caller}x`, 3_600_000)).count).toBe(1);
    expect((await store.increment('api', caller, 3_600_000)).count).toBe(2);
  });

  it('fails fast while the store cannot be reached, then leaves it alone for a while', async () => {
    const closed = await connect({ servers: inject('natsUrl') });
    await closed.close();
    const store = new KvCounterStore(closed, options);
    const began = Date.now();
    await expect(store.increment('api', 'address:x', 60_000)).rejects.toThrow();
    await expect(store.increment('api', 'address:x', 60_000)).rejects.toThrow(/unavailable/);
    expect(Date.now() - began).toBeLessThan(1_500);
  });
});
