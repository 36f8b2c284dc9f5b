/**
 * Request counters shared by every gateway instance, in a JetStream key-value bucket (ARCHITECTURE
 * §13: nothing one instance needs is held in another's memory). Fixed windows: the key names the
 * window (`<scope>.<windowMs>.<window index>.<sha256 of the caller>`), so a new window starts at
 * zero and old keys expire with the bucket's TTL. An increment is a read and a compare-and-set on
 * the entry's revision, retried on a clash; increments of one key inside this process are queued
 * and applied together, so an instance never races itself.
 *
 * When the bucket cannot be reached the store throws, and the limiter lets the request through
 * (see `limiter.ts`); after a failure it does not try again for `retryAfterMs`, so an outage
 * costs one slow request per period, not one per request.
 */
import { createHash } from 'node:crypto';
import { StorageType, type KV, type NatsConnection } from 'nats';

export const RATE_LIMIT_BUCKET = 'ncs_rate_limits';
const MAX_CAS_ATTEMPTS = 12;
const WRONG_LAST_SEQUENCE = 10071;

export interface WindowCount {
  /** Requests counted in the window, this one included. */
  readonly count: number;
  /** When the window ends (epoch ms). */
  readonly resetAt: number;
}

export interface CounterStoreOptions {
  /** Longest window of any limit: entries live twice as long. */
  readonly longestWindowMs: number;
  readonly timeoutMs: number;
  readonly retryAfterMs: number;
  readonly now?: () => number;
}

interface Waiter {
  resolve(count: number): void;
  reject(error: unknown): void;
}

export class StoreUnavailableError extends Error {}

export class KvCounterStore {
  private bucket: Promise<KV> | undefined;
  private unavailableUntil = 0;
  private readonly queues = new Map<string, Waiter[]>();
  private readonly now: () => number;

  constructor(
    private readonly nats: NatsConnection,
    private readonly options: CounterStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Counts one request of `caller` in the current `windowMs` window of `scope`. */
  async increment(scope: string, caller: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    if (now < this.unavailableUntil) throw new StoreUnavailableError('rate-limit store unavailable');
    const index = Math.floor(now / windowMs);
    const digest = createHash('sha256').update(caller).digest('hex');
    const key = `${scope}.${windowMs}.${index}.${digest}`;
    try {
      const count = await this.enqueue(key);
      return { count, resetAt: (index + 1) * windowMs };
    } catch (error) {
      this.unavailableUntil = this.now() + this.options.retryAfterMs;
      this.bucket = undefined; // bound again next time (e.g. after a NATS restart lost the bucket)
      throw error;
    }
  }

  private enqueue(key: string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ resolve, reject });
        return;
      }
      this.queues.set(key, [{ resolve, reject }]);
      void this.drain(key);
    });
  }

  /** Applies what is queued for `key` in batches until nothing is left. */
  private async drain(key: string): Promise<void> {
    let queue = this.queues.get(key) ?? [];
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const total = await this.add(key, batch.length);
        batch.forEach((waiter, i) => waiter.resolve(total - batch.length + 1 + i));
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
      queue = this.queues.get(key) ?? [];
    }
    this.queues.delete(key);
  }

  private async add(key: string, delta: number): Promise<number> {
    const kv = await this.kv();
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt += 1) {
      const entry = await kv.get(key);
      try {
        if (!entry || entry.operation !== 'PUT') {
          await kv.create(key, encode(delta));
          return delta;
        }
        const total = Number(entry.string()) + delta;
        await kv.update(key, encode(total), entry.revision);
        return total;
      } catch (error) {
        if ((error as { api_error?: { err_code?: number } }).api_error?.err_code !== WRONG_LAST_SEQUENCE)
          throw error;
      }
    }
    throw new StoreUnavailableError(`rate-limit counter ${key.split('.')[0]} too contended`);
  }

  private kv(): Promise<KV> {
    this.bucket ??= this.nats.jetstream({ timeout: this.options.timeoutMs }).views.kv(RATE_LIMIT_BUCKET, {
      history: 1,
      ttl: 2 * this.options.longestWindowMs,
      storage: StorageType.Memory,
      timeout: this.options.timeoutMs,
      description: 'Gateway rate-limit counters (fixed windows; keys are hashes, never tokens or addresses)',
    });
    return this.bucket;
  }
}

function encode(value: number): Uint8Array {
  return new TextEncoder().encode(String(value));
}
