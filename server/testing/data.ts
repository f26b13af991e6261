// Test support for what happens beside a running server on its data: another connection to the same data
// (as `npm run keys` or another instance opens it), and waiting for what another instance learns later.
import { databaseFile } from '../config';
import { openStore, type OpenedStore } from '../store/open';
import { newPostgresDatabase, testDatabaseKind, type TestServer } from '.';

/** A second connection to the server's data: its SQLite file, or its PostgreSQL database. */
export function openDataOf(server: Pick<TestServer, 'composition'>): Promise<OpenedStore> {
  const { config } = server.composition;
  return openStore({ databaseUrl: config.databaseUrl, sqliteFile: databaseFile(config) });
}

/**
 * Polls `check` until it returns true, at most `timeoutMs`; the time it took. A change made in one instance
 * reaches another's cache by PostgreSQL's NOTIFY, a moment after the commit.
 */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const started = performance.now();
  for (let wait = 2; ; wait = Math.min(wait * 2, 100)) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`the condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** A fresh, empty, migrated store of the run's kind (in-memory SQLite, or a new PostgreSQL database). */
export async function openTestStore(): Promise<OpenedStore> {
  const postgres = testDatabaseKind() === 'postgres';
  return openStore({ databaseUrl: postgres ? await newPostgresDatabase() : null, sqliteFile: ':memory:' });
}
