import { DEFAULT_PARTNER_ID } from './store/records';
import { isCountable, periodOf } from './domain/usage/usage';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { testClock } from './testing/clock';

describe('GET /usage', () => {
  const clock = testClock('2026-03-15T12:00:00.000Z');
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:read'] })).plain;
  });
  afterAll(() => server.close());

  test('answers the current UTC month and the 12 closed months before it, newest first, zero-filled', async () => {
    const res = await call(server.baseUrl, 'GET', '/usage', { key });
    expect(res.status).toBe(200);
    expect(res.body.current).toEqual({ period: '2026-03', inbound_messages: 0, outbound_messages: 0, outbound_template_messages: 0, total_messages: 0 });
    expect(res.body.history.map((p: { period: string }) => p.period)).toEqual([
      '2026-02', '2026-01', '2025-12', '2025-11', '2025-10', '2025-09', '2025-08', '2025-07', '2025-06', '2025-05', '2025-04', '2025-03',
    ]);
  });

  test('live messages count per kind and month; test-key and dry-run traffic never counts', async () => {
    const record = (kind: 'inbound' | 'outbound' | 'outbound_template', traffic: 'live' | 'test', dryRun: boolean, at: string) =>
      server.domain.usage.record(DEFAULT_PARTNER_ID, { kind, traffic, dryRun, at: new Date(at) });
    expect(await record('inbound', 'live', false, '2026-03-01T00:00:00Z')).toBe(true);
    expect(await record('outbound', 'live', false, '2026-03-10T00:00:00Z')).toBe(true);
    expect(await record('outbound', 'live', false, '2026-03-11T00:00:00Z')).toBe(true);
    expect(await record('outbound_template', 'live', false, '2026-02-28T23:59:59Z')).toBe(true);
    expect(await record('outbound', 'test', false, '2026-03-10T00:00:00Z')).toBe(false);
    expect(await record('outbound', 'live', true, '2026-03-10T00:00:00Z')).toBe(false);
    expect(await record('inbound', 'test', false, '2026-03-10T00:00:00Z')).toBe(false);
    const res = await call(server.baseUrl, 'GET', '/usage', { key });
    expect(res.body.current).toEqual({ period: '2026-03', inbound_messages: 1, outbound_messages: 2, outbound_template_messages: 0, total_messages: 3 });
    expect(res.body.history[0]).toEqual({ period: '2026-02', inbound_messages: 0, outbound_messages: 0, outbound_template_messages: 1, total_messages: 1 });
  });

  test('months roll at the UTC month boundary', async () => {
    clock.set('2026-03-31T23:59:59.999Z');
    expect((await call(server.baseUrl, 'GET', '/usage', { key })).body.current.period).toBe('2026-03');
    clock.advance(1);
    const april = await call(server.baseUrl, 'GET', '/usage', { key });
    expect(april.body.current).toMatchObject({ period: '2026-04', total_messages: 0 });
    expect(april.body.history[0]).toMatchObject({ period: '2026-03', total_messages: 3 });
  });
});

describe('inbound messages in usage', () => {
  test("an end user's message to a client counts in inbound_messages; reactions and read receipts do not", async () => {
    const server = await startTestServer({ now: testClock('2026-05-10T09:00:00.000Z').now });
    try {
      const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:read'] })).plain;
      await server.connectClient({ clientRef: 'inbound-chat', channel: 'chat' });
      await server.connectClient({ clientRef: 'inbound-social', channel: 'social' });
      await server.sandbox('/inbound', { client_ref: 'inbound-chat', from: '4915112345678', text: 'Hello' });
      await server.sandbox('/inbound', { client_ref: 'inbound-social', from: '17841400000000001', text: 'Hi' });
      await server.sandbox('/inbound', { client_ref: 'inbound-chat', from: '4915112345678', kind: 'reaction', message_id: 'wamid.x', emoji: '👍' });
      await server.sandbox('/inbound', { client_ref: 'inbound-social', from: '17841400000000001', kind: 'read', message_id: 'm_x' });
      const res = await call(server.baseUrl, 'GET', '/usage', { key });
      expect(res.body.current).toEqual({ period: '2026-05', inbound_messages: 2, outbound_messages: 0, outbound_template_messages: 0, total_messages: 2 });
    } finally {
      await server.close();
    }
  });
});

describe('usage in the sandbox (the portal reads it there, without a key)', () => {
  test("GET /sandbox/usage answers a partner's usage as GET /v1/usage answers its keys, and another partner's stays its own", async () => {
    const server = await startTestServer({ now: testClock('2026-05-10T09:00:00.000Z').now });
    try {
      const other = await server.sandbox('/partners', { name: 'Other partner' });
      await server.connectClient({ clientRef: 'usage-chat', channel: 'chat' });
      await server.sandbox('/inbound', { client_ref: 'usage-chat', from: '4915112345678', text: 'Hello' });
      const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: ['clients:read'] })).plain;
      const usageOf = async (partner: string) =>
        (await fetch(`${server.origin}/sandbox/usage?partner=${partner}`, { headers: { authorization: `Bearer ${server.sandboxToken}` } })).json();
      const own = await usageOf(DEFAULT_PARTNER_ID);
      expect(own).toEqual((await call(server.baseUrl, 'GET', '/usage', { key })).body);
      expect(own.current).toMatchObject({ period: '2026-05', inbound_messages: 1, total_messages: 1 });
      expect(own.history).toHaveLength(12);
      expect((await usageOf(other.id)).current).toMatchObject({ inbound_messages: 0, total_messages: 0 });
    } finally {
      await server.close();
    }
  });
});

describe('what counts toward usage', () => {
  test.each<['live' | 'test', boolean, boolean]>([
    ['live', false, true],
    ['live', true, false],
    ['test', false, false],
    ['test', true, false],
  ])('%s traffic with dry_run %s counts: %s', (traffic, dryRun, want) => {
    expect(isCountable({ traffic, dryRun })).toBe(want);
  });

  test('periods are UTC year-months, counted back across years', () => {
    expect(periodOf(new Date('2026-01-01T00:30:00+01:00'))).toBe('2025-12');
    expect(periodOf(new Date('2026-01-15T00:00:00Z'), 1)).toBe('2025-12');
    expect(periodOf(new Date('2026-01-15T00:00:00Z'), 12)).toBe('2025-01');
  });
});
