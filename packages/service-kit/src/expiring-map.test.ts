/** ExpiringMap: expiry, the bound, and values read before a deletion. */
import { describe, expect, it } from 'vitest';
import { ExpiringMap } from './expiring-map.js';

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
    expect(map.lastsUntil('a', 999)).toBe(1_000);
    expect(map.lastsUntil('a', 1_000)).toBeUndefined();
    expect(map.lastsUntil('b', 0)).toBeUndefined();
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
