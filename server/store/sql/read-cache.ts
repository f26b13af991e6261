import type { SqlConnection } from './connection';

/**
 * Rows read on every request (a key by its hash, a client by its reference), kept in memory while they
 * cannot have changed: all are dropped as soon as the connection's change version moves (another connection
 * or instance committed: SQLite's `PRAGMA data_version`, PostgreSQL's NOTIFY) or the owning repository
 * writes. Only found rows are kept (a flood of unknown keys cannot fill it), never inside a transaction (it
 * could roll back), and at most `maxEntries` of them. A kept row is frozen: callers share it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V>();
  private seenVersion: unknown;

  constructor(
    private readonly connection: SqlConnection,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, read: (key: string) => Promise<V | undefined>): Promise<V | undefined> {
    const version = this.connection.changeVersion();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const value = await read(key);
    // A change that arrived while reading makes the row suspect: answer it, but do not keep it.
    if (value !== undefined && !this.connection.inTransaction() && this.connection.changeVersion() === version) {
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
