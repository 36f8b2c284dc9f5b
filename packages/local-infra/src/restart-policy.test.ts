import { describe, expect, it } from 'vitest';
import {
  checkRestartPolicy,
  decideAfterExit,
  DEFAULT_RESTART_POLICY,
  exitsWithinWindow,
  type RestartPolicy,
} from './restart-policy.js';

const policy: RestartPolicy = DEFAULT_RESTART_POLICY;

/** The decisions after exits at these times (ms), each seeing every exit before it. */
function decisionsAt(times: readonly number[], chosen: RestartPolicy = policy) {
  return times.map((now, index) => decideAfterExit(chosen, times.slice(0, index + 1), now));
}

describe('decideAfterExit', () => {
  it('restarts after 0.5 s, doubling with each exit within a minute, and gives up at the fifth', () => {
    expect(decisionsAt([0, 600, 1_700, 3_800, 7_900])).toEqual([
      { action: 'restart', delayMs: 500, recentExits: 1 },
      { action: 'restart', delayMs: 1_000, recentExits: 2 },
      { action: 'restart', delayMs: 2_000, recentExits: 3 },
      { action: 'restart', delayMs: 4_000, recentExits: 4 },
      { action: 'give-up', recentExits: 5 },
    ]);
  });

  it('counts only the exits of the last minute: a process that runs a minute between exits is never given up', () => {
    const everyMinute = Array.from({ length: 20 }, (_, n) => n * 60_000);
    for (const decision of decisionsAt(everyMinute)) {
      expect(decision).toEqual({ action: 'restart', delayMs: 500, recentExits: 1 });
    }
  });

  it('waits less again once earlier exits leave the window', () => {
    const [, , , late] = decisionsAt([0, 1_000, 3_000, 61_500]);
    expect(late).toEqual({ action: 'restart', delayMs: 1_000, recentExits: 2 });
  });

  it('never waits longer than the cap', () => {
    const patient = { ...policy, maxExits: 20, maxDelayMs: 3_000 };
    const delays = decisionsAt([0, 1, 2, 3, 4, 5], patient).map((decision) =>
      decision.action === 'restart' ? decision.delayMs : undefined,
    );
    expect(delays).toEqual([500, 1_000, 2_000, 3_000, 3_000, 3_000]);
  });

  it('gives up at once with a limit of one exit', () => {
    expect(decideAfterExit({ ...policy, maxExits: 1 }, [5], 5)).toEqual({
      action: 'give-up',
      recentExits: 1,
    });
  });
});

describe('exitsWithinWindow', () => {
  it('keeps the exits less than a window before now', () => {
    expect(exitsWithinWindow(policy, [0, 10_000, 59_999, 60_000], 70_000)).toEqual([59_999, 60_000]);
  });
});

describe('checkRestartPolicy', () => {
  it('takes the default', () => {
    expect(checkRestartPolicy(DEFAULT_RESTART_POLICY)).toBe(DEFAULT_RESTART_POLICY);
  });

  it.each([
    [{ initialDelayMs: 0 }, /waits more than 0 ms/],
    [{ initialDelayMs: 2_000, maxDelayMs: 1_000 }, /at most maxDelayMs/],
    [{ maxExits: 0 }, /gives up after 1 or more exits/],
    [{ maxExits: 2.5 }, /gives up after 1 or more exits/],
    [{ windowMs: 0 }, /within a window/],
  ])('refuses %o', (change, message) => {
    expect(() => checkRestartPolicy({ ...policy, ...change })).toThrow(message);
  });
});
