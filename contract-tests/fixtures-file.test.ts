// The fixtures file: one JSON file, each entry also from its environment variable (which wins); values,
// issuers and requests; what a run consumes served fresh, and a plain value that is used up said so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixturesError, FixtureUnavailable, loadEntries, valueSource } from './fixtures-file';

const dir = mkdtempSync(join(tmpdir(), 'fixtures-file-'));
const file = (content: unknown) => {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

test('an entry comes from the file, and its environment variable wins over it', () => {
  const loaded = loadEntries(file({ chat_client_ref: 'from-file', social_client_ref: 'social' }), { CONTRACT_CHAT_CLIENT_REF: 'from-env' });
  expect(loaded.values).toEqual({ chat_client_ref: 'from-env', social_client_ref: 'social' });
  expect(loaded.sources.chat_client_ref).toBe('CONTRACT_CHAT_CLIENT_REF');
});

test('an issuer or a request may come from the environment as JSON', () => {
  const issuer = { issue: { method: 'POST', url: 'https://portal.example.com/codes' }, pick: '/code' };
  const loaded = loadEntries(undefined, { CONTRACT_SIGNUP_AUTH_CODE: JSON.stringify(issuer), CONTRACT_WEBHOOK_TEST_TRIGGER: '{"method":"POST","url":"https://portal.example.com/test"}' });
  expect(loaded.values.signup_auth_code).toEqual(issuer);
  expect(loaded.values.webhook_test_trigger).toEqual({ method: 'POST', url: 'https://portal.example.com/test' });
});

test('a list of keys comes from the file as a JSON array, from the environment separated by commas or as a JSON array', () => {
  expect(loadEntries(file({ extra_api_keys: ['ik_live_a', 'ik_live_b'] }), {}).values.extra_api_keys).toEqual(['ik_live_a', 'ik_live_b']);
  expect(loadEntries(undefined, { CONTRACT_EXTRA_API_KEYS: 'ik_live_a, ik_live_b' }).values.extra_api_keys).toEqual(['ik_live_a', 'ik_live_b']);
  expect(loadEntries(undefined, { CONTRACT_EXTRA_API_KEYS: '["ik_live_c"]' }).values.extra_api_keys).toEqual(['ik_live_c']);
});

test.each([
  ['a list of keys that is one string', { extra_api_keys: 'ik_live_a' }, '"extra_api_keys" must be an array of non-empty strings'],
  ['a list of keys with an empty one', { extra_api_keys: ['ik_live_a', ''] }, '"extra_api_keys" must be an array of non-empty strings'],
  ['an unknown entry', { chat_client: 'x' }, 'unknown entry "chat_client"'],
  ['a value that is not a string', { chat_client_ref: 42 }, '"chat_client_ref" must be a non-empty string'],
  ['a request where a value belongs', { chat_client_ref: { method: 'GET', url: 'https://x' } }, '"chat_client_ref" must be a non-empty string'],
  ['a string where a request belongs', { webhook_test_trigger: 'POST /test' }, '"webhook_test_trigger" must be a request'],
  ['an issuer without pick', { rate_limit_api_key: { issue: { method: 'POST', url: 'https://x' } } }, '"rate_limit_api_key" must be a non-empty string or {"issue"'],
  ['not JSON', '{"chat_client_ref": ', '.json:1: not valid JSON'],
  ['an array', [], '.json:1: not a JSON object'],
  ['a wrong value further down', '{\n  "chat_client_ref": "x",\n  "social_client_ref": 42\n}\n', '.json:3: "social_client_ref" must be a non-empty string'],
])('%s is refused naming the entry', (_what, content, message) => {
  const path = file(content);
  expect(() => loadEntries(path, {})).toThrow(FixturesError);
  expect(() => loadEntries(path, {})).toThrow(message);
});

test('a plain single-use value serves once; asked again, it is unavailable (not drift)', async () => {
  const next = valueSource('signupAuthCode', 'one-code', true);
  await expect(next()).resolves.toBe('one-code');
  await expect(next()).rejects.toThrow(FixtureUnavailable);
});

test('an issuer is called for every value, and its failure makes the fixture unavailable', async () => {
  let n = 0;
  const server = createServer((req, res) => {
    n++;
    if (req.url === '/broken') return void res.writeHead(500).end('down');
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ issued: { key: `key-${n}` } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const next = valueSource('rateLimitKey', { issue: { method: 'POST', url: `${url}/keys` }, pick: '/issued/key' }, false);
    expect([await next(), await next()]).toEqual(['key-1', 'key-2']);
    const broken = valueSource('rateLimitKey', { issue: { method: 'POST', url: `${url}/broken` }, pick: '/key' }, false);
    await expect(broken()).rejects.toThrow(new FixtureUnavailable('rateLimitKey', `its issuer failed: POST ${url}/broken answered 500: down`));
  } finally {
    server.close();
  }
});
