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
   * Runs `fn` atomically: its statements commit together or not at all, and no other statement of this
   * process interleaves with them. A transaction begun inside `fn` joins it.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside a transaction (whose reads may still roll back). */
  inTransaction(): boolean;
  /**
   * A value that changes when keys or clients may have changed elsewhere (another connection, process or
   * instance committed): caches of those rows compare it before they answer (read-cache.ts).
   */
  changeVersion(): unknown;
  close(): Promise<void>;
}

/** A row's column holding epoch milliseconds, or null. */
export const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
