// Keeping one process of `npm start` running: when it exits without being asked to, it is started
// again as before (same port, same data, same log) after the wait the restart policy gives, or given
// up once it exits too often; every exit, restart and give-up is reported. Used by stack.ts for the
// apps and by local-server.ts for nats-server and the store; the end-to-end tests do not use it, so
// what they kill on purpose stays down.
import type { ChildProcess } from 'node:child_process';

import {
  checkRestartPolicy,
  decideAfterExit,
  DEFAULT_RESTART_POLICY,
  exitsWithinWindow,
  type RestartPolicy,
} from './restart-policy.js';
import { describeDuration, errorMessage } from './timeouts.js';

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One run of a supervised process. */
export interface SupervisedRun {
  readonly pid: number;
  /** Settles once the process has exited; never rejects. */
  readonly exited: Promise<ProcessExit>;
  /** SIGTERM, then SIGKILL after a grace period; resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
}

export interface SupervisedUnit {
  /** As in messages: `auth`, `auth-2` (the second instance), `nats-server`. */
  readonly name: string;
  /** Where its output goes, across restarts. */
  readonly logFile: string;
  /** The platform serves nothing without it (NATS, the store, the gateway on the base URL). */
  readonly essential: boolean;
  /**
   * Starts it again as the first time (same port, data and log); resolves once it has started (a
   * server: once it answers). Rejects when it does not; `signal` aborts the wait when stopping.
   */
  restart(signal: AbortSignal): Promise<SupervisedRun>;
}

interface Timing {
  readonly name: string;
  readonly at: Date;
}

interface Retrying extends Timing {
  readonly restartInMs: number;
  /** Exits within the policy's window, this one included. */
  readonly recentExits: number;
  readonly policy: RestartPolicy;
}

export type SupervisionEvent =
  | (Retrying & { readonly type: 'exited'; readonly pid: number; readonly exit: ProcessExit })
  | (Retrying & { readonly type: 'restart-failed'; readonly error: string })
  | (Timing & { readonly type: 'restarted'; readonly pid: number })
  | (Timing & {
      readonly type: 'given-up';
      readonly logFile: string;
      /** The host stops everything after an essential process is given up (describeSupervisionEvent). */
      readonly essential: boolean;
      /** What ended the last run: "was killed by SIGKILL", "could not be restarted: …". */
      readonly last: string;
      readonly recentExits: number;
      readonly windowMs: number;
    });

export interface Supervision {
  /** Default: DEFAULT_RESTART_POLICY. */
  readonly policy?: RestartPolicy;
  /** Told of every exit, restart and give-up, as they happen. */
  readonly report: (event: SupervisionEvent) => void;
}

export interface SupervisedProcess {
  readonly name: string;
  readonly logFile: string;
  /** Of the run now (or the last one, while a restart waits or after it was given up). */
  readonly pid: number;
  readonly givenUp: boolean;
  /** Stops supervising (no restart from now on) and stops the process; idempotent. */
  stop(): Promise<void>;
}

export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? '?'}`;
}

/** The settled exit of a child process (also of one that has already exited). */
export function exitOf(child: ChildProcess): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A process that could not be spawned has no pid and never emits 'exit'.
    child.once('error', () => {
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  });
}

function clockTime(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function retryNote(event: Retrying): string {
  return (
    `${describeDuration(event.restartInMs)} (${event.recentExits} of ${event.policy.maxExits} exits ` +
    `within ${describeDuration(event.policy.windowMs)} before it is given up)`
  );
}

/** One line per event, for the terminal of `npm start`. */
export function describeSupervisionEvent(event: SupervisionEvent): string {
  const at = clockTime(event.at);
  switch (event.type) {
    case 'exited':
      return `${event.name} (pid ${event.pid}) ${describeExit(event.exit)} at ${at}; restarting it in ${retryNote(event)}`;
    case 'restart-failed':
      return `${event.name} could not be restarted at ${at} (${event.error}); trying again in ${retryNote(event)}`;
    case 'restarted':
      return `${event.name} restarted at ${at} (pid ${event.pid})`;
    case 'given-up':
      return (
        `${event.name} stopped ${event.recentExits} times within ${describeDuration(event.windowMs)} ` +
        `(the last time at ${at}, it ${event.last}): given up, not restarted again; its log: ` +
        `${event.logFile}. ` +
        (event.essential
          ? 'The platform cannot serve without it: stopping everything.'
          : 'The rest keeps running without it (Ctrl-C stops everything).')
      );
  }
}

/** Watches `first` and restarts the unit whenever its run exits, until stopped or given up. */
export function superviseProcess(
  unit: SupervisedUnit,
  first: SupervisedRun,
  supervision: Supervision,
): SupervisedProcess {
  const policy = checkRestartPolicy(supervision.policy ?? DEFAULT_RESTART_POLICY);
  const stopping = new AbortController();
  let current = first;
  let exitTimes: number[] = [];
  let givenUp = false;
  let pending: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const report = (event: SupervisionEvent): void => {
    // A reporter that throws must not leave the process down.
    try {
      supervision.report(event);
    } catch {
      // Nothing better to do with it here.
    }
  };

  /** After a run ended (`last` says how): report `retrying` and restart later, or give the unit up. */
  const afterRunEnded = (
    last: string,
    retrying: (retry: Omit<Retrying, 'name' | 'policy'>) => SupervisionEvent,
  ) => {
    const now = Date.now();
    exitTimes = [...exitsWithinWindow(policy, exitTimes, now), now];
    const decision = decideAfterExit(policy, exitTimes, now);
    if (decision.action === 'give-up') {
      givenUp = true;
      report({
        type: 'given-up',
        name: unit.name,
        at: new Date(now),
        logFile: unit.logFile,
        essential: unit.essential,
        last,
        recentExits: decision.recentExits,
        windowMs: policy.windowMs,
      });
      return;
    }
    report(retrying({ at: new Date(now), restartInMs: decision.delayMs, recentExits: decision.recentExits }));
    // Not unref'd: while every app waits for its restart, this timer is what keeps `npm start` up.
    pending = setTimeout(() => {
      pending = undefined;
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    }, decision.delayMs);
  };

  const watch = (run: SupervisedRun): void => {
    void run.exited.then((exit) => {
      if (stopping.signal.aborted || run !== current) return;
      afterRunEnded(describeExit(exit), (retry) => ({
        type: 'exited',
        name: unit.name,
        policy,
        ...retry,
        pid: run.pid,
        exit,
      }));
    });
  };

  const restart = async (): Promise<void> => {
    let run: SupervisedRun;
    try {
      run = await unit.restart(stopping.signal);
    } catch (error) {
      if (stopping.signal.aborted) return;
      const message = errorMessage(error);
      afterRunEnded(`could not be restarted: ${message}`, (retry) => ({
        type: 'restart-failed',
        name: unit.name,
        policy,
        ...retry,
        error: message,
      }));
      return;
    }
    if (stopping.signal.aborted) {
      await run.stop();
      return;
    }
    current = run;
    report({ type: 'restarted', name: unit.name, at: new Date(), pid: run.pid });
    watch(run);
  };

  let stopped: Promise<void> | undefined;
  watch(first);
  return {
    name: unit.name,
    logFile: unit.logFile,
    get pid() {
      return current.pid;
    },
    get givenUp() {
      return givenUp;
    },
    stop: () =>
      (stopped ??= (async () => {
        stopping.abort();
        clearTimeout(pending);
        await restarting;
        await current.stop();
      })()),
  };
}
