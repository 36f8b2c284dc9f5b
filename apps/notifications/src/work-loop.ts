/**
 * The loop of a queue worker (push deliveries, app webhooks): up to `concurrency` drains, each
 * claiming the next due item and processing it until none is due; woken when items are queued
 * (`wake`), when a retry falls due (`later`) and every `sweepMs` (what another instance left, or a
 * restart interrupted). An item whose processing throws is left to its lease: the sweep takes it
 * again. `stop` waits for the drains in flight.
 */
import type { Logger } from '@ncs/service-kit';

export interface WorkLoopOptions<T> {
  readonly claim: () => Promise<T | null>;
  readonly process: (item: T) => Promise<void>;
  /** For the log: what failed (e.g. `push delivery`) and the item's id. */
  readonly label: string;
  readonly idOf: (item: T) => Record<string, string>;
  readonly concurrency: number;
  readonly sweepMs: number;
  /** Upkeep run on each sweep (say, a purge); a failure is logged and the next sweep tries again. */
  readonly onSweep?: () => Promise<void>;
  readonly logger: Logger;
}

export interface WorkLoop {
  /** Looks for due items now. */
  wake(): void;
  /** Looks again in `ms` (a retry falls due). */
  later(ms: number): void;
  stop(): Promise<void>;
}

export function startWorkLoop<T>(options: WorkLoopOptions<T>): WorkLoop {
  const { logger } = options;
  let stopped = false;
  let running = 0;
  const timers = new Set<NodeJS.Timeout>();
  const idle: (() => void)[] = [];

  async function drain() {
    running += 1;
    try {
      for (;;) {
        if (stopped) return;
        const item = await options.claim();
        if (item === null) return;
        await options.process(item).catch((error: unknown) => {
          logger.warn({ err: error, ...options.idOf(item) }, `${options.label} failed`);
        });
      }
    } catch (error) {
      logger.warn({ err: error }, `${options.label} queue unavailable`);
    } finally {
      running -= 1;
      if (running === 0) idle.splice(0).forEach((resolve) => resolve());
    }
  }

  function wake() {
    if (stopped) return;
    while (running < options.concurrency) void drain();
  }

  function later(ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      wake();
    }, ms);
    timers.add(timer);
  }

  const sweep = setInterval(() => {
    wake();
    options
      .onSweep?.()
      .catch((error: unknown) => logger.warn({ err: error }, `${options.label} upkeep failed`));
  }, options.sweepMs);
  wake();
  return {
    wake,
    later,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      for (const timer of timers) clearTimeout(timer);
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
