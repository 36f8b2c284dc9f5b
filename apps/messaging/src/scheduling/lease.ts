/**
 * Background work that survives a restart and runs once across instances: the work is a document
 * in the store, claimed with a lease (`claimedUntil`) by one `findOneAndUpdate`; an instance that
 * dies leaves the lease to expire and another takes it. Polled on an interval (config).
 */
import type { Logger } from '@ncs/service-kit';
import type { Model } from 'mongoose';

/** The filter that makes a document claimable at `now`: no lease, or an expired one. */
export function claimableAt(now: Date): Record<string, unknown> {
  return { $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] };
}

/**
 * Claims one document matching `filter` (and claimable now) for `leaseMs`: the returned document
 * is this caller's until the lease ends; null when none is due.
 */
export async function claimOne<T>(
  model: Model<T>,
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  leaseMs: number,
  now = new Date(),
): Promise<T | null> {
  return model
    .findOneAndUpdate(
      { ...filter, ...claimableAt(now) },
      { $set: { claimedUntil: new Date(now.getTime() + leaseMs) } },
      { sort, new: true },
    )
    .lean<T>();
}

export interface Poller {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` (never two at once in one process); a tick's error is logged and
 * the next tick runs as planned.
 */
export function poller(name: string, intervalMs: number, tick: () => Promise<void>, logger: Logger): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = tick()
      .catch((error: unknown) => logger.error({ err: error, poller: name }, 'background work failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };
  return {
    start() {
      stopped = false;
      timer = setTimeout(run, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
