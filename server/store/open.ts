import type { Store } from './repositories';
import type { SqlConnection } from './sql/connection';
import { openPostgres } from './postgres/database';
import { openSqlite } from './sqlite/database';

export interface OpenedStore {
  store: Store;
  /** The connection under the store, for the simulated provider's own tables on the same data. */
  connection: SqlConnection;
}

/** PostgreSQL when a database URL is given (several instances may share it), else the embedded SQLite file. */
export function openStore(location: { databaseUrl: string | null; sqliteFile: string }): Promise<OpenedStore> {
  return location.databaseUrl ? openPostgres(location.databaseUrl) : Promise.resolve(openSqlite(location.sqliteFile));
}
