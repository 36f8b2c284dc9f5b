/** ExpiringMap: expiry, the bound, and values read before a deletion; SingleFlight. */
import { describe, expect, it } from 'vitest';
import { ExpiringMap, SingleFlight } from './expiring-map.js';

describe('ExpiringMap', () => {
  it('answers a value until its time, then nothing', () => {
    const map = new ExpiringMap<number>(10);
    map.set('a', 1, 1_000);
    expect(map.get('a', 999)).toBe(1);
    expect(map.get('a', 1_000)).toBeUndefined();
  });

  it('tells when a live entry ends, and nothing for an ended or absent one', () => {
    const map = new ExpiringMap<number>(10);
    map.set('a', 1, 1_000);
    expect(map.entry('a', 999)?.until).toBe(1_000);
    expect(map.entry('a', 1_000)?.until).toBeUndefined();
    expect(map.entry('b', 0)?.until).toBeUndefined();
  });

  it('keeps at most maxEntries, the one stored longest ago going first; 0 keeps none', () => {
    const map = new ExpiringMap<number>(2);
    map.set('a', 1, 1_000);
    map.set('b', 2, 1_000);
    map.set('a', 3, 1_000); // stored anew: now the newest
    map.set('c', 4, 1_000);
    expect([map.get('a', 0), map.get('b', 0), map.get('c', 0)]).toEqual([3, undefined, 4]);
    expect(map.size).toBe(2);
    const none = new ExpiringMap<number>(0);
    none.set('a', 1, 1_000);
    expect(none.size).toBe(0);
  });

  it('does not store a value marked before a deletion, of any key', () => {
    const map = new ExpiringMap<number>(10);
    const before = map.mark();
    map.delete('other');
    map.set('a', 1, 1_000, before);
    expect(map.get('a', 0)).toBeUndefined();
    const afterDelete = map.mark();
    map.set('a', 2, 1_000, afterDelete);
    expect(map.get('a', 0)).toBe(2);
    const beforeClear = map.mark();
    map.clear();
    map.set('b', 3, 1_000, beforeClear);
    expect(map.size).toBe(0);
  });
});

describe('SingleFlight', () => {
  it('shares the load under way per key, loads anew once it settled or was forgotten', async () => {
    const flights = new SingleFlight<number>();
    const releases: ((value: number) => void)[] = [];
    const load = () => new Promise<number>((resolve) => releases.push(resolve));
    const first = flights.run('a', load);
    const joined = flights.run('a', load);
    expect(releases).toHaveLength(1);
    expect(flights.has('a')).toBe(true);
    releases[0]?.(1);
    expect([await first, await joined]).toEqual([1, 1]);
    expect(flights.has('a')).toBe(false);
    const detached = flights.run('a', load);
    flights.forget('a'); // the next call does not join it
    const fresh = flights.run('a', load);
    expect(releases).toHaveLength(3);
    releases[1]?.(2);
    releases[2]?.(3);
    expect([await detached, await fresh]).toEqual([2, 3]);
  });
});
