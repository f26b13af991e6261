import { appliedMigration, type StoreDiagnostics } from '../diagnostics';
import type { Store } from '../repositories';
import type { SqlConnection } from '../sql/connection';
import { sqlStore, type SqlStoreOptions } from '../sql/store';
import type { ChangeListener } from './change-listener';
import { PostgresConnection, type PostgresOptions } from './connection';
import { POSTGRES_MIGRATIONS } from './migrations';

/** The PostgreSQL store at DATABASE_URL, migrated, and its connection (the simulated provider keeps its state there too). */
export async function openPostgres(
  databaseUrl: string,
  options: PostgresOptions & Pick<SqlStoreOptions, 'wrap'> = {},
): Promise<{ store: Store; connection: SqlConnection; cacheListener: ChangeListener; diagnostics: StoreDiagnostics }> {
  const raw = await PostgresConnection.open(databaseUrl, options);
  const { store, connection, cachedReads } = sqlStore(raw, { wrap: options.wrap });
  const diagnostics: StoreDiagnostics = {
    appliedMigration: () => appliedMigration(connection),
    latestMigration: Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version)),
    connections: () => raw.connections(),
    statementErrors: () => raw.failures.statements,
    cachedReads,
  };
  return { store, connection, cacheListener: raw.listener, diagnostics };
}
