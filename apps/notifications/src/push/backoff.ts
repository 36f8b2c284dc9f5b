/** When the next attempt of a retryable delivery is due (pure; docs/decisions.md, push section). */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly maxAttempts: number;
}

/**
 * The delay after failed attempt number `attempt` (1-based): exponential (`base · 2^(attempt-1)`,
 * at most `maxMs`) with equal jitter (half fixed, half random), and never shorter than the
 * provider's `Retry-After` (itself bounded by `maxMs`). Null when the attempts are spent.
 */
export function nextDelayMs(
  policy: BackoffPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.round(Math.min(policy.maxMs, Math.max(jittered, retryAfterMs ?? 0)));
}
