import { describe, expect, it } from 'vitest';
import { pairKeyOf } from './conversations.js';

describe('pairKeyOf', () => {
  it('names a one-to-one conversation by its two people sorted, whoever starts it', () => {
    const a = 'a'.repeat(24);
    const b = 'b'.repeat(24);
    expect(pairKeyOf([b, a], 'direct')).toBe(`direct:${a}:${b}`);
    expect(pairKeyOf([a, b], 'direct')).toBe(pairKeyOf([b, a], 'direct'));
  });

  it('gives every group conversation its own key', () => {
    const people = ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24)];
    expect(pairKeyOf(people, 'group')).toMatch(/^group:[0-9a-f]{24}$/);
    expect(pairKeyOf(people, 'group')).not.toBe(pairKeyOf(people, 'group'));
  });
});
