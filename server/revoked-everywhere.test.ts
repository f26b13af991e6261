// A key revoked, rotated or expired through any instance, or by `npm run keys` in another process, is
// refused by every instance within 5 s, whatever the state of the connection an instance listens on for
// cache invalidations (store/postgres/change-listener.ts): one that hangs (its backend stopped with SIGSTOP:
// the connection stays open and silent, as behind a NAT that dropped it or with a hung server process), one
// that is dropped (pg_terminate_backend), or one that is alive but was never told (a write that sent no
// NOTIFY). Two instances on one PostgreSQL database, with the default periods (CACHE_HEARTBEAT_MS 1000,
// CACHE_MAX_AGE_MS 2000): the bound tested is the one operators get.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { api } from '../fuzz/hardening-kit';
import { ChangeListener } from './store/postgres/change-listener';
import { CACHE_CHANNEL } from './store/postgres/migrations';
import type { TestServer } from './testing';
import { newPostgresDatabase } from './testing';
import { useTwoInstances, withListenerHung } from './testing/two-instances';
import { testClock } from './testing/clock';
import { eventually } from './testing/data';

const clock = testClock('2026-11-24T10:00:05.000Z');
let a: TestServer;
let b: TestServer;
useTwoInstances({ now: clock.now, env: { RATE_LIMIT_MAX: '100000', TICK_INTERVAL_MS: '0' } }, (started) => ({ a, b } = started));

/** The bound every instance must hold. */
const WITHIN_MS = 5_000;

/** An admin connection to the instances' database (to signal, terminate and disable what a test needs). */
async function admin<T>(fn: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: a.composition.config.databaseUrl! });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** A live key that `b` holds in memory: it answered 200 through `b` twice. */
async function keyHeldBy(server: TestServer): Promise<{ plain: string; id: string }> {
  const plain = await a.createKey({ mode: 'live', scopes: 'all' });
  for (let i = 0; i < 2; i++) expect((await api(server.baseUrl, plain)('GET', '/clients')).status).toBe(200);
  const { id } = await a.domain.keys.authenticate(plain, '127.0.0.1');
  return { plain, id };
}

const refusedBy = (server: TestServer, plain: string) => async () => (await api(server.baseUrl, plain)('GET', '/clients')).status === 401;

async function revokeThroughSandbox(server: TestServer, id: string): Promise<void> {
  const revoked = await fetch(`${server.origin}/sandbox/keys/${id}/revoke`, { method: 'POST', headers: { authorization: `Bearer ${server.sandboxToken}` } });
  expect(revoked.status).toBe(200);
}

