/**
 * Background work that survives a restart and runs once across instances. The work is a document in
 * the store (a scheduled message, a news job); an instance takes one by INSERTING its claim into
 * `message_claims` under a unique key (`publish:<EID>`, `job:<EID>`) with a lease end: a unique
 * insert is atomic on MongoDB and on FerretDB 1.24 alike, whose `findAndModify` is a read then a
 * write (two instances both "claimed" the same item in the service test). A claim whose lease has
 * ended (its instance died mid-way) may be taken over. Polled on an interval (config).
 */
import { isDuplicateKeyError, type Logger } from '@ncs/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';

const claimSchema = new Schema(
  {
    _id: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { strict: true, collection: 'message_claims', versionKey: false },
);

export interface ClaimDoc {
  _id: string;
  until: Date;
}

export function registerClaimModel(connection: Connection): Model<ClaimDoc> {
  return connection.model<ClaimDoc>('MessageClaim', claimSchema);
}

/** Whether a claim held until `until` may be taken over at `now` (its lease has ended). */
export function leaseEnded(until: Date, now: Date): boolean {
  return until.getTime() <= now.getTime();
}

/**
 * Claims `key` for `leaseMs`: true when the caller holds it now (first insert, or a takeover of an
 * ended lease, compared on the old lease end).
 */
export async function claim(claims: Model<ClaimDoc>, key: string, leaseMs: number, now = new Date()) {
  const until = new Date(now.getTime() + leaseMs);
  try {
    await claims.create({ _id: key, until });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const held = await claims.findById(key).lean<ClaimDoc>();
  if (!held || !leaseEnded(held.until, now)) return false;
  const taken = await claims.updateOne({ _id: key, until: held.until }, { $set: { until } });
  return taken.modifiedCount === 1;
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
