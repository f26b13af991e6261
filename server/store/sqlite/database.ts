import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqlConnection } from '../sql/connection';
import { sqlStore, type SqlStoreOptions } from '../sql/store';
import { appliedMigration, type StoreDiagnostics } from '../diagnostics';
import type { Store } from '../repositories';
import { SqliteConnection, statementsOf } from './connection';
import { MIGRATIONS } from './migrations';

export type SqliteDatabase = Database.Database;

/** Opens (creating if needed) the database at `file` (`:memory:` for tests) and migrates it. */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // exec, not pragma(): pragma() prepares a statement it drops (see statementsOf)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: SqliteDatabase): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const statements = statementsOf(db);
  const applied = new Set(statements.all<{ version: number }>('SELECT version FROM schema_migrations', []).map((row) => row.version));
  const ran: number[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      statements.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, Date.now()]);
    })();
    ran.push(migration.version);
  }
  return ran;
}

/** The SQLite store and its connection (the simulated provider keeps its state on the same one), and what an operator asks of it. */
export function openSqlite(file: string, options: SqlStoreOptions = {}): { store: Store; connection: SqlConnection; diagnostics: StoreDiagnostics } {
  const raw = new SqliteConnection(openDatabase(file));
  const { store, connection, cachedReads } = sqlStore(raw, options);
  const diagnostics: StoreDiagnostics = {
    appliedMigration: () => appliedMigration(connection),
    latestMigration: Math.max(...MIGRATIONS.map((m) => m.version)),
    connections: () => raw.connections(),
    statementErrors: () => raw.statementErrors(),
    cachedReads,
  };
  return { store, connection, diagnostics };
}
