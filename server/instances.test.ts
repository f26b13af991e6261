// Two instances of the server on one PostgreSQL database act as one: the rate limit is exact across them, a
// hosted session is used once, a template name is held across them, each due webhook attempt is made by
// one of them, and a sandbox fault set through one is taken by requests to either, its turns counted once.
// (What an instance caches, and how another's change reaches it, is held-in-memory.test.ts's; the takeover
// of a killed instance's attempts is in fuzz/crash.test.ts, with child processes.)
import { api, completeSession, createSession, phoneFor } from '../fuzz/hardening-kit';
import { DEFAULT_PARTNER_ID } from './store/records';
import type { TestServer } from './testing';
import { useTwoInstances } from './testing/two-instances';
import { testClock } from './testing/clock';
import { eventually, openDataOf } from './testing/data';
import { startWebhookReceiver } from './testing/webhook-receiver';

const LIMIT = 40;
const clock = testClock('2026-11-22T10:00:05.000Z');
let a: TestServer;
let b: TestServer;
useTwoInstances({ now: clock.now, env: { RATE_LIMIT_MAX: String(LIMIT), TICK_INTERVAL_MS: '10', TEMPLATE_REVIEW_DELAY_MS: '600000' } }, (started) => ({ a, b } = started));

const burst = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const either = (i: number) => (i % 2 === 0 ? a : b);

test('the two instances are on the same data: a client connected through one is read through the other', async () => {
  expect(a.composition.config.databaseUrl).not.toBeNull();
  expect(a.composition.config.databaseUrl).toBe(b.composition.config.databaseUrl);
  expect(a.composition.instance).not.toBe(b.composition.instance);
  const key = await a.createKey({ mode: 'live', scopes: 'all' });
  await a.connectClient({ clientRef: 'seen-by-both', channel: 'chat' });
  expect((await api(b.baseUrl, key)('GET', '/clients/seen-by-both')).status).toBe(200);
});

test(`the rate limit is exact across instances: ${5 * LIMIT} requests of one key spread over both get exactly ${LIMIT} through`, async () => {
  const key = await a.createKey({ mode: 'live', scopes: 'all' });
  const answers = await burst(5 * LIMIT, (i) => api(either(i).baseUrl, key)('GET', '/clients'));
  const ok = answers.filter((r) => r.status === 200);
  expect({ ok: ok.length, limited: answers.filter((r) => r.status === 429).length }).toEqual({ ok: LIMIT, limited: 4 * LIMIT });
  // Each allowed request saw its own remaining count, whichever instance answered it.
  expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  clock.advance(60_000);
});

test('a hosted session completed by 20 simultaneous requests over both instances connects exactly once', async () => {
  const key = await a.createKey({ mode: 'live', scopes: 'all' });
  const ref = `shared-session-${Date.now().toString(36)}`;
  const session = await createSession(a.baseUrl, key, ref, 'chat');
  expect(session.status).toBe(201);
  const link = new URL(session.url!);
  const answers = await burst(20, (i) =>
    completeSession(`${either(i).origin}${link.pathname}${link.search}`, { business_name: `${ref}-${i}`, phone_number: phoneFor(`${ref}-${i}`) }),
  );
  expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of answers.filter((x) => x.status !== 200)) expect(r.status).toBeGreaterThanOrEqual(400);
  expect((await api(b.baseUrl, key)('GET', `/clients/${ref}`)).status).toBe(200);
  clock.advance(60_000);
});

test('a template name is held across instances: 10 simultaneous creations over both reach the provider once', async () => {
  const key = await a.createKey({ mode: 'live', scopes: 'all' });
  await a.connectClient({ clientRef: 'names-chat', channel: 'chat' });
  const name = `held_${Date.now().toString(36)}`;
  const answers = await burst(10, (i) =>
    api(either(i).baseUrl, key)('POST', '/templates', { client_ref: 'names-chat', name, category: 'UTILITY', body: { text: 'Order {{1}}', examples: ['1'] } }),
  );
  expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
  expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
  const data = await openDataOf(a);
  try {
    const atProvider = await data.connection.all('SELECT id FROM sim_provider_templates WHERE name = ?', [name]);
    expect(atProvider).toHaveLength(1);
  } finally {
    await data.store.close();
  }
  clock.advance(60_000);
});

