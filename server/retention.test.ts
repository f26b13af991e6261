// Retention (operations/retention.ts): message records and their statuses, webhook events, deliveries and
// attempts, hosted sessions and service windows are kept RETENTION_DAYS (30 here), the simulated provider's
// media 30 days whatever it says, what a crash left in the upload spool a day; then the ticker purges them in batches of RETENTION_BATCH, and the API
// answers for them as for what never existed. On SQLite and on PostgreSQL (the two-instance purge is in
// operations-instances.test.ts), with the injected clock: days pass in an instant.
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, createSession } from '../fuzz/hardening-kit';
import { DAY_MS } from './domain/shared/clock';
import { RetentionPurge } from './operations/retention';
import { DEFAULT_PARTNER_ID } from './store/records';
import { startTestServer, type TestServer } from './testing';
import { testClock } from './testing/clock';
import { call } from './testing/contract-calls';
import { uploadForm } from './testing/messaging-fixture';
import { SAMPLES } from './testing/samples';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

const clock = testClock('2026-11-22T10:00:00.000Z');
const CHAT = 'retention-chat';
let server: TestServer;
let receiver: WebhookReceiver;
let key: string;
let contact = 4915112000000;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ now: clock.now, env: { TICK_INTERVAL_MS: '0', RATE_LIMIT_MAX: '100000', RETENTION_DAYS: '30', RETENTION_BATCH: '500' } });
  key = await server.createKey({ mode: 'live', scopes: 'all' });
  await server.connectClient({ clientRef: CHAT, channel: 'chat' });
  const configured = await sandbox('PUT', '/webhook', { url: receiver.url });
  receiver.state.secret = configured.body.secret;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** A sandbox request with the admin token; its status and parsed answer. */
async function sandbox(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.origin}/sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${server.sandboxToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A delivered send to a new contact who wrote first (its window open), moved on to `delivered`: the message id. */
async function deliveredSend(): Promise<string> {
  const to = String(++contact);
  await server.sandbox('/inbound', { client_ref: CHAT, from: to, text: 'Hello?' });
  const sent = await call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: CHAT, to, type: 'text', text: { body: 'Hi' } } });
  expect(sent.status).toBe(200);
  const id = (sent.body as { message_id: string }).message_id;
  expect((await sandbox('POST', `/messages/${id}/status`, { status: 'delivered' })).status).toBe(200);
  return id;
}

/** Runs the ticker until nothing is left to purge (a full batch makes the next one due at once). */
async function tickUntilPurged(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const removed = await server.composition.retention.runDue();
    if (Object.values(removed).every((n) => n < server.composition.config.retention.batch)) return;
  }
  throw new Error('the purge did not settle within 20 rounds');
}

test('a message past RETENTION_DAYS is purged with its statuses: the sandbox cannot move it, as one never sent; a newer one stays', async () => {
  const old = await deliveredSend();
  clock.advance(20 * DAY_MS);
  const newer = await deliveredSend();
  clock.advance(10 * DAY_MS + 1);
  await server.tick();
  await tickUntilPurged();
  expect(await server.store.messages.findById(DEFAULT_PARTNER_ID, old)).toBeUndefined();
  expect(await server.store.messages.history(old)).toEqual([]);
  const gone = await sandbox('POST', `/messages/${old}/status`, { status: 'read' });
  const never = await sandbox('POST', '/messages/wamid.never-sent/status', { status: 'read' });
  expect(gone.status).toBe(404);
  expect(gone.body.error.code).toBe(never.body.error.code);
  expect(await server.store.messages.findById(DEFAULT_PARTNER_ID, newer)).toMatchObject({ status: 'delivered' });
  expect((await sandbox('POST', `/messages/${newer}/status`, { status: 'read' })).status).toBe(200);
});

