// The two stores describe the same data: SQLite's migrations (sqlite/migrations.ts) and PostgreSQL's
// (postgres/migrations.ts) are written apart, so this test migrates a fresh database of each and compares
// what they ended at, table by table and column by column: the same tables, the same columns with the same
// kind of value and nullability, the same primary keys and the same unique column sets. One SQL runs on both
// (store/sql/), so a column or constraint one of them lacks is a defect of one list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase } from '../testing/postgres';
import { migratePostgres } from './postgres/connection';
import { openDatabase } from './sqlite/database';

/** What a column holds, in the words both databases share. */
type ValueKind = 'integer' | 'text' | 'real' | 'bytes';

interface Column {
  kind: ValueKind;
  notNull: boolean;
}

interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  /** Each unique constraint or unique index as its sorted column list, `a,b`. */
  unique: string[];
}

type Schema = Record<string, Table>;

function kindOf(declared: string): ValueKind {
  const type = declared.toLowerCase();
  if (/int|serial/.test(type)) return 'integer';
  if (/char|text|clob/.test(type)) return 'text';
  if (/real|floa|doub|numeric/.test(type)) return 'real';
  if (/blob|bytea/.test(type)) return 'bytes';
  throw new Error(`unknown column type ${declared}`);
}

/** Tables every store has for its own bookkeeping, not part of the data. */
const BOOKKEEPING = new Set(['schema_migrations', 'sqlite_sequence']);

function sqliteSchema(file: string): Schema {
  const db = openDatabase(file);
  try {
    const schema: Schema = {};
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    for (const table of tables.filter((t) => !BOOKKEEPING.has(t))) {
      const info = db.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as { name: string; type: string; notnull: number; pk: number }[];
      const columns: Record<string, Column> = {};
      for (const c of info) columns[c.name] = { kind: kindOf(c.type), notNull: c.notnull === 1 || c.pk > 0 };
      const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      const unique: string[] = [];
      const indexes = db.prepare(`PRAGMA index_list(${JSON.stringify(table)})`).all() as { name: string; unique: number; origin: string }[];
      for (const index of indexes.filter((i) => i.unique === 1 && i.origin !== 'pk')) {
        const names = (db.prepare(`PRAGMA index_info(${JSON.stringify(index.name)})`).all() as { name: string }[]).map((c) => c.name);
        unique.push([...names].sort().join(','));
      }
      schema[table] = { columns, primaryKey, unique: unique.sort() };
    }
    return schema;
  } finally {
    db.close();
  }
}

async function postgresSchema(url: string): Promise<Schema> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await migratePostgres(pool);
    const schema: Schema = {};
    const columns = await pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    );
    for (const c of columns.rows) {
      if (BOOKKEEPING.has(c.table_name)) continue;
      schema[c.table_name] ??= { columns: {}, primaryKey: [], unique: [] };
      schema[c.table_name]!.columns[c.column_name] = { kind: kindOf(c.data_type), notNull: c.is_nullable === 'NO' };
    }
    // Primary keys and unique constraints, and unique indexes made outside a constraint, by their columns.
    const keys = await pool.query<{ table_name: string; primary: boolean; columns: string[] }>(`
      SELECT t.relname AS table_name, i.indisprimary AS primary,
             ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = 'public' AND i.indisunique AND i.indpred IS NULL`);
    for (const k of keys.rows) {
      const table = schema[k.table_name];
      if (!table) continue;
      if (k.primary) table.primaryKey = k.columns;
      else table.unique.push([...k.columns].sort().join(','));
    }
    for (const table of Object.values(schema)) table.unique.sort();
    return schema;
  } finally {
    await pool.end();
  }
}

let dir: string;
let sqlite: Schema;
let postgres: Schema;

beforeAll(async () => {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the PostgreSQL cluster is started by jest-global-setup.ts.');
  dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  sqlite = sqliteSchema(join(dir, 'reference.sqlite'));
  postgres = await postgresSchema(await createTestDatabase(adminUrl));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the SQLite and PostgreSQL migrations end at the same tables', () => {
  expect(Object.keys(sqlite).sort()).toEqual(Object.keys(postgres).sort());
  expect(Object.keys(sqlite).length).toBeGreaterThan(10);
});

test('every table has the same columns on both stores, each holding the same kind of value with the same nullability', () => {
  for (const table of Object.keys(sqlite)) {
    expect({ table, columns: sqlite[table]!.columns }).toEqual({ table, columns: postgres[table]?.columns });
  }
});

test('every table has the same primary key and the same unique column sets on both stores', () => {
  for (const table of Object.keys(sqlite)) {
    const keysOf = (s: Schema) => ({ table, primaryKey: s[table]?.primaryKey, unique: s[table]?.unique });
    expect(keysOf(sqlite)).toEqual(keysOf(postgres));
  }
});
