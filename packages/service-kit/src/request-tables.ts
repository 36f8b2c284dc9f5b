/**
 * Where two libraries keep what is in flight, one entry added and removed per request
 * (bench/README.md "What outlived the young generation"): nats.js's request multiplexer keeps the
 * requests awaiting a reply in a `Map` by token, and the MongoDB driver's client keeps the sessions
 * and the cursors in use in two `Set`s. Here they are a dictionary object and two arrays.
 *
 * Measured in the apps with V8's own count (`npm run bench:alloc`, 500 requests/s, with the apps'
 * `--no-allocation-site-pretenuring`): with the built-in `Map` and `Set`, much of what their entries
 * reach (the awaiting request with its context and reply, the session with its cursor and
 * documents) outlives the young generation and is promoted, to be collected only by a full
 * collection: the gateway promoted 2.2 KB per request and auth 38 KB (14–15 full collections per
 * 4,000 requests). With these tables: 0.9 and 7 KB (3–5 full collections). Why the built-in
 * collections keep more here is not established: a small program that adds and deletes entries
 * the same way does not show it.
 *
 * Each table has the methods its library calls, with the same results; each install checks the
 * library's shape and throws when it changed (as `coalesceWrites` does), so an upgrade that moves
 * a table fails at start and in the tests instead of losing the gain unnoticed.
 */
import type { NatsConnection } from 'nats';
import type { mongo } from 'mongoose';

/**
 * The part of `Map<string, V>` that nats.js's `MuxSubscription` uses, kept in an object without a
 * prototype (V8 keeps such an object as a hash table from the start, so keys come and go without
 * new hidden classes).
 */
export class StringKeyedTable<V> {
  #entries: Record<string, V> = Object.create(null) as Record<string, V>;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    return key in this.#entries;
  }

  get(key: string): V | undefined {
    return this.#entries[key];
  }

  set(key: string, value: V): this {
    if (!(key in this.#entries)) this.#size += 1;
    this.#entries[key] = value;
    return this;
  }

  delete(key: string): boolean {
    if (!(key in this.#entries)) return false;
    delete this.#entries[key];
    this.#size -= 1;
    return true;
  }

  clear(): void {
    this.#entries = Object.create(null) as Record<string, V>;
    this.#size = 0;
  }

  /** The values at the time of the call (what is added or deleted meanwhile is not seen). */
  values(): IterableIterator<V> {
    return Object.values(this.#entries)[Symbol.iterator]();
  }

  /** Each value with its key, as of the time of the call. */
  forEach(callback: (value: V, key: string, table: this) => void): void {
    for (const [key, value] of Object.entries(this.#entries)) callback(value, key, this);
  }
}

/**
 * The part of `Set<T>` that the MongoDB driver's client uses for its sessions and cursors in use,
 * by identity, in an array: its size is the operations in flight at once (a few, at most hundreds),
 * so a linear search costs less than hashing. The order of iteration is not the order of insertion.
 */
export class SmallIdentitySet<T> {
  #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  has(item: T): boolean {
    return this.#items.includes(item);
  }

  add(item: T): this {
    if (!this.#items.includes(item)) this.#items.push(item);
    return this;
  }

  delete(item: T): boolean {
    const items = this.#items;
    const index = items.lastIndexOf(item);
    if (index === -1) return false;
    const last = items.pop() as T;
    if (index < items.length) items[index] = last;
    return true;
  }

  clear(): void {
    this.#items = [];
  }

  /** The items at the time of the call (what is added or deleted meanwhile is not seen). */
  values(): IterableIterator<T> {
    return this.#items.slice()[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.values();
  }

  forEach(callback: (value: T, same: T, set: this) => void): void {
    for (const item of this.#items.slice()) callback(item, item, this);
  }
}

/** nats.js's request multiplexer, not in its types. */
interface MuxSubscriptionShape {
  reqs: unknown;
}

/**
 * Replaces nats.js's table of the requests awaiting a reply with a {@link StringKeyedTable}; any
 * request already in it moves over. Throws when nats.js no longer has that table.
 */
export function useStringKeyedRequestTable(nc: NatsConnection): StringKeyedTable<unknown> {
  const mux = (nc as unknown as { protocol?: { muxSubscriptions?: MuxSubscriptionShape } }).protocol
    ?.muxSubscriptions;
  const current: unknown = mux?.reqs;
  if (current instanceof StringKeyedTable) return current as StringKeyedTable<unknown>;
  if (!mux || !(current instanceof Map)) {
    throw new Error(
      'nats.js changed: its request multiplexer keeps no Map of requests (protocol.muxSubscriptions.reqs)',
    );
  }
  const table = new StringKeyedTable<unknown>();
  for (const [key, value] of current as Map<string, unknown>) table.set(key, value);
  mux.reqs = table;
  return table;
}

/** The MongoDB driver's client state that {@link useIdentitySessionTables} changes, not in its types. */
interface ClientStateShape {
  activeSessions: Iterable<unknown>;
  activeCursors: Iterable<unknown>;
}

/**
 * Replaces the MongoDB driver client's sets of the sessions and of the cursors in use with
 * {@link SmallIdentitySet}s; any member already in them moves over. Throws when the driver no
 * longer has those sets.
 */
export function useIdentitySessionTables(client: mongo.MongoClient): void {
  const state = (client as unknown as { s?: Partial<ClientStateShape> }).s;
  for (const name of ['activeSessions', 'activeCursors'] as const) {
    const current = state?.[name];
    if (current instanceof SmallIdentitySet) continue;
    if (!(current instanceof Set)) {
      throw new Error(`mongodb changed: its client keeps no Set of ${name} (client.s.${name})`);
    }
    const replacement = new SmallIdentitySet<unknown>();
    for (const member of current) replacement.add(member);
    (state as ClientStateShape)[name] = replacement;
  }
}