test('a webhook delivery past RETENTION_DAYS leaves the delivery log with its attempts and event: GET answers 404, redelivery finds nothing; a pending one is kept', async () => {
  const fired = await sandbox('POST', '/webhook/test', {});
  expect(fired.status).toBe(202);
  await server.tick();
  const [delivery] = (await sandbox('GET', `/webhook/deliveries?event_id=${fired.body.event_id}`)).body.deliveries;
  expect(delivery).toMatchObject({ state: 'succeeded' });
  // One the receiver keeps refusing stays pending on its retry schedule, whatever its age.
  receiver.state.answers = Array.from({ length: 20 }, () => 500);
  const failing = await sandbox('POST', '/webhook/test', {});
  await server.tick();
  const [pending] = (await sandbox('GET', `/webhook/deliveries?event_id=${failing.body.event_id}`)).body.deliveries;
  expect(pending).toMatchObject({ state: 'pending' });

  clock.advance(30 * DAY_MS + 1);
  await tickUntilPurged();
  const gone = await sandbox('GET', `/webhook/deliveries/${delivery.id}`);
  expect(gone.status).toBe(404);
  expect(gone.body.error.code).toBe((await sandbox('GET', '/webhook/deliveries/dlv_never')).body.error.code);
  expect((await sandbox('GET', `/webhook/deliveries?event_id=${fired.body.event_id}`)).body.deliveries).toEqual([]);
  expect(await server.store.webhooks.attemptsOf(delivery.id)).toEqual([]);
  expect(await server.store.webhooks.findEvent(DEFAULT_PARTNER_ID, fired.body.event_id)).toBeUndefined();
  expect((await sandbox('POST', '/webhook/redeliver', { ref: fired.body.event_id })).status).toBe(404);
  expect((await sandbox('GET', `/webhook/deliveries/${pending.id}`)).body).toMatchObject({ id: pending.id, state: 'pending' });
  expect(await server.store.webhooks.findEvent(DEFAULT_PARTNER_ID, failing.body.event_id)).toBeDefined();
  receiver.state.answers = [];
});

test('a media id past its 30 days: its bytes leave DATA_DIR at the next tick, and GET /media answers 404 media_not_found', async () => {
  const uploaded = await call(server.baseUrl, 'POST', '/media', { key, raw: uploadForm(CHAT, SAMPLES.jpeg, 'image/jpeg', 'photo.jpg') as never });
  expect(uploaded.status).toBe(201);
  const mediaId = (uploaded.body as { media_id: string }).media_id;
  const account = (await server.store.clients.findByRef(DEFAULT_PARTNER_ID, CHAT))!.account_key;
  const path = (await server.simulator.heldMedia(account, mediaId))!.path;
  expect(path.startsWith(server.dataDir)).toBe(true);
  expect(existsSync(path)).toBe(true);
  clock.advance(30 * DAY_MS);
  await server.tick();
  expect(existsSync(path)).toBe(false);
  expect(await server.simulator.heldMedia(account, mediaId)).toBeUndefined();
  const gone = await call(server.baseUrl, 'GET', `/media/${mediaId}?client_ref=${CHAT}`, { key });
  expect(gone.status).toBe(404);
  expect((gone.body as { error: { code: string } }).error.code).toBe('media_not_found');
});

test('a file a process that died mid-upload left in the upload spool is removed once a day old; a fresh one stays', async () => {
  const spool = join(server.dataDir, 'uploads');
  mkdirSync(spool, { recursive: true });
  const orphan = join(spool, 'upl_orphan');
  const fresh = join(spool, 'upl_fresh');
  writeFileSync(orphan, 'left by a crash');
  writeFileSync(fresh, 'an upload under way');
  const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
  utimesSync(orphan, twoDaysAgo, twoDaysAgo);
  clock.advance(60_000);
  expect((await server.composition.retention.runDue()).upload_spool).toBe(1);
  expect(existsSync(orphan)).toBe(false);
  expect(existsSync(fresh)).toBe(true);
  rmSync(fresh);
});

test('a hosted session past RETENTION_DAYS is purged: its page answers as for a session never issued', async () => {
  const session = await createSession(server.baseUrl, key, 'retention-later', 'chat');
  expect(session.status).toBe(201);
  const neverIssued = await fetch(`${server.origin}/connect/ses_never_issued?token=x`);
  clock.advance(30 * DAY_MS + 1);
  await tickUntilPurged();
  const gone = await fetch(session.url!);
  expect(gone.status).toBe(neverIssued.status);
  expect(await gone.text()).toBe(await neverIssued.text());
});

