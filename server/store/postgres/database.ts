import type { Store } from '../repositories';
import { sqlStore } from '../sql/store';
import { PostgresConnection } from './connection';

/** The PostgreSQL store at DATABASE_URL, migrated, and its connection (the simulated provider keeps its state there too). */
export async function openPostgres(databaseUrl: string): Promise<{ store: Store; connection: PostgresConnection }> {
  const connection = await PostgresConnection.open(databaseUrl);
  return { store: sqlStore(connection), connection };
}
