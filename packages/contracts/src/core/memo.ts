/**
 * Remembered answers of pure functions of the request path: a version parsed, the
 * gates and link relations of a resource type at a version, an `Accept` header negotiated. Every
 * request asks the same few questions; answering them again allocated a third of the gateway's
 * garbage per request (bench/README.md, "Allocation per request").
 *
 * Bounded: the keys come from clients (any `Accept` header, any version inside a supported range),
 * so past `maxEntries` the whole memory is forgotten at once and filled again, and a client sending
 * a new key with each request costs what it cost before this memory, never the process's memory.
 * A string key longer than `maxKeyLength` (no real client's) is answered without being remembered,
 * so the memory holds at most `maxEntries` keys of at most that length.
 * Answers are shared between callers: they must be immutable.
 */
export class BoundedMemo<K, V> {
  private readonly answers = new Map<K, V>();
  private readonly maxKeyLength: number;

  constructor(
    private readonly maxEntries: number,
    options: { readonly maxKeyLength?: number } = {},
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    }
    this.maxKeyLength = options.maxKeyLength ?? Number.POSITIVE_INFINITY;
  }

  /** The remembered answer for `key`, or `compute(key)`, remembered (unless the key is too long). */
  get(key: K, compute: (key: K) => V): V {
    if (typeof key === 'string' && key.length > this.maxKeyLength) return compute(key);
    if (this.answers.has(key)) return this.answers.get(key) as V;
    const value = compute(key);
    if (this.answers.size >= this.maxEntries) this.answers.clear();
    this.answers.set(key, value);
    return value;
  }

  /** How many answers are remembered (tests). */
  get size(): number {
    return this.answers.size;
  }
}
