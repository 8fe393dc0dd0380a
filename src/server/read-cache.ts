/**
 * Reads of the accounts' tables kept in memory, because every request asks them (its session,
 * its membership, the game's settings) and they seldom change. Exact, not timed: this process
 * forgets an entry whenever it writes what the entry was read from, and forgets everything
 * when another process (a second server, the CLI) has committed to the file since
 * (SQLite's data_version, through `foreignWrites`). Entries are only ever filled by reads, never
 * by writes, so a write rolled back cannot leave a cached value that was never committed.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V | undefined>();

  constructor(private readonly limit = 10_000) {}

  /**
   * The cached value, or `load()`'s (cached, an absent value included, unless `keep` is false:
   * a read inside a transaction may see what is then rolled back).
   */
  get(key: string, load: () => V | undefined, keep = true): V | undefined {
    if (this.entries.has(key)) return this.entries.get(key);
    const value = load();
    if (!keep) return value;
    // Bounded: when full, the oldest entries go first (Map keeps insertion order).
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Clears the caches whenever another process has written to the file since the last look. */
export class ForeignWrites {
  private seen: number | undefined;

  constructor(
    private readonly version: (() => number) | undefined,
    private readonly caches: { clear(): void }[],
  ) {}

  /** Call before reading a cache. */
  check(): void {
    if (!this.version) {
      this.clearAll();
      return;
    }
    const now = this.version();
    if (now !== this.seen) this.clearAll();
    this.seen = now;
  }

  private clearAll(): void {
    for (const cache of this.caches) cache.clear();
  }
}
