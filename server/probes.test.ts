// The load balancer's probes (operations/probes.ts, operations/readiness.ts): GET /healthz is 200 while the
// process serves; GET /readyz is 200 only when the data answers within READINESS_TIMEOUT_MS and is migrated
// (and, on PostgreSQL, the cache listener is proven alive: operations-instances.test.ts), else 503 with a JSON
// body naming what is not ready; a stop turns it 503 first. Outside /v1, no key, not rate limited. On SQLite
// and on PostgreSQL.
import type { SqlConnection } from './store/sql/connection';
import { startTestServer, testDatabaseKind, type TestServer } from './testing';
import { eventually } from './testing/data';

/**
 * A connection whose statements on `schema_migrations` are held while `hang.on` (a database that stopped
 * answering); `release` lets them run (it answers again).
 */
function hangable(hang: { on: boolean }) {
  let raw: SqlConnection | undefined;
  const heldBack: Array<() => void> = [];
  const release = () => {
    hang.on = false;
    for (const run of heldBack.splice(0)) run();
  };
  const wrap = (db: SqlConnection): SqlConnection => {
    raw = db;
    const held = <T>(sql: string, run: () => Promise<T>): Promise<T> =>
      hang.on && sql.includes('schema_migrations') ? new Promise<T>((resolve, reject) => heldBack.push(() => run().then(resolve, reject))) : run();
    return {
      get dialect() {
        return db.dialect;
      },
      get cacheMaxAgeMs() {
        return db.cacheMaxAgeMs;
      },
      all: (sql, params) => held(sql, () => db.all(sql, params)),
      get: (sql, params) => held(sql, () => db.get(sql, params)),
      run: (sql, params) => held(sql, () => db.run(sql, params)),
      transaction: (fn) => db.transaction(fn),
      inTransaction: () => db.inTransaction(),
      changeVersion: (table) => db.changeVersion(table),
      close: () => db.close(),
    };
  };
  return { wrap, release, raw: () => raw! };
}

const hang = { on: false };
const connection = hangable(hang);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { READINESS_TIMEOUT_MS: '1000', RATE_LIMIT_MAX: '1' }, wrapConnection: connection.wrap });
});
afterAll(() => server.close());

const probe = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.origin}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};

test('GET /healthz answers 200 {"status":"ok"} without a key, uncached, beside the API', async () => {
  const health = await probe('/healthz');
  expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(health.headers.get('content-type')).toMatch(/^application\/json/);
  expect(health.headers.get('cache-control')).toBe('no-store');
  expect((await probe('/healthz', { method: 'HEAD' })).status).toBe(200);
  // Inside /v1 it is no operation of the API.
  expect((await probe('/v1/healthz')).status).toBe(404);
});

test('GET /readyz answers 200 naming each check ok when the data answers and is migrated (and the cache listener is alive on PostgreSQL)', async () => {
  // On PostgreSQL, once the cache listener's first heartbeat came back.
  await eventually(async () => (await probe('/readyz')).status === 200, 15_000);
  const ready = await probe('/readyz');
  const checks = { database: 'ok', migrations: 'ok', ...(testDatabaseKind() === 'postgres' ? { cache_listener: 'ok' } : {}) };
  expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks } });
  expect(Object.keys(ready.body.checks).sort()).toEqual(Object.keys(checks).sort());
  expect(ready.headers.get('cache-control')).toBe('no-store');
});

test('the probes are not rate limited and need no key: with a limit of one request per window, every probe answers', async () => {
  for (let i = 0; i < 5; i++) {
    const ready = await probe('/readyz', { headers: { authorization: 'Bearer ik_live_not-a-key' } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-ratelimit-limit')).toBeNull();
  }
});

test('GET /readyz answers 503 naming the database when it does not answer within READINESS_TIMEOUT_MS; ready again once it answers', async () => {
  hang.on = true;
  try {
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const late = await probe('/readyz');
      expect(late).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { database: 'no answer within 1000 ms' } } });
      expect(late.body.checks.migrations).toBeUndefined();
      // The bound, not the hung statement, decides when it answers (well under the 30 s a hung one would take).
      expect(performance.now() - started).toBeLessThan(10_000);
    }
    // /healthz asks nothing of the data: the process still serves.
    expect((await probe('/healthz')).status).toBe(200);
  } finally {
    connection.release();
  }
  await eventually(async () => (await probe('/readyz')).status === 200, 15_000);
});

test('GET /readyz answers 503 naming the migrations when the data is behind what this server needs', async () => {
  const raw = connection.raw();
  const latest = (await raw.get<{ v: number }>('SELECT MAX(version) AS v FROM schema_migrations'))!.v;
  const row = (await raw.get<{ name: string; applied_at: number }>('SELECT name, applied_at FROM schema_migrations WHERE version = ?', [latest]))!;
  await raw.run('DELETE FROM schema_migrations WHERE version = ?', [latest]);
  try {
    const behind = await probe('/readyz');
    expect(behind).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { database: 'ok' } } });
    expect(behind.body.checks.migrations).toMatch(new RegExp(`this server needs ${latest}$`));
  } finally {
    await raw.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [latest, row.name, row.applied_at]);
  }
  await eventually(async () => (await probe('/readyz')).status === 200, 15_000);
});

test('a stopping instance answers /readyz 503 naming the stop at once, while /healthz and the API still answer', async () => {
  const stopping = await startTestServer();
  try {
    stopping.composition.readiness.stop();
    const res = await fetch(`${stopping.origin}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not_ready', checks: { stopping: 'the instance is stopping' } });
    expect((await fetch(`${stopping.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${stopping.baseUrl}/status`)).status).toBe(200);
  } finally {
    await stopping.close();
  }
});
