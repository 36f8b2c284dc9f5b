import { describe, expect, it } from 'vitest';
import { afterFailure, overLimit, recentSince, signInRulesFrom } from './sign-in-rules.js';

const rules = signInRulesFrom({
  SIGN_IN_WINDOW_MS: 900_000,
  SIGN_IN_LOCK_MS: 900_000,
  SIGN_IN_ACCOUNT_MAX_FAILURES: 5,
  SIGN_IN_ACCOUNT_DELAY_FROM: 3,
  SIGN_IN_ADDRESS_MAX_FAILURES: 50,
  SIGN_IN_ADDRESS_DELAY_FROM: 30,
  SIGN_IN_DELAY_BASE_MS: 1_000,
  SIGN_IN_DELAY_MAX_MS: 3_000,
});

describe('sign-in rules', () => {
  it('delays answers from the third failure of an account, doubling, then locks at the fifth', () => {
    const costs = [1, 2, 3, 4, 5, 6].map((n) => afterFailure(n, rules.account, rules));
    expect(costs).toEqual([
      { lockMs: 0, delayMs: 0 },
      { lockMs: 0, delayMs: 0 },
      { lockMs: 0, delayMs: 1_000 },
      { lockMs: 0, delayMs: 2_000 },
      { lockMs: 900_000, delayMs: 0 },
      { lockMs: 900_000, delayMs: 0 },
    ]);
  });

  it('caps the delay', () => {
    expect(afterFailure(49, rules.address, rules)).toEqual({ lockMs: 0, delayMs: 3_000 });
    expect(afterFailure(50, rules.address, rules).lockMs).toBe(900_000);
  });

  it('gives an address a higher threshold than an account', () => {
    expect(afterFailure(5, rules.address, rules)).toEqual({ lockMs: 0, delayMs: 0 });
  });

  it('refuses unverified only attempts beyond the limit', () => {
    expect(overLimit(5, rules.account)).toBe(false);
    expect(overLimit(6, rules.account)).toBe(true);
  });

  it('counts as recent the failures of the last window exactly', () => {
    expect(recentSince(1_800_000, 900_000)).toEqual(new Date(900_000));
  });
});
