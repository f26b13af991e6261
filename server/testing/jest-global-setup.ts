// jest's global setup: one throwaway PostgreSQL cluster for the whole run (the server's tests run against it
// as well as against SQLite); its URL reaches every test worker through the environment.
import { startPostgresCluster, type PostgresCluster } from './postgres';

declare global {
  var postgresCluster: PostgresCluster | undefined;
}

export default async function globalSetup(): Promise<void> {
  const cluster = await startPostgresCluster();
  globalThis.postgresCluster = cluster;
  process.env.TEST_POSTGRES_URL = cluster.adminUrl;
}
