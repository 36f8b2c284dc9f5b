/**
 * The caller's number of scheduled items for the network's `_user.numScheduledItems`: owned by
 * messaging, asked over NATS (`scheduledItemsCount`: this one count, not every badge counter) and
 * kept per person for `ttlMs` (the second hop cost every network read a round trip
 * to messaging, ~1 ms of CPU). Messaging sends `scheduledItemsChangedSubject` before it answers a
 * write that changes the count, and the entry is dropped, so the writer reads its own write; a
 * lost notice is bounded by the TTL. Messaging unavailable: 0, not remembered, so the network
 * resource does not fail for a counter (the badge counters answer null then). One ask per person at
 * a time (single flight): when an entry ends under load, the reads that arrive meanwhile share the
 * ask under way instead of each asking messaging (a stampede of asks every TTL, each a round trip,
 * held the whole network read up); a notice also detaches the ask under way, so a
 * read after it asks again.
 */
import {
  internalSubjects,
  scheduledItemsChangedSubject,
  type RequestContext,
  type ScheduledItemsChanged,
} from '@ncs/contracts';
import {
  ExpiringMap,
  SingleFlight,
  subscribeJson,
  type Logger,
  type RpcClient,
  type ServiceRuntime,
} from '@ncs/service-kit';

/** How long a count is reused without a notice. */
export const SCHEDULED_ITEMS_TTL_MS = 30_000;
/** Entries kept at most (the oldest go first): a few MB whatever the traffic. */
export const SCHEDULED_ITEMS_MAX_ENTRIES = 20_000;

const keyOf = (networkEID: string, profileEID: string) => `${networkEID} ${profileEID}`;

export class ScheduledItemsCounts {
  /** Per person; a count asked before a notice is not remembered after it (`mark`). */
  private readonly entries: ExpiringMap<number>;
  /** The ask under way per person, shared by the reads that arrive meanwhile. */
  private readonly asks = new SingleFlight<number>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly options: {
      readonly ttlMs?: number;
      readonly maxEntries?: number;
      readonly now?: () => number;
    } = {},
  ) {
    this.entries = new ExpiringMap(options.maxEntries ?? SCHEDULED_ITEMS_MAX_ENTRIES);
  }

  async of(ctx: RequestContext): Promise<number> {
    const profileEID = ctx.principal?.profileEID;
    const networkEID = ctx.networkEID;
    const key = networkEID && profileEID ? keyOf(networkEID, profileEID) : undefined;
    const now = this.now();
    if (key === undefined) return this.ask(ctx, undefined, now);
    const cached = this.entries.get(key, now);
    if (cached !== undefined) return cached;
    return this.asks.run(key, () => this.ask(ctx, key, now));
  }

  /** Asks messaging; remembers the count under `key` unless a notice came meanwhile. */
  private async ask(ctx: RequestContext, key: string | undefined, now: number): Promise<number> {
    const since = this.entries.mark();
    let count: number;
    try {
      const counters = await this.rpc.request(
        internalSubjects.scheduledItemsCount,
        { ctx },
        // A counter must not hold the network resource up: a stopped messaging fails at once
        // (no responders), a stuck one after this.
        { timeoutMs: 1_000 },
      );
      count = counters.numScheduledItems ?? 0;
    } catch {
      return 0;
    }
    const ttlMs = this.options.ttlMs ?? SCHEDULED_ITEMS_TTL_MS;
    if (key !== undefined && ttlMs > 0) this.entries.set(key, count, now + ttlMs, since);
    return count;
  }

  /** Drops the person's count (a notice from messaging). */
  forget(notice: ScheduledItemsChanged): void {
    const key = keyOf(notice.networkEID, notice.profileEID);
    this.entries.delete(key);
    this.asks.forget(key);
  }

  /**
   * Listens to messaging's notices until the returned subscription is closed. As each notice is
   * read, before any request that arrived after it on this connection is handled.
   */
  listen(nats: ServiceRuntime['nats'], logger: Logger): { unsubscribe(): void } {
    return subscribeJson(nats, scheduledItemsChangedSubject, logger, 'scheduled-items notice', (value) => {
      const notice = value as Partial<ScheduledItemsChanged> | null;
      if (typeof notice?.networkEID !== 'string' || typeof notice.profileEID !== 'string') return false;
      this.forget({ networkEID: notice.networkEID, profileEID: notice.profileEID });
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
