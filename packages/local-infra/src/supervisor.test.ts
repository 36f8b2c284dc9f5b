import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestartPolicy } from './restart-policy.js';
import {
  describeSupervisionEvent,
  superviseProcess,
  type ProcessExit,
  type SupervisedRun,
  type SupervisedUnit,
  type SupervisionEvent,
} from './supervisor.js';

const quick: RestartPolicy = { initialDelayMs: 1, maxDelayMs: 4, maxExits: 3, windowMs: 60_000 };
const killed: ProcessExit = { code: null, signal: 'SIGKILL' };

interface FakeRun extends SupervisedRun {
  /** Ends the run as if the process had exited by itself. */
  end(exit: ProcessExit): void;
  readonly stops: number;
}

function fakeRun(pid: number): FakeRun {
  let settle: (exit: ProcessExit) => void = () => undefined;
  const exited = new Promise<ProcessExit>((resolve) => {
    settle = resolve;
  });
  let stops = 0;
  return {
    pid,
    exited,
    end: (exit) => settle(exit),
    get stops() {
      return stops;
    },
    stop: () => {
      stops += 1;
      settle({ code: 0, signal: null });
      return Promise.resolve();
    },
  };
}

/** The reported events, and a promise of the next one. */
function recorder() {
  const events: SupervisionEvent[] = [];
  let waiting: ((event: SupervisionEvent) => void) | undefined;
  let read = 0;
  return {
    events,
    report: (event: SupervisionEvent) => {
      events.push(event);
      waiting?.(event);
    },
    next: (): Promise<SupervisionEvent> => {
      const index = read;
      read += 1;
      const ready = events[index];
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => {
        waiting = (event) => {
          waiting = undefined;
          resolve(event);
        };
      });
    },
  };
}