test('60 due deliveries with both instances ticking: each is sent exactly once, by one instance, and logged once', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const set = await fetch(`${a.origin}/sandbox/webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${a.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    }).then((r) => r.json());
    receiver.state.secret = set.secret;
    // The deliveries are written straight into the shared data, due now: only the two tickers take them.
    const data = await openDataOf(a);
    const now = clock.now();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 60; i++) {
        const eventId = `evt_shared${i}x${Date.now().toString(36)}`;
        ids.push(eventId);
        const body = JSON.stringify({ event: 'webhook.test', event_id: eventId, channel: 'chat', client_ref: 'webhook_test', timestamp: now.toISOString(), test: { message: `shared ${i}` } });
        await data.store.webhooks.insertEvent({ event_id: eventId, partner_id: DEFAULT_PARTNER_ID, event: 'webhook.test', client_ref: 'webhook_test', body, created_at: now });
        await data.store.webhooks.insertDelivery({
          id: `dlv_shared_${i}_${Date.now().toString(36)}`,
          partner_id: DEFAULT_PARTNER_ID,
          event_id: eventId,
          url: receiver.url,
          state: 'pending',
          trigger: 'automatic',
          attempts: 0,
          next_attempt_at: now,
          overtakes: null,
          created_at: now,
          updated_at: now,
        });
      }
    } finally {
      await data.store.close();
    }
    await eventually(async () => ids.every((id) => receiver.received.some((d) => d.body.event_id === id)), 20_000);
    await Promise.all([a.composition.deliveries.idle(), b.composition.deliveries.idle()]);
    const times = new Map<string, number>();
    for (const d of receiver.received) times.set(d.body.event_id, (times.get(d.body.event_id) ?? 0) + 1);
    expect(ids.filter((id) => times.get(id) !== 1)).toEqual([]);
    expect(receiver.problems).toEqual([]);
    const log = await fetch(`${b.origin}/sandbox/webhook/deliveries?limit=500`, { headers: { authorization: `Bearer ${b.sandboxToken}` } }).then((r) => r.json());
    const ours = log.deliveries.filter((d: { event_id: string }) => ids.includes(d.event_id));
    expect(ours).toHaveLength(60);
    for (const d of ours) expect([d.state, d.attempts.length]).toEqual(['succeeded', 1]);
  } finally {
    await receiver.close();
  }
});

test('a fault set through one instance is taken by requests to the other, its turns counted once across both', async () => {
  const key = await a.createKey({ mode: 'live', scopes: 'all' });
  const stored = await a.domain.keys.authenticate(key, '127.0.0.1');
  expect((await api(b.baseUrl, key)('GET', '/usage')).status).toBe(200);
  const admin = { authorization: `Bearer ${a.sandboxToken}`, 'content-type': 'application/json' };
  const added = await fetch(`${a.origin}/sandbox/faults`, { method: 'POST', headers: admin, body: JSON.stringify({ kind: '500', key: stored.id, operation: 'getUsage', times: 4 }) });
  expect(added.status).toBe(201);
  const fault = await added.json();
  // The other instance learns of the fault by NOTIFY: until then its answers are the usual ones and take no turn.
  await eventually(async () => (await api(b.baseUrl, key)('GET', '/usage')).status === 500, 5_000);
  const statuses = [];
  for (const instance of [a, b, a, b, a]) statuses.push((await api(instance.baseUrl, key)('GET', '/usage')).status);
  expect(statuses).toEqual([500, 500, 500, 200, 200]);
  const listed = await fetch(`${b.origin}/sandbox/faults`, { headers: admin }).then((r) => r.json());
  expect(listed.faults.find((f: { id: string }) => f.id === fault.id)).toMatchObject({ times: 4, remaining: 0, applied: 4 });
});
