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
    const entry = this.entries.get(key);
    return entry !== undefined && entry.until > now ? entry.value : undefined;
  }

  /** When the entry of `key` ends (epoch ms), while it lasts; undefined when there is none. */
  lastsUntil(key: string, now: number = Date.now()): number | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.until > now ? entry.until : undefined;
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
