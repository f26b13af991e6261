import type { SqlConnection } from './sql/connection';

/** The database's connections: taken by a statement or transaction, idle, and callers waiting for one. */
export interface ConnectionUse {
  inUse: number;
  idle: number;
  waiting: number;
}

/** How many reads of one kind held in memory (store/sql/held-in-memory.ts) were answered from memory, and how many asked the database. */
export interface CachedReadCounts {
  read: string;
  hits: number;
  misses: number;
}

/**
 * What an operator asks of the store (readiness, metrics), beside the repositories the service uses: whether
 * the data answers and is migrated, and how its connections and caches are used.
 */
export interface StoreDiagnostics {
  /** The highest migration applied to the data, read by a statement (so also whether the database answers). */
  appliedMigration(): Promise<number>;
  /** The highest migration of this code's list: the data is ready when it is applied. */
  readonly latestMigration: number;
  connections(): ConnectionUse;
  /** Statements that failed since the start; a duplicate refused by a unique key is a rule's answer (409), not counted. */
  statementErrors(): number;
  cachedReads(): CachedReadCounts[];
}

/** The highest version in `schema_migrations`, 0 when none. */
export async function appliedMigration(db: SqlConnection): Promise<number> {
  return (await db.get<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations'))?.version ?? 0;
}
