/**
 * Rows read on every request (a key by its hash, a client by its reference, who has faults), kept in memory
 * while they cannot have changed: all are dropped as soon as the change version moves (another connection or
 * instance committed: SQLite's `PRAGMA data_version`, PostgreSQL's NOTIFY) or the owning repository writes.
 * Only found rows are kept (a flood of unknown keys cannot fill it), never rows read inside a transaction (it
 * could roll back), and at most `maxEntries` of them. A kept row is frozen: callers share it. One cache
 * serves the store and the stores of its transactions, so a write in a transaction clears it too.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V>();
  private seenVersion: unknown;

  constructor(
    private readonly changeVersion: () => unknown,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached row, else `read`'s; kept only when `keep` (read outside a transaction). */
  async get(key: string, read: (key: string) => Promise<V | undefined>, keep: boolean): Promise<V | undefined> {
    const version = this.changeVersion();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const value = await read(key);
    // A change that arrived while reading makes the row suspect: answer it, but do not keep it.
    if (value !== undefined && keep && this.changeVersion() === version) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, Object.freeze(value));
    }
    return value;
  }

  /** Called by the repository on each of its own writes. */
  clear(): void {
    this.entries.clear();
  }
}
