// Every wait in this package is bounded: starting infrastructure must fail with a clear message,
// never hang a test run or `npm start`.

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function describeDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Settles like `promise`, or rejects with "<what> did not finish within …" after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${describeDuration(ms)}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `promise` settled within `ms` (its rejection counts as settled). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface PollOptions {
  /** What is awaited, for the error message, e.g. "nats-server on nats://127.0.0.1:4222". */
  what: string;
  timeoutMs: number;
  intervalMs?: number;
  /** Longest a single probe may take. */
  probeTimeoutMs?: number;
  /** Returns a reason to give up at once (e.g. the server process exited), or undefined to go on. */
  giveUp?: () => string | undefined;
}

/** Calls `probe` until it resolves, the deadline passes or `giveUp` says so. */
export async function pollUntil<T>(probe: () => Promise<T>, options: PollOptions): Promise<T> {
  const { what, timeoutMs, intervalMs = 200, probeTimeoutMs = 5_000, giveUp } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no attempt finished';
  for (;;) {
    const reason = giveUp?.();
    if (reason !== undefined) throw new Error(`${what} did not come up: ${reason}`);
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new Error(
        `${what} did not answer within ${describeDuration(timeoutMs)} (last error: ${lastError})`,
      );
    }
    try {
      return await withTimeout(probe(), Math.min(probeTimeoutMs, remaining), 'probe');
    } catch (error) {
      lastError = errorMessage(error);
    }
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
}

/** How long to wait for a server to answer, and what to call it in messages. */
export interface WaitOptions {
  timeoutMs: number;
  /** Where the URL came from, e.g. "NATS_URL" or "local nats-server". */
  source: string;
  /** See PollOptions.giveUp. */
  giveUp?: () => string | undefined;
}
