/**
 * What the repositories need of a database: statements with `?` placeholders, a transaction that spans
 * awaits, and a signal that data cached in memory may be stale. Implemented over SQLite
 * (store/sqlite/connection.ts) and PostgreSQL (store/postgres/connection.ts); the repositories of this
 * folder are written once for both, in the SQL the two share (`INSERT … ON CONFLICT`, `RETURNING`).
 */
export interface SqlConnection {
  readonly dialect: 'sqlite' | 'postgres';
  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  get<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Runs a write; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /**
   * Runs `fn` atomically with `tx`, the connection of the transaction: the statements made through `tx`
   * commit together or not at all. A transaction begun on `tx` joins it. (The transaction is handed over
   * explicitly, not found from the async context: AsyncLocalStorage costs every promise of the process.)
   */
  transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T>;
  /** Whether this is a transaction's connection (whose reads may still roll back). */
  inTransaction(): boolean;
  /**
   * A value that changes when `table` may have changed elsewhere (another connection, process or instance
   * committed): caches of what was read from it compare it before they answer (read-cache.ts). Which tables
   * are cached is held-in-memory.ts's decision.
   */
  changeVersion(table: string): unknown;
  /**
   * How long a read may be held in memory at most, whatever `changeVersion` says: Infinity where the change
   * signal cannot miss a change (SQLite's file), a short bound where it can (a NOTIFY that never came).
   */
  readonly cacheMaxAgeMs: number;
  close(): Promise<void>;
}

/**
 * The connection of an open transaction, whatever the dialect: a nested transaction joins it, its reads may
 * still roll back, it sees changes as its store does, and it ends with its transaction, never by close().
 */
export abstract class OpenTransaction implements SqlConnection {
  abstract readonly dialect: SqlConnection['dialect'];
  abstract all<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  abstract get<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  abstract run(sql: string, params?: readonly unknown[]): Promise<number>;

  constructor(private readonly store: Pick<SqlConnection, 'changeVersion' | 'cacheMaxAgeMs'>) {}

  get cacheMaxAgeMs(): number {
    return this.store.cacheMaxAgeMs;
  }

  transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    return fn(this);
  }

  inTransaction(): boolean {
    return true;
  }

  changeVersion(table: string): unknown {
    return this.store.changeVersion(table);
  }

  async close(): Promise<void> {
    throw new Error('A transaction is closed by its end, not by close().');
  }
}

/** The three kinds of statement a connection runs. */
export type StatementKind = 'all' | 'get' | 'run';

/**
 * A connection that hands every statement to another and sees each go by (`watch`, around the statement's
 * run): what the store's write tracking, the bench's recorder and the tests' counters are built on. A
 * transaction runs on the inner connection's transaction, unwatched, unless a watcher says otherwise.
 */
export abstract class WatchedConnection implements SqlConnection {
  constructor(protected readonly inner: SqlConnection) {}

  protected abstract watch<T>(kind: StatementKind, sql: string, params: readonly unknown[] | undefined, statement: () => Promise<T>): Promise<T>;

  get dialect(): SqlConnection['dialect'] {
    return this.inner.dialect;
  }

  get cacheMaxAgeMs(): number {
    return this.inner.cacheMaxAgeMs;
  }

  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]> {
    return this.watch('all', sql, params, () => this.inner.all<R>(sql, params));
  }

  get<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined> {
    return this.watch('get', sql, params, () => this.inner.get<R>(sql, params));
  }

  run(sql: string, params?: readonly unknown[]): Promise<number> {
    return this.watch('run', sql, params, () => this.inner.run(sql, params));
  }

  transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    return this.inner.transaction(fn);
  }

  inTransaction(): boolean {
    return this.inner.inTransaction();
  }

  changeVersion(table: string): unknown {
    return this.inner.changeVersion(table);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A row's column holding epoch milliseconds, or null. */
export const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
