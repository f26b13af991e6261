import type { Store } from '../repositories';
import type { SqlConnection } from '../sql/connection';
import { sqlStore, type SqlStoreOptions } from '../sql/store';
import type { ChangeListener } from './change-listener';
import { PostgresConnection, type PostgresOptions } from './connection';

/** The PostgreSQL store at DATABASE_URL, migrated, and its connection (the simulated provider keeps its state there too). */
export async function openPostgres(
  databaseUrl: string,
  options: PostgresOptions & Pick<SqlStoreOptions, 'wrap'> = {},
): Promise<{ store: Store; connection: SqlConnection; cacheListener: ChangeListener }> {
  const connection = await PostgresConnection.open(databaseUrl, options);
  return { ...sqlStore(connection, { wrap: options.wrap }), cacheListener: connection.listener };
}
