// When a process that `npm start` runs exits without being asked to: restart it after a wait that
// doubles with each recent exit, or give it up once it has exited too often in a short time. A
// process that keeps failing that fast has a fault a restart will not mend (its configuration, a
// port someone else took, data it cannot read), and restarting it forever only buries its log.

export interface RestartPolicy {
  /** The wait before restarting a process whose last exit was the only one within the window. */
  readonly initialDelayMs: number;
  /** The wait doubles with each further exit within the window, up to this. */
  readonly maxDelayMs: number;
  /** At this many exits within `windowMs` the process is given up instead of restarted. */
  readonly maxExits: number;
  readonly windowMs: number;
}

/**
 * 0.5 s, 1 s, 2 s, 4 s, then given up at the fifth exit within a minute: a process that runs for a
 * minute between exits is restarted after 0.5 s each time, for as long as that goes on.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  maxExits: 5,
  windowMs: 60_000,
};

export type RestartDecision =
  | { readonly action: 'restart'; readonly delayMs: number; readonly recentExits: number }
  | { readonly action: 'give-up'; readonly recentExits: number };

/** Refuses a policy that would restart without waiting or never give up. */
export function checkRestartPolicy(policy: RestartPolicy): RestartPolicy {
  const { initialDelayMs, maxDelayMs, maxExits, windowMs } = policy;
  if (!(initialDelayMs > 0) || !(maxDelayMs >= initialDelayMs)) {
    throw new Error(
      `a restart policy waits more than 0 ms, at most maxDelayMs (${initialDelayMs}, ${maxDelayMs})`,
    );
  }
  if (!Number.isInteger(maxExits) || maxExits < 1 || !(windowMs > 0)) {
    throw new Error(
      `a restart policy gives up after 1 or more exits within a window (${maxExits}, ${windowMs})`,
    );
  }
  return policy;
}

/** The exit times (ms) that still count at `now`: those less than a window ago. */
export function exitsWithinWindow(
  policy: RestartPolicy,
  exitTimes: readonly number[],
  now: number,
): number[] {
  return exitTimes.filter((time) => now - time < policy.windowMs);
}

/** What to do after an exit at `now`; `exitTimes` holds every earlier exit and this one. */
export function decideAfterExit(
  policy: RestartPolicy,
  exitTimes: readonly number[],
  now: number,
): RestartDecision {
  const recentExits = exitsWithinWindow(policy, exitTimes, now).length;
  if (recentExits >= policy.maxExits) return { action: 'give-up', recentExits };
  const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, recentExits - 1));
  return { action: 'restart', delayMs, recentExits };
}
