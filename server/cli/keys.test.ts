import { createHash } from 'node:crypto';
import { openSqliteStore } from '../store/sqlite/store';
import { randomIds } from '../system';
import { testClock } from '../testing/clock';
import { runKeysCli } from './keys';

function cli() {
  const store = openSqliteStore(':memory:');
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const run = (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runKeysCli(argv, { store, clock: clock.now, ids: randomIds, io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
    return { code, out, err, last: out[out.length - 1] ?? '' };
  };
  return { store, clock, run };
}

describe('npm run keys', () => {
  test('create prints the new key alone on the last line and stores only its hash', () => {
    const { store, run } = cli();
    const res = run('create', '--mode', 'live', '--scopes', 'clients:read,messages:send', '--name', 'ci');
    expect(res.code).toBe(0);
    expect(res.last).toMatch(/^ik_live_[A-Za-z0-9_-]{32}$/);
    const [stored] = store.keys.list();
    expect(stored).toMatchObject({ mode: 'live', scopes: ['clients:read', 'messages:send'], name: 'ci', expiresAt: null });
    expect(stored!.hash).toBe(createHash('sha256').update(res.last).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(res.last.slice(12));
  });

  test('create --scopes all grants every scope; --expires 90d and --allow-ip are stored', () => {
    const { store, run } = cli();
    expect(run('create', '--mode', 'test', '--scopes', 'all', '--expires', '90d', '--allow-ip', '10.0.0.0/8,192.0.2.7').code).toBe(0);
    const [stored] = store.keys.list();
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
  ])('%j is refused with exit code %i and creates no key', (argv, code) => {
    const { store, run } = cli();
    const res = run(...argv);
    expect(res.code).toBe(code);
    expect(res.err.length).toBeGreaterThan(0);
    expect(store.keys.count()).toBe(0);
  });

  test('rotate by display prefix prints the replacement alone on the last line and retires the old key', () => {
    const { store, run } = cli();
    const created = run('create', '--mode', 'live', '--scopes', 'templates:read');
    const rotated = run('rotate', `${created.last.slice(0, 12)}…`);
    expect(rotated.code).toBe(0);
    expect(rotated.last).toMatch(/^ik_live_/);
    const [old, replacement] = store.keys.list();
    expect(old!.revokedAt).not.toBeNull();
    expect(old!.replacedById).toBe(replacement!.id);
    expect(replacement!.scopes).toEqual(['templates:read']);
  });

  test('revoke by id marks the key revoked and list shows it', () => {
    const { store, run } = cli();
    run('create', '--mode', 'test', '--scopes', 'all');
    const [key] = store.keys.list();
    expect(run('revoke', key!.id).code).toBe(0);
    expect(store.keys.findById(key!.id)!.revokedAt).not.toBeNull();
    expect(run('list').out.join('\n')).toContain('revoked');
  });

  test('an unknown key id or prefix is refused with exit code 1', () => {
    const { run } = cli();
    expect(run('revoke', 'ik_test_nope').code).toBe(1);
  });
});
