import type { SqliteDatabase } from './database';

/**
 * `PRAGMA data_version` of a connection, which changes when another connection (`npm run keys` in another
 * process) commits. Read once per turn of the event loop and shared by every cache of the connection:
 * requests handled in the same turn arrived together, so they see the database as of that turn's start.
 */
class OtherConnectionsCommits {
  private readonly statement;
  private version: unknown;
  private readThisTurn = false;

  constructor(db: SqliteDatabase) {
    this.statement = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  current(): unknown {
    if (!this.readThisTurn) {
      this.version = this.statement.get();
      this.readThisTurn = true;
      setImmediate(() => (this.readThisTurn = false));
    }
    return this.version;
  }
}

const commitsOf = new WeakMap<SqliteDatabase, OtherConnectionsCommits>();

/**
 * Rows read on every request (a key by its hash, a client by its reference), kept in memory while they
 * cannot have changed: all are dropped as soon as another connection has committed (so a key revoked by
 * `npm run keys` in another process is refused from the next turn on) or the owning repository writes.
 * Only found rows are kept (a flood of unknown keys cannot fill it), never inside a transaction (it could
 * roll back), and at most `maxEntries` of them. A kept row is frozen: callers share it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly commits: OtherConnectionsCommits;
  private seenVersion: unknown;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly maxEntries = 10_000,
  ) {
    let commits = commitsOf.get(db);
    if (!commits) commitsOf.set(db, (commits = new OtherConnectionsCommits(db)));
    this.commits = commits;
  }

  get(key: string, read: (key: string) => V | undefined): V | undefined {
    const version = this.commits.current();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const value = read(key);
    if (value !== undefined && !this.db.inTransaction) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, Object.freeze(value));
    }
    return value;
  }

  /** Called by the repository on each of its own writes, which `data_version` does not count. */
  clear(): void {
    this.entries.clear();
  }
}
