/**
 * The bound on one person's open streams over every gateway instance: `max` slots per
 * person in a JetStream key-value bucket (`<person hash>.<slot>`), each a lease that its stream
 * renews on every heartbeat. Claiming is atomic: `create` succeeds for one claimant only, and a
 * lease left by a gateway that died is taken over by a compare-and-set on its revision once it
 * expired. When the bucket cannot be reached the stream opens anyway (like the rate limiter): the
 * bound protects capacity, it is no security boundary.
 */
import { createHash } from 'node:crypto';
import { StorageType, type KV, type NatsConnection } from 'nats';
import type { Logger } from '@ncs/service-kit';

export const LIVE_STREAMS_BUCKET = 'ncs_live_streams';

export interface SlotOptions {
  readonly max: number;
  readonly leaseMs: number;
  readonly timeoutMs: number;
}

/** A claimed slot: renewed with the stream's heartbeats, released when it ends. */
export interface StreamSlot {
  renew(): Promise<void>;
  release(): Promise<void>;
}

const NO_SLOT: StreamSlot = { renew: () => Promise.resolve(), release: () => Promise.resolve() };

export class StreamSlots {
  private bucket: Promise<KV> | undefined;

  constructor(
    private readonly nats: NatsConnection,
    private readonly logger: Logger,
    private readonly options: SlotOptions,
  ) {}

  /** A free slot of `person`, or null when all `max` are held by live streams. */
  async claim(person: string): Promise<StreamSlot | null> {
    const digest = createHash('sha256').update(person).digest('hex');
    try {
      const kv = await this.kv();
      for (let slot = 0; slot < this.options.max; slot += 1) {
        const key = `${digest}.${slot}`;
        const revision = await this.take(kv, key);
        if (revision !== null) return this.held(kv, key, revision);
      }
      return null;
    } catch (error) {
      this.bucket = undefined; // bound again next time (e.g. after a NATS restart)
      this.logger.warn({ err: error }, 'live stream slots unavailable: the stream opens unbounded');
      return NO_SLOT;
    }
  }

  /**
   * How many of `person`'s slots live streams hold now, over every gateway; null when the bucket
   * cannot be read (then nothing is concluded from it).
   */
  async countHeld(person: string): Promise<number | null> {
    const digest = createHash('sha256').update(person).digest('hex');
    try {
      const kv = await this.kv();
      const entries = await Promise.all(
        Array.from({ length: this.options.max }, (_, slot) => kv.get(`${digest}.${slot}`)),
      );
      const now = Date.now();
      return entries.filter((entry) => entry?.operation === 'PUT' && Number(entry.string()) > now).length;
    } catch (error) {
      this.logger.debug({ err: error }, 'live stream slots not counted');
      return null;
    }
  }

  /** The revision of `key` once taken, or null when a live lease holds it. */
  private async take(kv: KV, key: string): Promise<number | null> {
    const until = encode(Date.now() + this.options.leaseMs);
    const entry = await kv.get(key);
    try {
      if (!entry || entry.operation !== 'PUT') return await kv.create(key, until);
      if (Number(entry.string()) > Date.now()) return null;
      return await kv.update(key, until, entry.revision);
    } catch (error) {
      if (isWrongRevision(error)) return null; // another stream took it first
      throw error;
    }
  }

  private held(kv: KV, key: string, first: number): StreamSlot {
    let revision = first;
    // One change of the lease at a time: a release while a renewal is in flight would name the
    // revision the renewal replaces, fail, and leave the slot held until the lease expires.
    let last: Promise<void> = Promise.resolve();
    const inTurn = (change: () => Promise<void>): Promise<void> => (last = last.then(change));
    return {
      renew: () =>
        inTurn(async () => {
          try {
            revision = await kv.update(key, encode(Date.now() + this.options.leaseMs), revision);
          } catch (error) {
            this.logger.debug({ err: error }, 'live stream lease not renewed');
          }
        }),
      release: () =>
        inTurn(async () => {
          try {
            await kv.delete(key, { previousSeq: revision });
          } catch (error) {
            this.logger.debug({ err: error }, 'live stream lease not released (it expires)');
          }
        }),
    };
  }

  private kv(): Promise<KV> {
    this.bucket ??= this.nats.jetstream({ timeout: this.options.timeoutMs }).views.kv(LIVE_STREAMS_BUCKET, {
      history: 1,
      ttl: Math.max(60_000, 10 * this.options.leaseMs),
      storage: StorageType.Memory,
      timeout: this.options.timeoutMs,
      description: 'Open live streams per person (leases; keys are hashes)',
    });
    return this.bucket;
  }
}

const WRONG_LAST_SEQUENCE = 10071;

function isWrongRevision(error: unknown): boolean {
  const apiError = (error as { api_error?: { err_code?: number } }).api_error;
  return apiError?.err_code === WRONG_LAST_SEQUENCE || /wrong last sequence/i.test(String(error));
}

function encode(value: number): Uint8Array {
  return new TextEncoder().encode(String(value));
}
