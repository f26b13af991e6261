import { DEFAULT_PARTNER_ID } from './store/records';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile } from './config';
import { startTestServer } from './testing';
import { migrate } from './store/sqlite/database';
import { MIGRATIONS } from './store/sqlite/migrations';
import { migratePostgres } from './store/postgres/connection';
import { POSTGRES_MIGRATIONS } from './store/postgres/migrations';
import { Pool } from 'pg';
import { call } from './testing/contract-calls';
import { testClock } from './testing/clock';

describe('storage across restarts', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'reference-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('keys, their revocation, clients, sessions and usage survive a restart on the same SQLite file', async () => {
    const clock = testClock('2026-11-22T10:00:00.000Z');
    const first = await startTestServer({ dataDir, now: clock.now });
    const kept = (await first.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' }));
    const revoked = (await first.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' }));
    (await first.domain.keys.revoke(DEFAULT_PARTNER_ID, revoked.key.id));
    const signup = await call(first.baseUrl, 'POST', '/clients/signup', { key: kept.plain, body: { client_ref: 'durable', auth_code: 'durable-code' } });
    expect(signup.status).toBe(201);
    const session = await call(first.baseUrl, 'POST', '/social-connect/sessions', { key: kept.plain, body: { client_ref: 'pending' } });
    (await first.domain.usage.record(DEFAULT_PARTNER_ID, { kind: 'outbound', traffic: 'live', dryRun: false, at: clock.now() }));
    await first.close();

    const second = await startTestServer({ dataDir, now: clock.now });
    expect((await call(second.baseUrl, 'GET', '/clients/{client_ref}', { key: kept.plain, path: '/clients/durable' })).body).toEqual(signup.body);
    expect((await call(second.baseUrl, 'GET', '/clients', { key: revoked.plain })).status).toBe(401);
    expect((await call(second.baseUrl, 'GET', '/usage', { key: kept.plain })).body.current.outbound_messages).toBe(1);
    // The hosted page of a session opened before the restart still works (the port changed, not the path).
    const hosted = new URL(String(session.body.url));
    const page = await fetch(`${second.origin}${hosted.pathname}${hosted.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('pending');
    await second.close();
  });

  test("a key's rate-limit window survives a restart on the same SQLite file: its count goes on, no fresh window", async () => {
    const clock = testClock('2026-11-22T10:00:00.000Z');
    const first = await startTestServer({ dataDir, now: clock.now });
    const { plain } = await first.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    const remaining = async (baseUrl: string) => Number((await call(baseUrl, 'GET', '/usage', { key: plain })).headers.get('x-ratelimit-remaining'));
    const before = [await remaining(first.baseUrl), await remaining(first.baseUrl), await remaining(first.baseUrl)];
    expect(before[1]).toBe(before[0]! - 1);
    await first.close();

    const second = await startTestServer({ dataDir, now: clock.now });
    expect(await remaining(second.baseUrl)).toBe(before[2]! - 1);
    await second.close();
  });

  test('migrations run once: reopening a migrated database applies nothing and records every version', async () => {
    const first = await startTestServer({ dataDir });
    const databaseUrl = first.composition.config.databaseUrl;
    await first.close();
    if (databaseUrl === null) {
      const db = new Database(databaseFile({ dataDir }));
      expect(migrate(db)).toEqual([]);
      const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
      expect(versions).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      db.close();
    } else {
      const pool = new Pool({ connectionString: databaseUrl });
      try {
        expect(await migratePostgres(pool)).toEqual([]);
        const versions = (await pool.query('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version);
        expect(versions).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      } finally {
        await pool.end();
      }
    }
  });
});
