/**
 * A bounded map whose entries expire: the platform's small in-process caches (the gateway's
 * principals, auth's scheduled-items counts, the member counts of large networks). At most
 * `maxEntries` (the entry stored longest ago goes first; 0 keeps nothing), each until its own time.
 * A value read from its owner before a deletion must not be stored after it (a revocation or a
 * change notice overtook the read): take `mark()` before the read and pass it to `set`.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly until: number }>();
  private deletions = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key` while it lasts (its time after `now`). */
  get(key: string, now: number = Date.now()): V | undefined {
    return this.entry(key, now)?.value;
  }

  /** The entry of `key` while it lasts: its value and when it ends (epoch ms). */
  entry(key: string, now: number = Date.now()): { readonly value: V; readonly until: number } | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.until > now ? entry : undefined;
  }

  /** What `set` compares to tell whether anything was deleted in between. */
  mark(): number {
    return this.deletions;
  }

  /** Keeps `value` until `until` (epoch ms), unless something was deleted after `since` was marked. */
  set(key: string, value: V, until: number, since?: number): void {
    if (this.maxEntries <= 0 || (since !== undefined && since !== this.deletions)) return;
    this.entries.delete(key); // stored anew: last in the Map's order, which is the eviction order
    this.entries.set(key, { value, until });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.deletions += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.deletions += 1;
    this.entries.clear();
  }
}

/**
 * One load per key at a time: a call for a key whose load is under way shares it instead of loading
 * again (the caches above, when an entry ends under load). `forget` detaches the load under way, so
 * a call after a deletion (a revocation, a change notice) loads anew.
 */
export class SingleFlight<V> {
  private readonly running = new Map<string, Promise<V>>();

  /** The load under way for `key`, else `load()`'s, shared until it settles. */
  run(key: string, load: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    const flight = load().finally(() => {
      if (this.running.get(key) === flight) this.running.delete(key);
    });
    this.running.set(key, flight);
    return flight;
  }

  has(key: string): boolean {
    return this.running.has(key);
  }

  /** Detaches the load under way for `key`, or every one. */
  forget(key?: string): void {
    if (key === undefined) this.running.clear();
    else this.running.delete(key);
  }
}
