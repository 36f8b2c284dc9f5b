/**
 * The rules of the sign-in throttle (OWASP ASVS 2.2, RFC 9700 §4.5) as plain functions: how many
 * recent failures a key has, how long a failure's answer is delayed, and when a key is locked.
 * Recent failures are exactly those of the last `windowMs` (a sliding log of timestamped records,
 * sign-in-throttle.ts): five failures within a window lock whatever clock boundary lies between
 * them (an estimate from fixed windows did not: found by the parallel suite).
 */
export interface ThrottleLimits {
  /** The failure that locks the key (the n-th recent one). */
  readonly maxFailures: number;
  /** From this failure on, answers to failures are delayed, doubling each time. */
  readonly delayFrom: number;
}

export interface SignInRules {
  readonly windowMs: number;
  readonly lockMs: number;
  readonly delayBaseMs: number;
  readonly delayMaxMs: number;
  readonly account: ThrottleLimits;
  readonly address: ThrottleLimits;
}

export interface SignInConfig {
  readonly SIGN_IN_WINDOW_MS: number;
  readonly SIGN_IN_LOCK_MS: number;
  readonly SIGN_IN_ACCOUNT_MAX_FAILURES: number;
  readonly SIGN_IN_ACCOUNT_DELAY_FROM: number;
  readonly SIGN_IN_ADDRESS_MAX_FAILURES: number;
  readonly SIGN_IN_ADDRESS_DELAY_FROM: number;
  readonly SIGN_IN_DELAY_BASE_MS: number;
  readonly SIGN_IN_DELAY_MAX_MS: number;
}

export function signInRulesFrom(config: SignInConfig): SignInRules {
  return {
    windowMs: config.SIGN_IN_WINDOW_MS,
    lockMs: config.SIGN_IN_LOCK_MS,
    delayBaseMs: config.SIGN_IN_DELAY_BASE_MS,
    delayMaxMs: config.SIGN_IN_DELAY_MAX_MS,
    account: {
      maxFailures: config.SIGN_IN_ACCOUNT_MAX_FAILURES,
      delayFrom: config.SIGN_IN_ACCOUNT_DELAY_FROM,
    },
    address: {
      maxFailures: config.SIGN_IN_ADDRESS_MAX_FAILURES,
      delayFrom: config.SIGN_IN_ADDRESS_DELAY_FROM,
    },
  };
}

/** The time from which a failure counts as recent (failures after it, strictly). */
export function recentSince(now: number, windowMs: number): Date {
  return new Date(now - windowMs);
}

/** An attempt over the limit (parallel guesses that raced past the lock) is refused unverified. */
export function overLimit(recent: number, limits: ThrottleLimits): boolean {
  return recent > limits.maxFailures;
}

/** What the `recent`-th failure costs: a lock from the limit on, before it a growing delay. */
export function afterFailure(
  recent: number,
  limits: ThrottleLimits,
  rules: Pick<SignInRules, 'lockMs' | 'delayBaseMs' | 'delayMaxMs'>,
): { readonly lockMs: number; readonly delayMs: number } {
  if (recent >= limits.maxFailures) return { lockMs: rules.lockMs, delayMs: 0 };
  if (recent < limits.delayFrom) return { lockMs: 0, delayMs: 0 };
  const delay = rules.delayBaseMs * 2 ** (recent - limits.delayFrom);
  return { lockMs: 0, delayMs: Math.min(delay, rules.delayMaxMs) };
}
