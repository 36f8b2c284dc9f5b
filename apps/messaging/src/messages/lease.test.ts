import { describe, expect, it } from 'vitest';
import { leaseEnded } from './lease.js';

describe('the claim rule', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('keeps a claim whose lease runs on, and lets an ended lease be taken over', () => {
    expect(leaseEnded(new Date('2026-01-01T12:00:30Z'), now)).toBe(false);
    expect(leaseEnded(new Date('2026-01-01T12:00:00Z'), now)).toBe(true);
    expect(leaseEnded(new Date('2026-01-01T11:59:59Z'), now)).toBe(true);
  });
});
