// The data file's schema: one ordered list of migrations, and a data file written by the 1.6.0 release
// (fixtures/data-file-1.6.0.sql, dumped from a server of that release) opens, upgrades and reads back.
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqlSimulatorState } from '../../provider/simulated/sql-state';
import { DEFAULT_PARTNER_ID } from '../records';
import { sqlStore } from '../sql/store';
import { SqliteConnection } from './connection';
import { openDatabase } from './database';
import { MIGRATIONS } from './migrations';

const RELEASE_DUMP = join(__dirname, 'fixtures', 'data-file-1.6.0.sql');

function releaseDataFile(dir: string): string {
  const file = join(dir, 'reference.sqlite');
  const db = new Database(file);
  db.exec(readFileSync(RELEASE_DUMP, 'utf8'));
  db.close();
  return file;
}

const schemaOf = (db: Database.Database) =>
  db.prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'migrations-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('migrations are one list in increasing version order, each name given once', () => {
  const versions = MIGRATIONS.map((m) => m.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(new Set(versions).size).toBe(versions.length);
  expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
});

test('a data file written by the 1.6.0 release opens, is upgraded to every migration, and its records read back as the default partner\'s', async () => {
  const db = openDatabase(releaseDataFile(dir));
  const connection = new SqliteConnection(db);
  const { store } = sqlStore(connection);
  const partner = DEFAULT_PARTNER_ID;
  const chat = { partner_id: partner, client_ref: 'release-chat' };
  try {
    const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(applied).toEqual(MIGRATIONS.map((m) => m.version));
    expect((await store.partners.list()).map((p) => p.id)).toEqual([partner]);
    expect((await store.keys.list(partner)).map((k) => [k.name, k.mode, k.allowedIps, k.partnerId])).toEqual([
      ['release fixture live', 'live', [], partner],
      ['release fixture test', 'test', ['10.0.0.0/8'], partner],
    ]);
    expect((await store.clients.page(partner, 10, 0)).map((c) => [c.client_ref, c.channel])).toEqual([
      ['release-chat', 'chat'],
      ['release-social', 'social'],
    ]);
    const [template] = await store.templates.findByName(chat, 'order_shipped');
    expect(template).toMatchObject({ status: 'APPROVED', category: 'UTILITY', language: 'en_US', partner_id: partner });
    expect(await store.templates.nameDeletedAt(chat, 'to_delete')).toBeInstanceOf(Date);
    expect(await store.testRecipients.list(chat)).toEqual(['4915100000001']);
    expect(JSON.parse((await store.partnerSettings.get(partner, 'trial'))!)).toEqual({ ends_at: Date.parse('2027-01-01T00:00:00.000Z'), grace_days: 3 });
    expect((await store.webhooks.config(partner))?.url).toBe('http://127.0.0.1:9/hooks');
    expect((await store.webhooks.listDeliveries(partner, { limit: 50 })).length).toBeGreaterThan(0);
    expect((await store.usage.between(partner, '2026-11', '2026-11')).map((u) => [u.kind, u.count]).sort()).toEqual([
      ['outbound', 1],
      ['outbound_template', 1],
    ]);
    const simulator = sqlSimulatorState(connection);
    expect(await simulator.template(template!.id)).toMatchObject({ name: 'order_shipped', status: 'APPROVED' });
  } finally {
    await store.close();
  }
});

test('an upgraded 1.6.0 data file has the same schema as a new one', () => {
  const upgraded = openDatabase(releaseDataFile(dir));
  const fresh = openDatabase(':memory:');
  try {
    expect(schemaOf(upgraded)).toEqual(schemaOf(fresh));
  } finally {
    upgraded.close();
    fresh.close();
  }
});
