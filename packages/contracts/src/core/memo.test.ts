import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './memo.js';

describe('BoundedMemo', () => {
  it('computes an answer once and gives the same one after', () => {
    const memo = new BoundedMemo<string, { readonly length: number }>(10);
    let computed = 0;
    const compute = (key: string) => {
      computed += 1;
      return { length: key.length };
    };
    const first = memo.get('abc', compute);
    expect(memo.get('abc', compute)).toBe(first);
    expect(first).toEqual({ length: 3 });
    expect(computed).toBe(1);
  });

  it('remembers a null or undefined answer too', () => {
    const memo = new BoundedMemo<string, null | undefined>(10);
    let computed = 0;
    const nothing = () => {
      computed += 1;
      return null;
    };
    expect(memo.get('x', nothing)).toBeNull();
    expect(memo.get('x', nothing)).toBeNull();
    expect(computed).toBe(1);
  });

  it('never holds more than its bound: a flood of new keys forgets and starts again', () => {
    const memo = new BoundedMemo<number, number>(100);
    for (let key = 0; key < 10_000; key++) {
      expect(memo.get(key, (k) => k * 2)).toBe(key * 2);
      expect(memo.size).toBeLessThanOrEqual(100);
    }
    expect(memo.size).toBeGreaterThan(0);
  });

  it('remembers nothing when the computation throws', () => {
    const memo = new BoundedMemo<string, number>(10);
    expect(() =>
      memo.get('bad', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(memo.size).toBe(0);
    expect(memo.get('bad', () => 1)).toBe(1);
  });

  it('answers a string key longer than its bound each time, remembering nothing', () => {
    const memo = new BoundedMemo<string, { readonly key: string }>(10, { maxKeyLength: 8 });
    let computed = 0;
    const compute = (key: string) => {
      computed += 1;
      return { key };
    };
    const long = 'x'.repeat(9);
    expect(memo.get(long, compute)).toEqual({ key: long });
    expect(memo.get(long, compute)).not.toBe(memo.get(long, compute));
    expect(memo.size).toBe(0);
    expect(memo.get('x'.repeat(8), compute)).toBe(memo.get('x'.repeat(8), compute));
    expect(memo.size).toBe(1);
    expect(computed).toBe(4); // three for the long key, one for the short
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new BoundedMemo(0)).toThrow(RangeError);
    expect(() => new BoundedMemo(1.5)).toThrow(RangeError);
  });
});
