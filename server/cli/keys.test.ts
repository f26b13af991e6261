import { createHash } from 'node:crypto';
import { DEFAULT_PARTNER_ID } from '../store/records';
import type { Store } from '../store/repositories';
import { openTestStore } from '../testing/data';
import { randomIds } from '../system';
import { testClock } from '../testing/clock';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../../cli/command';
import { keysCommand, openData, runKeysCli } from './keys';

const stores: Store[] = [];
afterAll(() => Promise.all(stores.map((s) => s.close())));

async function cli() {
  const { store } = await openTestStore();
  stores.push(store);
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysCli(argv, { store, clock: clock.now, ids: randomIds, location: 'the test store', io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
    return { code, out, err, last: out[out.length - 1] ?? '' };
  };
  return { store, clock, run };
}

describe('npm run keys', () => {
  test('create prints the new key alone on the last line and stores only its hash', async () => {
    const { store, run } = await cli();
    const res = await run('create', '--mode', 'live', '--scopes', 'clients:read,messages:send', '--name', 'ci');
    expect(res.code).toBe(0);
    expect(res.last).toMatch(/^ik_live_[A-Za-z0-9_-]{32}$/);
    const [stored] = (await store.keys.list(DEFAULT_PARTNER_ID));
    expect(stored).toMatchObject({ mode: 'live', scopes: ['clients:read', 'messages:send'], name: 'ci', expiresAt: null });
    expect(stored!.hash).toBe(createHash('sha256').update(res.last).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(res.last.slice(12));
  });

  test('create --scopes all grants every scope; --expires 90d and --allow-ip are stored', async () => {
    const { store, run } = await cli();
    expect((await run('create', '--mode', 'test', '--scopes', 'all', '--expires', '90d', '--allow-ip', '10.0.0.0/8,192.0.2.7')).code).toBe(0);
    const [stored] = (await store.keys.list(DEFAULT_PARTNER_ID));
    expect(stored!.scopes).toHaveLength(7);
    expect(stored!.expiresAt?.toISOString()).toBe('2027-02-20T10:00:00.000Z');
    expect(stored!.allowedIps).toEqual(['10.0.0.0/8', '192.0.2.7']);
  });

  test.each([
    [['create', '--mode', 'test', '--scopes', 'clients:read,usage:read'], 1],
    [['create', '--mode', 'test', '--scopes', 'all', '--expires', '2001-01-01T00:00:00Z'], 1],
    [['create', '--mode', 'test', '--scopes', 'all', '--allow-ip', 'localhost'], 1],
    [['create', '--mode', 'prod', '--scopes', 'all'], 2],
    [['create', '--mode', 'test'], 2],
    [['launch'], 2],
  ])('%j is refused with exit code %i and creates no key', async (argv, code) => {
    const { store, run } = await cli();
    const res = await run(...argv);
    expect(res.code).toBe(code);
    expect(res.err.length).toBeGreaterThan(0);
    expect((await store.keys.count(DEFAULT_PARTNER_ID))).toBe(0);
  });

  test('rotate by display prefix prints the replacement alone on the last line and retires the old key', async () => {
    const { store, run } = await cli();
    const created = await run('create', '--mode', 'live', '--scopes', 'templates:read');
    const rotated = await run('rotate', `${created.last.slice(0, 12)}…`);
    expect(rotated.code).toBe(0);
    expect(rotated.last).toMatch(/^ik_live_/);
    const [old, replacement] = (await store.keys.list(DEFAULT_PARTNER_ID));
    expect(old!.revokedAt).not.toBeNull();
    expect(old!.replacedById).toBe(replacement!.id);
    expect(replacement!.scopes).toEqual(['templates:read']);
  });

  test('revoke by id marks the key revoked and list shows it', async () => {
    const { store, run } = await cli();
    await run('create', '--mode', 'test', '--scopes', 'all');
    const [key] = (await store.keys.list(DEFAULT_PARTNER_ID));
    expect((await run('revoke', key!.id)).code).toBe(0);
    expect((await store.keys.findById(DEFAULT_PARTNER_ID, key!.id))!.revokedAt).not.toBeNull();
    expect((await run('list')).out.join('\n')).toContain('revoked');
  });

  test('an unknown key id or prefix is refused with exit code 1', async () => {
    const { run } = await cli();
    expect((await run('revoke', 'ik_test_nope')).code).toBe(1);
  });

  test('--partner manages the keys of that partner only; an unknown partner is refused with exit code 1', async () => {
    const { store, run } = await cli();
    await store.partners.insert({ id: 'ptn_other', name: 'Other', created_at: new Date() });
    expect((await run('create', '--mode', 'live', '--scopes', 'all', '--partner', 'ptn_other')).code).toBe(0);
    expect(await store.keys.count('ptn_other')).toBe(1);
    expect(await store.keys.count(DEFAULT_PARTNER_ID)).toBe(0);
    expect((await run('list')).out).toEqual(['Store: the test store', 'No keys.']);
    const [other] = await store.keys.list('ptn_other');
    expect((await run('revoke', other!.id)).code).toBe(1);
    expect((await run('list', '--partner', 'nobody')).code).toBe(1);
  });
});

describe('the store npm run keys uses', () => {
  test('the first line names the store; a DATA_DIR without one is refused (exit 2, nothing made) unless --create-store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keys-store-'));
    const file = join(dataDir, 'reference.sqlite');
    const env = { DATA_DIR: dataDir };
    try {
      await expect(openData({ createStore: false }, env)).rejects.toThrow(
        `No store in DATA_DIR=${dataDir} (no ${file}): a key made there would reach no running server. Give the DATA_DIR the server printed when it started`,
      );
      const err: string[] = [];
      const refused = await execute(keysCommand((options) => openData(options, env), () => undefined), ['create', '--mode', 'test', '--scopes', 'all'], { out: () => undefined, err: (t) => err.push(t) });
      expect(refused).toBe(2);
      expect(err.join('')).toContain('--create-store');
      expect(existsSync(file)).toBe(false);
      const created = await openData({ createStore: true }, env);
      expect(created.location).toBe(`${file} (DATA_DIR=${dataDir}), created now`);
      await created.close();
      const again = await openData({ createStore: false }, env);
      expect(again.location).toBe(`${file} (DATA_DIR=${dataDir})`);
      const out: string[] = [];
      expect(await runKeysCli(['create', '--mode', 'test', '--scopes', 'all'], { ...again, io: { out: (l) => out.push(l), err: () => undefined } })).toBe(0);
      expect(out[0]).toBe(`Store: ${file} (DATA_DIR=${dataDir})`);
      expect(out.at(-1)).toMatch(/^ik_test_/);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
