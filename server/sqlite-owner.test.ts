// One server process owns a SQLite file (store/sqlite/owner-lock.ts): it counts the rate limit in memory,
// so a second server on the same file is refused at start, with a message naming the file and PostgreSQL,
// while `npm run keys` and `npm run sandbox` keep working beside it. The counts held in memory reach the file
// on every way out: a stop that waits for the request in flight, a stop that gives up on it at
// SHUTDOWN_TIMEOUT_MS, and every RATE_LIMIT_SAVE_MS, which is what a SIGKILL leaves. Each test kills the
// server (as `npm start` runs it) in its way, starts it again on the same file and reads the window back in
// X-RateLimit-Remaining.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVER_MAIN, spawnNode, type Child } from '../bench/processes';
import { api, preparedDataDir, serverChild } from '../fuzz/hardening-kit';
import { databaseFile } from './config';
import { eventually } from './testing/data';

const MAX = 1_000;
/** A day-long window: the test never crosses into the next one. */
const WINDOW = { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_SECONDS: '86400' };

let data: Awaited<ReturnType<typeof preparedDataDir>>;
let file: string;
beforeAll(async () => {
  data = await preparedDataDir();
  file = databaseFile({ dataDir: data.dataDir });
});
afterAll(() => data?.remove());

/** A test that starts servers one after another: each start may take tens of seconds on a loaded machine. */
const SERVERS_START = 120_000;

const running: Child[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) await child.kill('SIGKILL');
});
async function start(env: Record<string, string> = {}): Promise<Child & { baseUrl: string }> {
  const child = await serverChild(data.dataDir, { ...WINDOW, ...env });
  running.push(child);
  return child;
}

/** The count the file holds for the key (what a restart resumes), 0 when none. */
const keptCount = (keyId: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count FROM rate_limit_windows WHERE key_id = ? ORDER BY window_start DESC').get(keyId) as { count: number } | undefined)?.count ?? 0;
  } finally {
    db.close();
  }
};
const adminToken = () => readFileSync(join(data.dataDir, 'sandbox-admin-token'), 'utf8').trim();

/** A fresh live key, made through the sandbox of the running server. */
async function newKey(server: Child): Promise<{ plain: string; id: string }> {
  const made = await fetch(`${server.origin}/sandbox/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'live', scopes: 'all' }),
  });
  expect(made.status).toBe(201);
  const { key: plain, id } = await made.json();
  return { plain, id };
}

/** `n` requests of the key, one after another: each answered 200. */
async function spend(server: { baseUrl: string }, plain: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect((await api(server.baseUrl, plain)('GET', '/clients')).status).toBe(200);
}

/**
 * A delay fault on the key's next GET /clients, through the sandbox, and that request; resolves once it is
 * held (counted, in flight), with its answer to come (its status, or 'no answer').
 */
async function requestHeldInFlight(server: Child & { baseUrl: string }, key: { plain: string; id: string }, delayMs: number) {
  const added = await fetch(`${server.origin}/sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'delay', key: key.id, operation: 'listClients', delay_ms: delayMs }),
  });
  expect(added.status).toBe(201);
  const faultId = (await added.json()).id as string;
  const answer = api(server.baseUrl, key.plain)('GET', '/clients').then(
    (a) => a.status,
    () => 'no answer' as const,
  );
  // The fault's turn is taken after the rate limit counted the request: it is then held by the delay.
  await eventually(async () => {
    const listed = await fetch(`${server.origin}/sandbox/faults`, { headers: { authorization: `Bearer ${adminToken()}` } }).then((r) => r.json());
    return listed.faults.find((f: { id: string }) => f.id === faultId)?.remaining === 0;
  }, 10_000);
  return { answer };
}

describe('one server per SQLite file', () => {
  let server: Child & { baseUrl: string };
  beforeAll(async () => {
    server = await serverChild(data.dataDir, WINDOW);
  });
  afterAll(() => server?.kill('SIGKILL'));

  test('a second server on the same data is refused at start: exit 1, naming the file and PostgreSQL for several instances', async () => {
    const second = await spawnNode(['--import', 'tsx', SERVER_MAIN], { DATA_DIR: data.dataDir, LOG_LEVEL: 'silent' });
    await second.exited;
    expect(second.child.exitCode).toBe(1);
    expect(second.output()).toContain(file);
    expect(second.output()).toMatch(/another server is already running on the SQLite file/);
    expect(second.output()).toMatch(/DATABASE_URL \(PostgreSQL\)/);
    expect((await fetch(`${server.baseUrl}/status`)).status).toBe(200);
  });

  test('npm run keys works on the file while the server runs: a key it revokes is refused by the server at its next request', async () => {
    const key = await newKey(server);
    await spend(server, key.plain, 2);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(__dirname, 'cli', 'keys.ts'), 'revoke', key.id], {
      env: { ...process.env, DATA_DIR: data.dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Revoked /m);
    expect((await api(server.baseUrl, key.plain)('GET', '/clients')).status).toBe(401);
  });

  test('npm run sandbox works beside the server: it lists the keys', async () => {
    const key = await newKey(server);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(__dirname, 'cli', 'sandbox.ts'), 'keys', 'list', '--server', server.origin, '--token', adminToken()]);
    expect(stdout).toContain(key.id);
  });
});

describe('the rate-limit window outlives the server, however it stops', () => {
  // One key through every way out, in turn: each server takes up the window the one before left in the file.
  let key: { plain: string; id: string };
  let counted = 0;

  test('SIGTERM with a request in flight: the request is answered, then the counts are written', async () => {
    const server = await start({ RATE_LIMIT_SAVE_MS: '60000' });
    key = await newKey(server);
    await spend(server, key.plain, 7);
    const inFlight = await requestHeldInFlight(server, key, 1_500);
    await server.kill('SIGTERM');
    expect(await inFlight.answer).toBe(200);
    expect(server.child.exitCode).toBe(0);
    counted = 8;
    expect(keptCount(key.id)).toBe(counted);
  }, SERVERS_START);

  test('SIGTERM with a request that outlasts SHUTDOWN_TIMEOUT_MS: its connection is closed, and the counts are still written', async () => {
    const server = await start({ RATE_LIMIT_SAVE_MS: '60000', SHUTDOWN_TIMEOUT_MS: '200' });
    await spend(server, key.plain, 5);
    const inFlight = await requestHeldInFlight(server, key, 60_000);
    await server.kill('SIGTERM');
    expect(await inFlight.answer).toBe('no answer');
    expect(server.child.exitCode).toBe(0);
    counted += 6;
    expect(keptCount(key.id)).toBe(counted);
  }, SERVERS_START);

  test('SIGKILL: what was written every RATE_LIMIT_SAVE_MS survives, and a new server starts on the file at once and resumes it; what was counted since the last write is lost', async () => {
    const saving = await start({ RATE_LIMIT_SAVE_MS: '50' });
    await spend(saving, key.plain, 9);
    counted += 9;
    await eventually(async () => keptCount(key.id) === counted);
    await saving.kill('SIGKILL');
    // No write comes within the rest of the test: what this server counts dies with it.
    const unsaved = await start({ RATE_LIMIT_SAVE_MS: '60000' });
    const remaining = Number((await api(unsaved.baseUrl, key.plain)('GET', '/clients')).headers.get('x-ratelimit-remaining'));
    expect(remaining).toBe(MAX - counted - 1);
    await spend(unsaved, key.plain, 4);
    await unsaved.kill('SIGKILL');
    expect(keptCount(key.id)).toBe(counted);
  }, SERVERS_START);
});
