import { randomIds } from './system';

describe('the system randomness', () => {
  it('mints ids as their prefix and 32 hex characters, never the same twice across many pools of random bytes', () => {
    const ids = Array.from({ length: 10_000 }, () => randomIds.id('dryrun'));
    for (const id of ids) expect(id).toMatch(/^dryrun_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit turns up in every position: the bytes are drawn fresh, not a pool handed out twice.
    for (let position = 0; position < 32; position++) expect(new Set(ids.map((id) => id[7 + position])).size).toBe(16);
  });

  it('makes URL-safe secrets of the bytes asked for', () => {
    const secret = randomIds.secret(24);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(24);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
