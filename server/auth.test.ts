import { DEFAULT_PARTNER_ID } from './store/records';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKeysCli } from './cli/keys';
import { DAY_MS } from './domain/shared/clock';
import { isAddressAllowed, isValidAllowlistEntry } from './domain/access/ip-allowlist';
import { parseExpiry } from './domain/access/keys';
import { SCOPES } from './domain/access/scopes';
import { startTestServer, testDatabaseKind, type TestServer } from './testing';
import { eventually, openDataOf } from './testing/data';
import { contract } from '../spec';
import { randomIds } from './system';
import { call } from './testing/contract-calls';
import { testClock } from './testing/clock';

describe('API keys and scopes', () => {
  const clock = testClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
  });
  afterAll(() => server.close());
  const newKey = (opts: Partial<Parameters<TestServer['domain']['keys']['create']>[1]> = {}) =>
    server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all', ...opts });

  test('a request without a key is refused with 401 unauthorized and no rate-limit headers', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  test.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer ik_test_short'],
    ['Bearer sk_live_0123456789abcdef0123456789abcdef'],
    ['ik_test_0123456789abcdef0123456789abcdef'],
  ])('a malformed Authorization header (%s) is refused with 401 unauthorized', async (header) => {
    const res = await call(server.baseUrl, 'GET', '/clients', { headers: { authorization: header } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  test('an unknown key of the right form is refused with 401 unauthorized', async () => {
    const res = await call(server.baseUrl, 'GET', '/clients', { key: 'ik_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  test('both test and live keys are accepted in the Authorization header', async () => {
    for (const mode of ['test', 'live'] as const) {
      const { plain } = await newKey({ mode });
      expect(plain.startsWith(`ik_${mode}_`)).toBe(true);
      expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    }
  });

  test.each([
    ['api_key=KEY'],
    ['access_token=KEY'],
    ['key=KEY'],
    ['limit=5&note=KEY'],
  ])('a key sent in the query string (%s) is refused with 401 unauthorized even with a valid header', async (query) => {
    const { plain } = await newKey();
    const res = await call(server.baseUrl, 'GET', '/clients', { key: plain, path: `/clients?${query.replace('KEY', plain)}` });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  test('a revoked key is refused with 401 from the next request on', async () => {
    const { key, plain } = await newKey();
    expect((await call(server.baseUrl, 'GET', '/usage', { key: plain })).status).toBe(200);
    (await server.domain.keys.revoke(DEFAULT_PARTNER_ID, key.id));
    const res = await call(server.baseUrl, 'GET', '/usage', { key: plain });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain('revoked');
  });

  test('a key with an expiry is accepted until it and refused with 401 from then on', async () => {
    const { plain } = await newKey({ expiresAt: new Date(clock.now().getTime() + 30 * DAY_MS) });
    clock.advance(30 * DAY_MS - 1000);
    expect((await call(server.baseUrl, 'GET', '/usage', { key: plain })).status).toBe(200);
    clock.advance(1000);
    const res = await call(server.baseUrl, 'GET', '/usage', { key: plain });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain('expired');
  });

  test('a key bound to an IP allowlist is refused with 401 from other addresses and accepted from listed ones', async () => {
    const outside = (await newKey({ allowedIps: ['10.0.0.0/8', '2001:db8::/32'] })).plain;
    const inside = (await newKey({ allowedIps: ['192.0.2.1', '127.0.0.0/8'] })).plain;
    const refused = await call(server.baseUrl, 'GET', '/clients', { key: outside });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain('address');
    expect((await call(server.baseUrl, 'GET', '/clients', { key: inside })).status).toBe(200);
  });

  test('a valid key without the required scope gets 403 forbidden, with the rate-limit headers', async () => {
    const { plain } = await newKey({ scopes: ['templates:read'] });
    const res = await call(server.baseUrl, 'GET', '/clients', { key: plain });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toContain('clients:read');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  const operations: Array<[string, string, string, unknown]> = [
    ['GET', '/clients', '/clients', undefined],
    ['GET', '/clients/{client_ref}', '/clients/nobody', undefined],
    ['POST', '/clients/signup', '/clients/signup', { client_ref: 'scope-check', auth_code: 'invalid-code' }],
    ['POST', '/embedded-signup/sessions', '/embedded-signup/sessions', { client_ref: 'scope-check-chat' }],
    ['POST', '/social-connect/sessions', '/social-connect/sessions', { client_ref: 'scope-check-social' }],
    ['GET', '/usage', '/usage', undefined],
  ];
  test.each(operations)('%s %s requires exactly the scopes its x-required-scopes declares', async (method, route, path, body) => {
    const required = contract().find(method, route)!.requiredScopes!;
    expect(required.length).toBeGreaterThan(0);
    const without = (await newKey({ scopes: SCOPES.filter((s) => !required.includes(s)) })).plain;
    const denied = await call(server.baseUrl, method, route, { key: without, path, body });
    expect(denied.status).toBe(403);
    const withOnly = (await newKey({ scopes: required })).plain;
    const allowed = await call(server.baseUrl, method, route, { key: withOnly, path, body });
    expect([401, 403]).not.toContain(allowed.status);
  });

  test('the key scope vocabulary is exactly the scopes the contract declares, and covers every required scope', () => {
    const declared = Object.keys(contract().document.components.securitySchemes.bearerAuth['x-scopes']);
    expect([...SCOPES].sort()).toEqual(declared.sort());
    const required = contract().operations.flatMap((op) => op.requiredScopes ?? []);
    expect(required.length).toBeGreaterThan(0);
    for (const scope of required) expect(SCOPES).toContain(scope);
  });

  test('rotation issues a working replacement with the same mode and scopes and retires the old key at once', async () => {
    const old = await newKey({ mode: 'live', scopes: ['clients:read'], name: 'ci' });
    const { key, plain, retired } = (await server.domain.keys.rotate(DEFAULT_PARTNER_ID, old.key.prefix));
    expect(key).toMatchObject({ mode: 'live', scopes: ['clients:read'], name: 'ci' });
    expect(retired.replacedById).toBe(key.id);
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    expect((await call(server.baseUrl, 'GET', '/clients', { key: old.plain })).status).toBe(401);
  });
});

describe('key storage', () => {
  test('the database holds only the SHA-256 hash and a 12-character prefix of a key, never the key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keys-'));
    const server = await startTestServer({ dataDir });
    const { plain } = await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    const data = await openDataOf(server);
    const rows = await data.connection.all<Record<string, unknown>>('SELECT * FROM api_keys');
    await data.store.close();
    await server.close();
    const { createHash } = await import('node:crypto');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toBe(createHash('sha256').update(plain).digest('hex'));
    expect(rows[0]!.prefix).toBe(plain.slice(0, 12));
    expect(JSON.stringify(rows)).not.toContain(plain.slice(12));
    for (const file of readdirSync(dataDir)) {
      expect(readFileSync(join(dataDir, file)).includes(plain.slice(12))).toBe(false);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('keys changed by npm run keys while the server runs (another connection to the same data)', () => {
  let dataDir: string;
  let server: TestServer;
  const keysCli = async (...argv: string[]) => {
    const { store } = await openDataOf(server);
    const out: string[] = [];
    try {
      expect(await runKeysCli(argv, { store, clock: () => new Date(), ids: randomIds, location: dataDir, io: { out: (l) => out.push(l), err: () => undefined } })).toBe(0);
    } finally {
      await store.close();
    }
    return out[out.length - 1] ?? '';
  };
  /** SQLite: from the very next request (PRAGMA data_version). PostgreSQL: once the commit's NOTIFY has arrived. */
  const nextRequests = (check: () => Promise<boolean>) => (testDatabaseKind() === 'sqlite' ? check().then((held) => expect(held).toBe(true)) : eventually(check));
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keys-cli-'));
    server = await startTestServer({ dataDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a key revoked with npm run keys is refused with 401 from the next request on, however often it was used', async () => {
    const { key, plain } = await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    for (let i = 0; i < 3; i++) expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
    await keysCli('revoke', key.id);
    await nextRequests(async () => (await call(server.baseUrl, 'GET', '/clients', { key: plain })).status === 401);
    const res = await call(server.baseUrl, 'GET', '/clients', { key: plain });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain('revoked');
  });

  test('a key created with npm run keys is accepted at once', async () => {
    const plain = await keysCli('create', '--mode', 'test', '--scopes', 'clients:read');
    expect((await call(server.baseUrl, 'GET', '/clients', { key: plain })).status).toBe(200);
  });
});

describe('key lifecycle rules', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  test.each([
    ['never', null],
    ['30d', '2026-12-22T10:00:00.000Z'],
    ['90d', '2027-02-20T10:00:00.000Z'],
    ['1y', '2027-11-22T10:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '2027-01-01T00:00:00.000Z'],
  ])('expiry %s ends at %s', (text, want) => {
    expect(parseExpiry(text, now)?.toISOString() ?? null).toBe(want);
  });

  test.each([['2020-01-01T00:00:00Z'], ['tomorrow'], ['7d']])('expiry %s is refused', (text) => {
    expect(() => parseExpiry(text, now)).toThrow();
  });

  test.each<[string[], string, boolean]>([
    [[], '203.0.113.9', true],
    [['203.0.113.9'], '203.0.113.9', true],
    [['203.0.113.9'], '203.0.113.10', false],
    [['203.0.113.0/24'], '203.0.113.200', true],
    [['203.0.113.0/24'], '203.0.114.1', false],
    [['127.0.0.1'], '::ffff:127.0.0.1', true],
    [['2001:db8::/32'], '2001:db8:1::5', true],
    [['2001:db8::/32'], '2001:db9::5', false],
  ])('allowlist %j admits %s: %s', (allowlist, address, want) => {
    expect(isAddressAllowed(allowlist, address)).toBe(want);
  });

  test.each([['10.0.0.0/33'], ['nonsense'], ['10.0.0.1/8/1'], ['::1/129']])('allowlist entry %s is refused', (entry) => {
    expect(isValidAllowlistEntry(entry)).toBe(false);
  });
});
