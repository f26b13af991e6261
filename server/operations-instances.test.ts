// Readiness and retention with two instances on one PostgreSQL database (the jest project `postgres` only):
// an instance whose cache listener is not proven alive is not ready while the other is, and is ready again
// once its listener is back; each kind of record is purged by one instance at a time (a claim in the
// database, never a lock a request waits on), both instances ticking together remove every row past
// retention once and nothing newer.
import { DAY_MS } from './domain/shared/clock';
import { PURGE_CLAIM_MS } from './operations/retention';
import { DEFAULT_PARTNER_ID, type MessageRecord } from './store/records';
import type { TestServer } from './testing';
import { testClock } from './testing/clock';
import { eventually } from './testing/data';
import { useTwoInstances, withListenerHung } from './testing/two-instances';

const clock = testClock('2026-11-24T10:00:00.000Z');
let a: TestServer;
let b: TestServer;
useTwoInstances(
  { now: clock.now, env: { TICK_INTERVAL_MS: '0', RATE_LIMIT_MAX: '100000', CACHE_HEARTBEAT_MS: '200', RETENTION_BATCH: '3' } },
  (started) => ({ a, b } = started),
);

const readiness = async (server: TestServer) => {
  const res = await fetch(`${server.origin}/readyz`);
  return { status: res.status, body: await res.json() };
};

test('an instance whose cache listener is not proven alive answers /readyz 503 naming it while the other stays ready; ready again once its listener is back', async () => {
  await eventually(async () => (await readiness(a)).status === 200 && (await readiness(b)).status === 200, 15_000);
  await withListenerHung(a, async () => {
    await eventually(async () => (await readiness(a)).status === 503, 15_000);
    const hung = await readiness(a);
    expect(hung.body).toMatchObject({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok' } });
    expect(hung.body.checks.cache_listener).toMatch(/^not proven alive/);
    // The other's listener is untouched: it is ready (a heartbeat late on a loaded machine may flap it a moment).
    await eventually(async () => (await readiness(b)).status === 200, 15_000);
    expect((await readiness(a)).body.checks.cache_listener).toMatch(/^not proven alive/);
    // The instance still serves (it only reads from the database meanwhile).
    expect((await fetch(`${a.baseUrl}/status`)).status).toBe(200);
  });
  await eventually(async () => (await readiness(a)).status === 200, 15_000);
});

const message = (id: string, at: Date): MessageRecord => ({
  partner_id: DEFAULT_PARTNER_ID,
  client_ref: 'purged-by-one',
  id,
  channel: 'chat',
  recipient: '4915112347777',
  kind: 'free_form',
  type: 'text',
  key_mode: 'live',
  status: 'sent',
  created_at: at,
  updated_at: at,
});

test('a kind is purged by one instance at a time: while another holds its claim neither instance removes any of it; both ticking together remove every old row once, nothing newer', async () => {
  const old = Array.from({ length: 8 }, (_, i) => `wamid.old${i}`);
  for (const id of old) await a.store.messages.insert(message(id, clock.now()));
  clock.advance(30 * DAY_MS + 1);
  await a.store.messages.insert(message('wamid.recent', clock.now()));

  // Another instance (one that died mid-purge) holds the claim of the messages.
  expect(await a.store.retention.claim('messages', 'another-instance', clock.now(), new Date(clock.now().getTime() + PURGE_CLAIM_MS))).toBe(true);
  const [fromA, fromB] = await Promise.all([a.composition.retention.runDue(), b.composition.retention.runDue()]);
  expect(fromA.messages).toBeUndefined();
  expect(fromB.messages).toBeUndefined();
  expect(await a.store.messages.findById(DEFAULT_PARTNER_ID, old[0]!)).toBeDefined();

  // Its claim runs out: the two instances, ticking together, take turns.
  clock.advance(PURGE_CLAIM_MS);
  const removed: number[] = [];
  for (let round = 0; round < 10; round++) {
    const both = await Promise.all([a.composition.retention.runDue(), b.composition.retention.runDue()]);
    removed.push(...both.map((r) => r.messages ?? 0));
    clock.advance(1);
  }
  expect(removed.reduce((sum, n) => sum + n, 0)).toBe(old.length);
  expect(removed.every((n) => n <= 3)).toBe(true);
  for (const id of old) expect(await b.store.messages.findById(DEFAULT_PARTNER_ID, id)).toBeUndefined();
  expect(await b.store.messages.findById(DEFAULT_PARTNER_ID, 'wamid.recent')).toBeDefined();
});