test('a service window past RETENTION_DAYS is purged: a free-form send to that contact is answered as to one who never wrote', async () => {
  const to = String(++contact);
  await server.sandbox('/inbound', { client_ref: CHAT, from: to, text: 'Hello?' });
  clock.advance(30 * DAY_MS + 1);
  await tickUntilPurged();
  expect(await server.store.serviceWindow.lastInbound({ partner_id: DEFAULT_PARTNER_ID, client_ref: CHAT }, to)).toBeUndefined();
  const send = (recipient: string) => api(server.baseUrl, key)('POST', '/messages/send', { client_ref: CHAT, to: recipient, type: 'text', text: { body: 'Hi' } });
  const purged = await send(to);
  const stranger = await send(String(++contact));
  expect(purged.status).toBe(200);
  expect(stranger.status).toBe(200);
  // A live send outside the window goes with the window's warning.
  expect(stranger.json.warnings).toHaveLength(1);
  expect(purged.json.warnings).toEqual(stranger.json.warnings);
});

test('the purge removes at most RETENTION_BATCH rows of a kind per statement; a full batch makes the next one due at the next tick, a short one a minute later', async () => {
  const small = await startTestServer({ now: clock.now, env: { TICK_INTERVAL_MS: '0', RETENTION_BATCH: '2' } });
  try {
    const client = { partner_id: DEFAULT_PARTNER_ID, client_ref: 'batch' };
    for (let i = 0; i < 5; i++) {
      await small.store.messages.insert({ ...client, id: `wamid.batch${i}`, channel: 'chat', recipient: '4915112349999', kind: 'free_form', type: 'text', key_mode: 'live', status: 'sent', created_at: clock.now(), updated_at: clock.now() });
    }
    clock.advance(30 * DAY_MS + 1);
    const left = async () => (await Promise.all([0, 1, 2, 3, 4].map((i) => small.store.messages.findById(DEFAULT_PARTNER_ID, `wamid.batch${i}`)))).filter(Boolean).length;
    expect((await small.composition.retention.runDue()).messages).toBe(2);
    expect(await left()).toBe(3);
    expect((await small.composition.retention.runDue()).messages).toBe(2);
    expect((await small.composition.retention.runDue()).messages).toBe(1);
    expect(await left()).toBe(0);
    // Short of a batch: the kind is not asked for again until a minute later.
    expect((await small.composition.retention.runDue()).messages).toBeUndefined();
    clock.advance(60_000);
    expect((await small.composition.retention.runDue()).messages).toBe(0);
  } finally {
    await small.close();
  }
});

test('RETENTION_DAYS=0 keeps the service\'s records for good; media still end with their 30 days', async () => {
  const keeping = await startTestServer({ now: clock.now, env: { TICK_INTERVAL_MS: '0', RETENTION_DAYS: '0' } });
  try {
    await keeping.store.messages.insert({ partner_id: DEFAULT_PARTNER_ID, client_ref: 'kept', id: 'wamid.kept', channel: 'chat', recipient: '4915112349998', kind: 'free_form', type: 'text', key_mode: 'live', status: 'sent', created_at: clock.now(), updated_at: clock.now() });
    clock.advance(3650 * DAY_MS);
    expect(Object.keys(await keeping.composition.retention.runDue())).toEqual(['media', 'upload_spool']);
    expect(await keeping.store.messages.findById(DEFAULT_PARTNER_ID, 'wamid.kept')).toBeDefined();
  } finally {
    await keeping.close();
  }
});

test('a kind whose purge fails keeps no other kind from its batch, and is tried again a minute later', async () => {
  const claims = { claim: async () => true, release: async () => undefined };
  let failing = true;
  const ran: string[] = [];
  const purge = new RetentionPurge({
    families: [
      { name: 'broken', purge: async () => (ran.push('broken'), failing ? Promise.reject(new Error('disk full')) : 0) },
      { name: 'fine', purge: async () => (ran.push('fine'), 1) },
    ],
    claims,
    clock: clock.now,
    instance: 'here',
    batch: 10,
  });
  await expect(purge.runDue()).rejects.toThrow('disk full');
  expect(ran).toEqual(['broken', 'fine']);
  failing = false;
  expect(await purge.runDue()).toEqual({});
  clock.advance(60_000);
  expect(await purge.runDue()).toEqual({ broken: 0, fine: 1 });
});
