import type { StoreDiagnostics } from './diagnostics';
import type { Store } from './repositories';
import type { SqlConnection } from './sql/connection';
import type { ChangeListener } from './postgres/change-listener';
import { openPostgres } from './postgres/database';
import { openSqlite } from './sqlite/database';
import { takeSqliteFile } from './sqlite/owner-lock';

export interface OpenedStore {
  store: Store;
  /** The connection under the store, for the simulated provider's own tables on the same data. */
  connection: SqlConnection;
  /** On PostgreSQL, what tells this instance of the others' changes (whether it is alive, its backend). */
  cacheListener?: ChangeListener;
  /** What an operator asks of the data: whether it answers and is migrated, connections, failures, cached reads. */
  diagnostics: StoreDiagnostics;
}

export interface StoreLocation {
  databaseUrl: string | null;
  sqliteFile: string;
}

export interface OpenOptions {
  /**
   * The store is a server's: on SQLite it takes the file for this process alone (a second server is refused,
   * sqlite/owner-lock.ts) until the store closes. The command-line tools open the data without it.
   */
  server?: boolean;
  /** How often the PostgreSQL cache listener proves it is alive, and the longest a read is held there (CACHE_HEARTBEAT_MS, CACHE_MAX_AGE_MS). */
  cache?: { heartbeatMs: number; maxAgeMs: number };
  /** How often SQLite's rate-limit counts are written (RATE_LIMIT_SAVE_MS). */
  rateLimitSaveMs?: number;
  /** Wraps the database's connection before the store is built on it (the bench records a send's statements). */
  wrap?: (connection: SqlConnection) => SqlConnection;
}

/** PostgreSQL when a database URL is given (several instances may share it), else the embedded SQLite file. */
export async function openStore(location: StoreLocation, options: OpenOptions = {}): Promise<OpenedStore> {
  if (location.databaseUrl) {
    return openPostgres(location.databaseUrl, { heartbeatMs: options.cache?.heartbeatMs, cacheMaxAgeMs: options.cache?.maxAgeMs, wrap: options.wrap });
  }
  const owned = options.server && location.sqliteFile !== ':memory:' ? takeSqliteFile(location.sqliteFile) : undefined;
  try {
    const opened = openSqlite(location.sqliteFile, { rateLimitSaveMs: options.rateLimitSaveMs, wrap: options.wrap });
    if (!owned) return opened;
    const close = opened.store.close;
    return { ...opened, store: { ...opened.store, close: () => close().finally(() => owned.release()) } };
  } catch (error) {
    owned?.release();
    throw error;
  }
}
