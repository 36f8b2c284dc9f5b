/** Auth's cache of messaging's scheduled-items count: TTL, single flight, notices, the notice race, bounds, failures. */
import { describe, expect, it } from 'vitest';
import type { Principal, RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { ScheduledItemsCounts } from './scheduled-items.js';

/** Messaging's count handler, in-process: `counts` by profile, every ask recorded. */
function messaging(counts: Map<string, number>) {
  const asked: string[] = [];
  let pending: (() => void) | undefined;
  let holdNext = false;
  const rpc = {
    async request(_subject: string, call: { ctx: RequestContext }) {
      const profileEID = call.ctx.principal?.profileEID ?? '';
      asked.push(profileEID);
      const count = counts.get(profileEID) ?? 0; // read when asked, as messaging's count is
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (pending = resolve));
      }
      if (count < 0) throw new Error('no responders');
      return { numScheduledItems: count };
    },
  } as unknown as RpcClient;
  return {
    rpc,
    asked,
    holdNextAnswer: () => (holdNext = true),
    release: () => pending?.(),
  };
}

const ctxOf = (profileEID: string, networkEID = 'n1'): RequestContext => ({
  networkEID,
  principal: { profileEID } as Principal,
  version: '2026.1.13',
  requestId: `r-${profileEID}`,
});

describe('ScheduledItemsCounts', () => {
  it('reuses a count for the TTL, per person and network, then asks again', async () => {
    let now = 1_000;
    const counts = new Map([['p1', 2]]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc, { ttlMs: 30_000, now: () => now });
    expect(await cache.of(ctxOf('p1'))).toBe(2);
    counts.set('p1', 5);
    expect(await cache.of(ctxOf('p1'))).toBe(2);
    expect(await cache.of(ctxOf('p1', 'n2'))).toBe(5); // another network: its own entry
    now += 30_000;
    expect(await cache.of(ctxOf('p1'))).toBe(5);
    expect(source.asked).toEqual(['p1', 'p1', 'p1']);
  });

  it("drops a person's count on messaging's notice, and only theirs", async () => {
    const counts = new Map([
      ['p1', 1],
      ['p2', 1],
    ]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc);
    await cache.of(ctxOf('p1'));
    await cache.of(ctxOf('p2'));
    counts.set('p1', 2);
    counts.set('p2', 2);
    cache.forget({ networkEID: 'n1', profileEID: 'p1' });
    expect(await cache.of(ctxOf('p1'))).toBe(2);
    expect(await cache.of(ctxOf('p2'))).toBe(1);
  });

  it('does not remember a count asked before a notice that arrived while it was on its way', async () => {
    const counts = new Map([['p1', 1]]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc);
    source.holdNextAnswer();
    const inFlight = cache.of(ctxOf('p1')); // messaging counted 1
    counts.set('p1', 2);
    cache.forget({ networkEID: 'n1', profileEID: 'p1' }); // the write's notice overtakes the answer
    source.release();
    expect(await inFlight).toBe(1);
    expect(await cache.of(ctxOf('p1'))).toBe(2); // asked again, not the stale 1
    expect(source.asked).toHaveLength(2);
  });

  it('asks once for the reads of one person that arrive while an ask is under way', async () => {
    const counts = new Map([
      ['p1', 4],
      ['p2', 1],
    ]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc);
    source.holdNextAnswer();
    const reads = Array.from({ length: 20 }, () => cache.of(ctxOf('p1')));
    const other = cache.of(ctxOf('p2')); // another person: an ask of their own
    source.release();
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 20 }, () => 4));
    expect(await other).toBe(1);
    expect(source.asked).toEqual(['p1', 'p2']);
  });

  it('does not join a read after a notice to the ask under way before it', async () => {
    const counts = new Map([['p1', 1]]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc);
    source.holdNextAnswer();
    const before = cache.of(ctxOf('p1')); // messaging counted 1
    counts.set('p1', 2);
    cache.forget({ networkEID: 'n1', profileEID: 'p1' }); // the writer's notice
    const after = cache.of(ctxOf('p1')); // the writer reads its own write
    source.release();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(source.asked).toHaveLength(2);
  });

  it('answers 0 when messaging does not, and does not remember it', async () => {
    const counts = new Map([['p1', -1]]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc);
    expect(await cache.of(ctxOf('p1'))).toBe(0);
    counts.set('p1', 3);
    expect(await cache.of(ctxOf('p1'))).toBe(3);
  });

  it('keeps at most maxEntries, the oldest going first; TTL 0 keeps none', async () => {
    const counts = new Map([
      ['p1', 1],
      ['p2', 2],
      ['p3', 3],
    ]);
    const source = messaging(counts);
    const cache = new ScheduledItemsCounts(source.rpc, { maxEntries: 2 });
    for (const p of ['p1', 'p2', 'p3']) await cache.of(ctxOf(p));
    source.asked.length = 0;
    for (const p of ['p2', 'p3', 'p1']) await cache.of(ctxOf(p));
    expect(source.asked).toEqual(['p1']); // p1 was evicted by p3

    const uncached = messaging(counts);
    const none = new ScheduledItemsCounts(uncached.rpc, { ttlMs: 0 });
    await none.of(ctxOf('p1'));
    await none.of(ctxOf('p1'));
    expect(uncached.asked).toEqual(['p1', 'p1']);
  });
});