/** Runs `fn` with the backend of `server`'s cache listener stopped (SIGSTOP), and always lets it go on. */
async function withListenerStopped<T>(server: TestServer, fn: (stoppedPid: number) => Promise<T>): Promise<T> {
  const listener = server.composition.cacheListener!;
  await eventually(async () => listener.alive());
  const pid = listener.backendPid!;
  process.kill(pid, 'SIGSTOP');
  try {
    return await fn(pid);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

test('the two instances each listen on a connection of their own, alive', async () => {
  for (const server of [a, b]) await eventually(async () => server.composition.cacheListener?.alive() === true);
  expect(a.composition.cacheListener!.backendPid).not.toBe(b.composition.cacheListener!.backendPid);
});

test("a key revoked through one instance while the other's listener hangs is refused by the other within 5 s, and a new listener takes over", async () => {
  const key = await keyHeldBy(b);
  await withListenerStopped(b, async (stoppedPid) => {
    await revokeThroughSandbox(a, key.id);
    const tookMs = await eventually(refusedBy(b, key.plain), WITHIN_MS);
    process.stdout.write(`hung listener: the other instance refused the revoked key ${Math.round(tookMs)} ms after the revocation\n`);
    // The hung connection is given up for a new one, on another backend, which proves itself alive.
    await eventually(async () => b.composition.cacheListener!.alive() && b.composition.cacheListener!.backendPid !== stoppedPid, 10_000);
  });
  expect(await refusedBy(b, key.plain)()).toBe(true);
});

test('a key rotated by `npm run keys` in another process while every connection the listener makes hangs is refused by the instance within 5 s', async () => {
  const key = await keyHeldBy(b);
  await withListenerHung(b, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(__dirname, 'cli', 'keys.ts'), 'rotate', key.id], {
      env: { ...process.env, DATABASE_URL: b.composition.config.databaseUrl!, SANDBOX_ADMIN_TOKEN: b.sandboxToken, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Retired /m);
    const tookMs = await eventually(refusedBy(b, key.plain), WITHIN_MS);
    process.stdout.write(`hung listener: the instance refused the key rotated by npm run keys ${Math.round(tookMs)} ms after the rotation\n`);
  });
});

test("a key revoked through one instance after the other's listening connection was terminated is refused by the other within 5 s; it listens again", async () => {
  const key = await keyHeldBy(b);
  const listener = b.composition.cacheListener!;
  const terminated = listener.backendPid!;
  await admin((db) => db.query('SELECT pg_terminate_backend($1)', [terminated]));
  await revokeThroughSandbox(a, key.id);
  await eventually(refusedBy(b, key.plain), WITHIN_MS);
  await eventually(async () => listener.alive() && listener.backendPid !== terminated, 10_000);
});

test('a key revoked by a write that sends no NOTIFY is refused by an instance whose listener is alive within CACHE_MAX_AGE_MS', async () => {
  const key = await keyHeldBy(b);
  await admin(async (db) => {
    // Triggers off for this one statement's transaction: as a TRUNCATE, or a restore, would change the rows unheard.
    await db.query('BEGIN');
    await db.query('ALTER TABLE api_keys DISABLE TRIGGER USER');
    await db.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2', [clock.now().getTime(), key.id]);
    await db.query('ALTER TABLE api_keys ENABLE TRIGGER USER');
    await db.query('COMMIT');
  });
  expect(b.composition.cacheListener!.alive()).toBe(true);
  const tookMs = await eventually(refusedBy(b, key.plain), WITHIN_MS);
  expect(tookMs).toBeLessThanOrEqual(WITHIN_MS);
});

test('a key whose expiry was brought forward through one instance is refused by the other once it is past', async () => {
  const key = await keyHeldBy(b);
  const stored = (await a.store.keys.findById((await a.domain.keys.authenticate(key.plain, '127.0.0.1')).partnerId, key.id))!;
  await a.store.keys.update({ ...stored, expiresAt: new Date(clock.now().getTime() - 1) });
  await eventually(refusedBy(b, key.plain), WITHIN_MS);
});

describe('the listener alone', () => {
  let listener: ChangeListener;
  let url: string;

  beforeAll(async () => {
    url = await newPostgresDatabase();
    // Between the moment it is no longer proven alive and its new connection, about one period passes.
    listener = new ChangeListener({ connectionString: url, channel: CACHE_CHANNEL, heartbeatMs: 1_000 });
    await listener.start();
  });
  afterAll(() => listener.close());

  test('a NOTIFY of a table moves its version, and only its own', async () => {
    await eventually(async () => listener.alive());
    const before = { keys: listener.current('api_keys'), clients: listener.current('clients') };
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`NOTIFY ${CACHE_CHANNEL}, 'api_keys'`);
    } finally {
      await db.end();
    }
    await eventually(async () => listener.current('api_keys') !== before.keys);
    expect(listener.current('clients')).toBe(before.clients);
    expect(listener.current('api_keys')).toBe(listener.current('api_keys'));
  });

  test('while it is not proven alive (its backend stopped), every read of a version is a new one: nothing can be held', async () => {
    await eventually(async () => listener.alive());
    const pid = listener.backendPid!;
    process.kill(pid, 'SIGSTOP');
    let versions: number[] = [];
    try {
      await eventually(async () => {
        if (listener.alive()) return false;
        versions = [listener.current('api_keys'), listener.current('api_keys')];
        return true;
      });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(versions[0]).not.toBe(versions[1]);
    // Alive again: on the same backend when it answered the heartbeat under way, else on a new one.
    await eventually(async () => listener.alive());
    expect(listener.current('api_keys')).toBe(listener.current('api_keys'));
  });
});