function unit(restart: SupervisedUnit['restart']): SupervisedUnit & { readonly restarts: number } {
  let restarts = 0;
  return {
    name: 'auth-2',
    logFile: '/tmp/logs/auth-2.log',
    essential: false,
    get restarts() {
      return restarts;
    },
    restart: (signal) => {
      restarts += 1;
      return restart(signal);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('superviseProcess', () => {
  it('restarts a run that exits after the policy’s wait, then watches the new run', async () => {
    const runs = [fakeRun(101), fakeRun(102), fakeRun(103)];
    let next = 1;
    const log = recorder();
    const supervised = superviseProcess(
      unit(() => Promise.resolve(runs[next++] as FakeRun)),
      runs[0] as FakeRun,
      { policy: quick, report: log.report },
    );

    runs[0]?.end(killed);
    expect(await log.next()).toMatchObject({
      type: 'exited',
      name: 'auth-2',
      pid: 101,
      exit: killed,
      restartInMs: 1,
      recentExits: 1,
    });
    expect(await log.next()).toMatchObject({ type: 'restarted', name: 'auth-2', pid: 102 });
    expect(supervised.pid).toBe(102);

    runs[1]?.end({ code: 1, signal: null });
    expect(await log.next()).toMatchObject({ type: 'exited', pid: 102, restartInMs: 2, recentExits: 2 });
    expect(await log.next()).toMatchObject({ type: 'restarted', pid: 103 });
    await supervised.stop();
  });

  it('gives up at the policy’s number of exits, and restarts no more', async () => {
    const log = recorder();
    const first = fakeRun(1);
    const later: FakeRun[] = [];
    const watched = unit(() => {
      const run = fakeRun(later.length + 2);
      later.push(run);
      return Promise.resolve(run);
    });
    const supervised = superviseProcess(watched, first, { policy: quick, report: log.report });

    first.end(killed);
    for (let n = 0; n < 2; n += 1) {
      expect((await log.next()).type).toBe('exited');
      expect((await log.next()).type).toBe('restarted');
      later.at(-1)?.end({ code: 1, signal: null });
    }
    expect(await log.next()).toMatchObject({
      type: 'given-up',
      name: 'auth-2',
      logFile: '/tmp/logs/auth-2.log',
      essential: false,
      last: 'exited with code 1',
      recentExits: 3,
      windowMs: 60_000,
    });
    expect(watched.restarts).toBe(2);
    expect(supervised.givenUp).toBe(true);
    await supervised.stop();
    expect(log.events).toHaveLength(5);
  });

  it('counts a restart that fails as an exit and tries again', async () => {
    const log = recorder();
    const first = fakeRun(1);
    let attempt = 0;
    const supervised = superviseProcess(
      unit(() => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(new Error('port 4222 is taken')) : Promise.resolve(fakeRun(7));
      }),
      first,
      { policy: quick, report: log.report },
    );

    first.end(killed);
    expect((await log.next()).type).toBe('exited');
    expect(await log.next()).toMatchObject({
      type: 'restart-failed',
      error: 'port 4222 is taken',
      restartInMs: 2,
      recentExits: 2,
    });
    expect(await log.next()).toMatchObject({ type: 'restarted', pid: 7 });
    await supervised.stop();
  });

  it('on stop, stops the run and neither reports nor restarts its exit', async () => {
    const log = recorder();
    const first = fakeRun(1);
    const watched = unit(() => Promise.resolve(fakeRun(2)));
    const supervised = superviseProcess(watched, first, { policy: quick, report: log.report });

    await supervised.stop();
    await supervised.stop(); // idempotent
    await first.exited;
    await Promise.resolve();
    expect(first.stops).toBe(1);
    expect(log.events).toEqual([]);
    expect(watched.restarts).toBe(0);
  });

  it('on stop, cancels a restart that waits', async () => {
    vi.useFakeTimers();
    const log = recorder();
    const first = fakeRun(1);
    const watched = unit(() => Promise.resolve(fakeRun(2)));
    const supervised = superviseProcess(watched, first, {
      policy: { ...quick, initialDelayMs: 10_000, maxDelayMs: 10_000 },
      report: log.report,
    });

    first.end(killed);
    expect(await log.next()).toMatchObject({ type: 'exited', restartInMs: 10_000 });
    await supervised.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(watched.restarts).toBe(0);
    expect(log.events).toHaveLength(1);
  });

  it('on stop during a restart, aborts it and stops what it started', async () => {
    const log = recorder();
    const first = fakeRun(1);
    const late = fakeRun(2);
    let restartBegan: () => void = () => undefined;
    const began = new Promise<void>((resolve) => {
      restartBegan = resolve;
    });
    const supervised = superviseProcess(
      unit(
        (signal) =>
          new Promise((resolve) => {
            restartBegan();
            signal.addEventListener('abort', () => resolve(late));
          }),
      ),
      first,
      { policy: quick, report: log.report },
    );

    first.end(killed);
    await began;
    await supervised.stop();
    expect(late.stops).toBe(1);
    expect(log.events.map((event) => event.type)).toEqual(['exited']);
  });
});

describe('describeSupervisionEvent', () => {
  const at = new Date(2026, 0, 13, 9, 5, 7);
  const policy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 30_000, maxExits: 5, windowMs: 60_000 };

  it('names the process, how it ended, when and when it restarts', () => {
    expect(
      describeSupervisionEvent({
        type: 'exited',
        name: 'nats-server',
        at,
        pid: 4242,
        exit: killed,
        restartInMs: 500,
        recentExits: 1,
        policy,
      }),
    ).toBe(
      'nats-server (pid 4242) was killed by SIGKILL at 09:05:07; restarting it in 500 ms ' +
        '(1 of 5 exits within 60 s before it is given up)',
    );
    expect(
      describeSupervisionEvent({
        type: 'exited',
        name: 'auth',
        at,
        pid: 77,
        exit: { code: 1, signal: null },
        restartInMs: 2_000,
        recentExits: 3,
        policy,
      }),
    ).toMatch(/^auth \(pid 77\) exited with code 1 at 09:05:07; restarting it in 2 s /);
    expect(describeSupervisionEvent({ type: 'restarted', name: 'auth', at, pid: 78 })).toBe(
      'auth restarted at 09:05:07 (pid 78)',
    );
    expect(
      describeSupervisionEvent({
        type: 'restart-failed',
        name: 'nats-server',
        at,
        error: 'port taken',
        restartInMs: 1_000,
        recentExits: 2,
        policy,
      }),
    ).toBe(
      'nats-server could not be restarted at 09:05:07 (port taken); trying again in 1 s ' +
        '(2 of 5 exits within 60 s before it is given up)',
    );
  });

  it('names the log of a process given up, and what happens to the rest', () => {
    const givenUp = {
      type: 'given-up',
      name: 'notifications',
      at,
      logFile: '/repo/.ncs/logs/notifications.log',
      essential: false,
      last: 'exited with code 1',
      recentExits: 5,
      windowMs: 60_000,
    } as const;
    expect(describeSupervisionEvent(givenUp)).toBe(
      'notifications stopped 5 times within 60 s (the last time at 09:05:07, it exited with code 1): ' +
        'given up, not restarted again; its log: /repo/.ncs/logs/notifications.log. The rest keeps ' +
        'running without it (Ctrl-C stops everything).',
    );
    expect(
      describeSupervisionEvent({
        ...givenUp,
        name: 'nats-server',
        logFile: '/repo/.ncs/nats-server.log',
        essential: true,
      }),
    ).toMatch(
      /its log: \/repo\/\.ncs\/nats-server\.log\. The platform cannot serve without it: stopping everything\.$/,
    );
  });
});
