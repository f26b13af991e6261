// `partner-messaging-sandbox` as users run it (a child process of the published bin, server/dist/sandbox.js,
// built here when stale as `npm start` builds the server: it starts several times faster than `node --import
// tsx` over the sources, and this file runs it some fifty times) against a running server: every
// command prints what the sandbox answered, keys alone on the last line, the fixtures file as the drift check
// reads it; usage errors exit 2 with the usage, refusals and an unreachable server exit 1 naming the URL.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_PARTNER_ID } from '../store/records';
import { startTestServer, type TestServer } from '../testing';
import { call } from '../testing/contract-calls';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'server/dist/sandbox.js');
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // the server package's build, skipped when its inputs (these sources among them) are unchanged
  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/packages/build.ts'), '--if-stale', 'server'], { cwd: ROOT });
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: '5000' } });
  receiver = await startWebhookReceiver();
}, 600_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command with `args`, against the test server unless `--server` is in `args`, with its token unless `--token` is or `withToken` is false. */
function sandbox(args: string[], env: Record<string, string> = {}, withToken = true): Promise<Run> {
  const target = args.includes('--server') ? [] : ['--server', server.origin];
  const token = args.includes('--token') || !withToken ? [] : ['--token', server.sandboxToken];
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args, ...target, ...token], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_ADMIN_TOKEN: '', DATA_DIR: dir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

/** A command that succeeds: its output as JSON. */
async function json(args: string[]): Promise<any> {
  const res = await sandbox(args);
  expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(res.stdout);
}

describe('usage', () => {
  test('--help prints every command and the exit codes, and exits 0', async () => {
    const res = await sandbox(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: partner-messaging-sandbox <command> \[options\]/);
    for (const command of ['partners list', 'keys create', 'connect <client_ref>', 'webhook set', 'deliveries', 'delivery <delivery id>', 'redeliver', 'inbound <client_ref>', 'review <client_ref>', 'provider --templates-reachable', 'message-status <message_id>', 'test-recipient', 'trial --ends-at', 'usage', 'signup-code', 'faults add --kind', 'faults list', 'faults clear', 'faults remove <fault id>', 'fixtures [--out FILE]', 'tick']) {
      expect(res.stdout).toContain(command);
    }
    expect(res.stdout).toContain('Exit codes: 0 done, 1 the server refused or could not be reached (the URL and the cause are printed), 2 usage.');
  });

  test.each([
    [['keys', 'create', '--help'], 'keys create --mode test|live', 'Calls POST /sandbox/keys (sandboxCreateKey', '--expires never|30d|90d|1y|<ISO>'],
    [['message-status', '--help'], 'message-status <message_id> delivered|read|failed', 'Calls POST /sandbox/messages/{message_id}/status (sandboxAdvanceMessage', '--error-code N'],
    [['tick', '-h'], 'tick [--server URL] [--token T]\n', 'Calls POST /sandbox/tick (sandboxTick', '--server URL'],
    [['faults', 'add', '--help'], 'faults add --kind 429|500|502|delay|drop|duplicate_delivery|out_of_order_delivery', 'Calls POST /sandbox/faults (sandboxAddFault', '--retry-after SECONDS'],
  ])('%j prints that command\'s own help from its table row and exits 0', async (args, usage, operation, flag) => {
    const res = await sandbox(args);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Usage: partner-messaging-sandbox ${usage}`);
    expect(res.stdout).toContain(operation);
    expect(res.stdout).toContain(flag);
    expect(res.stdout).not.toContain('Commands:');
  });

  test('--version names the package version and the API version', async () => {
    const res = await sandbox(['--version']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^partner-messaging-sandbox \S+ \(Partner Messaging API \d+\.\d+\.\d+\)\n$/);
  });

  test.each([
    [[], 'No command given.'],
    [['launch'], "Unknown command 'launch'."],
    [['keys'], 'keys needs a sub-command.'],
    [['keys', 'frobnicate'], "Unknown keys sub-command 'frobnicate'."],
    [['connect', 'shop', '--channel', 'chat', '--mode', 'live'], 'connect takes no --mode.'],
    [['connect', 'shop'], 'connect: missing --channel chat|social.'],
    [['message-status', 'wamid.x'], 'message-status: missing delivered|read|failed.'],
    [['tick', '--colour', 'red'], "Unknown option '--colour'"],
    [['tick', '--server', 'ftp://example.com'], "--server must be an http(s) URL, got 'ftp://example.com'."],
    [['tick', 'now'], "tick takes no argument 'now'."],
    [['keys', 'create', '--mode', 'prod'], "keys create: --mode takes test, live; got 'prod'."],
    [['message-status', 'wamid.x', 'opened'], "message-status: <status> takes delivered, read, failed; got 'opened'."],
    [['deliveries', '--limit', 'ten'], "deliveries: --limit takes a whole number; got 'ten'."],
    [['faults', 'add', '--kind', '503', '--key', 'key_x'], "faults add: --kind takes 429, 500, 502, delay, drop, duplicate_delivery, out_of_order_delivery; got '503'."],
    [['webhook', 'set', '--events', 'message.received,message.sent'], 'webhook set: --events takes message.received,'],
  ])('%j exits 2 with %s and the usage', async (args, message) => {
    const res = await sandbox(args);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`partner-messaging-sandbox: ${message}`);
    expect(res.stderr).toContain('Usage: partner-messaging-sandbox');
  });

  test('without a token anywhere it exits 2 naming where it looked', async () => {
    const res = await sandbox(['tick'], {}, false);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      `No token: pass --token (the admin token or a portal token), set SANDBOX_TOKEN, or start the server once (it writes the admin token to ${join(dir, 'sandbox-admin-token')}).`,
    );
  });

  test('the token is read from SANDBOX_ADMIN_TOKEN, else from the token file in DATA_DIR', async () => {
    const fromEnv = await sandbox(['signup-code'], { SANDBOX_ADMIN_TOKEN: server.sandboxToken }, false);
    expect(fromEnv.code).toBe(0);
    const tokenDir = mkdtempSync(join(tmpdir(), 'sandbox-cli-token-'));
    writeFileSync(join(tokenDir, 'sandbox-admin-token'), `${server.sandboxToken}\n`);
    const fromFile = await sandbox(['signup-code'], { DATA_DIR: tokenDir }, false);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout).auth_code).toMatch(/^sandbox-code-/);
  });
});

describe('failures', () => {
  test('an unreachable server exits 1 naming the URL and the cause', async () => {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((done) => probe.close(() => done()));
    const res = await sandbox(['tick', '--server', `http://127.0.0.1:${port}`]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`partner-messaging-sandbox: POST http://127.0.0.1:${port}/sandbox/tick could not be sent: fetch failed: connect ECONNREFUSED 127.0.0.1:${port}\n`);
  });

  test('a refusal exits 1 with the request, the status and the error envelope', async () => {
    const res = await sandbox(['delivery', 'dlv_unknown']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^partner-messaging-sandbox: GET ${server.origin}/sandbox/webhook/deliveries/dlv_unknown answered 404:\n\\{\n  "error": \\{\n    "code": "not_found",`));
  });

  test('a wrong token exits 1 with the 401', async () => {
    const res = await sandbox(['tick', '--token', 'sbx_wrong']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`POST ${server.origin}/sandbox/tick answered 401:`);
    expect(res.stderr).toContain('"code": "unauthorized"');
  });
});

describe('commands', () => {
  test('partners create prints the partner, then its portal token alone on the last line; list; --partner acts for that partner', async () => {
    const made = await sandbox(['partners', 'create', '--name', 'ACME Shoes']);
    expect(made.code).toBe(0);
    const lines = made.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^ptk_[A-Za-z0-9_-]+$/);
    const created = JSON.parse(lines.slice(0, -1).join('\n'));
    expect(created).toEqual({ id: expect.stringMatching(/^ptn_/), name: 'ACME Shoes', created_at: expect.any(String) });
    expect((await json(['partners', 'list'])).partners.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([DEFAULT_PARTNER_ID, created.id]));
    const res = await sandbox(['keys', 'create', '--mode', 'test', '--partner', created.id]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout.slice(0, res.stdout.lastIndexOf('}') + 1)).partner_id).toBe(created.id);
    expect((await json(['keys', 'list', '--partner', created.id])).keys).toHaveLength(1);
  }, 120_000);

  test('keys create prints the key without its secret, then the key alone on the last line; rotate and revoke', async () => {
    const res = await sandbox(['keys', 'create', '--mode', 'live', '--scopes', 'clients:read,messages:send', '--expires', '30d', '--allow-ip', '127.0.0.1', '--name', 'ci']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    const key = lines.at(-1)!;
    expect(key).toMatch(/^ik_live_/);
    const described = JSON.parse(lines.slice(0, -1).join('\n'));
    expect(described).toMatchObject({ mode: 'live', scopes: ['clients:read', 'messages:send'], allowed_ips: ['127.0.0.1'], name: 'ci', revoked_at: null });
    expect(described).not.toHaveProperty('key');
    const rotated = await sandbox(['keys', 'rotate', described.id]);
    expect(rotated.code).toBe(0);
    const rotatedLines = rotated.stdout.trimEnd().split('\n');
    expect(rotatedLines.at(-1)).toMatch(/^ik_live_/);
    expect(JSON.parse(rotatedLines.slice(0, -1).join('\n')).retired.id).toBe(described.id);
    const revoked = await sandbox(['keys', 'revoke', JSON.parse(rotatedLines.slice(0, -1).join('\n')).id]);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout).revoked_at).toEqual(expect.any(String));
  }, 120_000);

  test('connect, inbound (text and a media file), webhook set, show, test and sample, deliveries, delivery and redeliver', async () => {
    const client = await json(['connect', 'cli-shop', '--channel', 'chat', '--phone', '4915100001234', '--business-name', 'CLI Shop']);
    expect(client).toEqual({ client_ref: 'cli-shop', channel: 'chat', phone_number: '+4915100001234', business_account_id: expect.any(String) });
    const set = await json(['webhook', 'set', '--url', receiver.url, '--events', 'all']);
    expect(set).toEqual({ url: receiver.url, events: 'all', secret: expect.any(String), updated_at: expect.any(String) });
    receiver.state.secret = set.secret;
    expect(await json(['webhook', 'show'])).toEqual(set);

    const text = await json(['inbound', 'cli-shop', '--from', '4915112345678', '--text', 'Where is my order?', '--name', 'Anna']);
    expect(text).toEqual({ event_id: expect.stringMatching(/^evt_/), event: 'message.received', delivered_to: receiver.url });
    const file = join(dir, 'photo.png');
    writeFileSync(file, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    const media = await json(['inbound', 'cli-shop', '--from', '4915112345678', '--media-file', file, '--media-type', 'image', '--caption', 'this one']);
    expect(media).toMatchObject({ event: 'message.received', media_id: expect.any(String), media: { kind: 'image', mime_type: 'image/png', sha256: expect.any(String) } });
    expect(media.media.id).toBe(media.media_id);
    const reaction = await json(['inbound', 'cli-shop', '--from', '4915112345678', '--kind', 'reaction', '--message-id', 'wamid.x', '--emoji', '👍']);
    expect(reaction.event).toBe('message.reaction');

    expect(await json(['webhook', 'test', '--client', 'cli-shop', '--message', 'ping'])).toMatchObject({ event: 'webhook.test', delivered_to: receiver.url });
    expect(await json(['webhook', 'sample', 'user.preferences', '--client', 'cli-shop'])).toMatchObject({ event: 'user.preferences' });
    await server.tick();
    const deliveries = (await json(['deliveries', '--event', 'message.received', '--limit', '5'])).deliveries;
    expect(deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([media.event_id, text.event_id]);
    const one = await json(['delivery', deliveries[1].id]);
    expect(JSON.parse(one.body)).toMatchObject({ event_id: text.event_id, messages: [{ text: { body: 'Where is my order?' } }] });
    expect(await json(['redeliver', text.event_id])).toEqual({ delivery_id: expect.any(String), event_id: text.event_id, url: receiver.url });
    expect((await json(['deliveries', '--event-id', text.event_id])).deliveries).toHaveLength(2);
    expect((await json(['deliveries', '--event-id', text.event_id, '--state', 'failed'])).deliveries).toEqual([]);
    expect(await json(['webhook', 'set', '--url', 'none'])).toMatchObject({ url: null });
  }, 300_000);

  test('message-status moves a sent message; test-recipient, trial, provider, review, signup-code, usage and tick', async () => {
    await json(['connect', 'cli-status', '--channel', 'chat']);
    expect(await json(['test-recipient', 'cli-status', '4915100000999'])).toEqual({ client_ref: 'cli-status', test_recipients: ['4915100000999'] });
    const key = (await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' })).plain;
    const send = async () => {
      const sent = await call(server.baseUrl, 'POST', '/messages/send', { key, body: { client_ref: 'cli-status', to: '4915100000999', type: 'text', text: { body: 'Hi' } } });
      expect(sent.status).toBe(200);
      return sent.body.message_id as string;
    };
    const id = await send();
    expect(await json(['message-status', id, 'delivered'])).toEqual({ message_id: id, status: 'delivered' });
    expect(await json(['message-status', id, 'read'])).toEqual({ message_id: id, status: 'read' });
    const backwards = await sandbox(['message-status', id, 'delivered']);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain(`POST ${server.origin}/sandbox/messages/${id}/status answered 409:`);
    const failing = await send();
    expect(await json(['message-status', failing, 'failed', '--error-code', '131047', '--error-title', 'Re-engagement message'])).toEqual({ message_id: failing, status: 'failed' });
    const unknown = await sandbox(['message-status', 'wamid.unknown', 'delivered']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('answered 404:');

    expect(await json(['trial', '--ends-at', '2030-01-01T00:00:00Z', '--grace-days', '3'])).toEqual({ ends_at: '2030-01-01T00:00:00.000Z', grace_days: 3 });
    expect(await json(['trial', '--ends-at', 'none'])).toEqual({ ends_at: null, grace_days: 7 });
    expect(await json(['provider', '--templates-reachable', 'false'])).toEqual({ templates_reachable: false });
    expect(await json(['provider', '--templates-reachable', 'true'])).toEqual({ templates_reachable: true });

    const created = await call(server.baseUrl, 'POST', '/templates', { key, body: { client_ref: 'cli-status', name: 'cli_manual_review', category: 'UTILITY', body: { text: 'Hi {{1}}', examples: ['Anna'] } } });
    expect(created.status).toBe(201);
    const reviewed = await json(['review', 'cli-status', 'cli_manual_review', '--status', 'REJECTED', '--reason', 'INVALID_FORMAT']);
    expect(reviewed).toMatchObject({ name: 'cli_manual_review', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
    expect((await json(['signup-code'])).auth_code).toMatch(/^sandbox-code-/);
    expect(await json(['usage'])).toEqual((await call(server.baseUrl, 'GET', '/usage', { key })).body);
    expect(await json(['tick'])).toEqual({ ran_at: expect.any(String), next_delivery_at: null });
  }, 300_000);

  test("faults add, list, remove and clear: a key's next request answered 429 with Retry-After, a 502 refused where the contract documents none", async () => {
    const { key, plain } = await server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' });
    const added = await json(['faults', 'add', '--kind', '429', '--key', key.prefix, '--operation', 'getUsage', '--times', '2', '--retry-after', '3']);
    expect(added).toMatchObject({ id: expect.stringMatching(/^flt_/), kind: '429', key_id: key.id, operation: 'getUsage', applies_to: ['getUsage'], times: 2, remaining: 2, retry_after_seconds: 3 });
    const limited = await call(server.baseUrl, 'GET', '/usage', { key: plain });
    expect([limited.status, limited.headers.get('retry-after'), limited.body.error.code]).toEqual([429, '3', 'rate_limited']);
    const share = await json(['faults', 'add', '--kind', 'delay', '--key', key.id, '--share', '10', '--delay-ms', '50']);
    expect(share).toMatchObject({ kind: 'delay', share_percent: 10, times: null, delay_ms: 50 });
    const listed = (await json(['faults', 'list'])).faults.filter((f: { key_id: string }) => f.key_id === key.id);
    expect(listed.map((f: { id: string; applied: number }) => [f.id, f.applied])).toEqual([[added.id, 1], [share.id, 0]]);

    const refused = await sandbox(['faults', 'add', '--kind', '502', '--key', key.id, '--operation', 'getClient']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`POST ${server.origin}/sandbox/faults answered 400`);
    expect(refused.stderr).toContain('getClient (GET /clients/{client_ref}) does not document 502 in openapi.yaml');

    expect(await json(['faults', 'remove', share.id])).toMatchObject({ id: share.id });
    expect(await json(['faults', 'clear', '--key', key.id])).toEqual({ cleared: 1 });
    expect((await call(server.baseUrl, 'GET', '/usage', { key: plain })).status).toBe(200);
    expect((await json(['faults', 'list'])).faults.filter((f: { key_id: string }) => f.key_id === key.id)).toEqual([]);
  }, 120_000);

  test('fixtures prints the drift check fixtures file, or writes it privately with --out', async () => {
    const printed = await json(['fixtures']);
    expect(printed).toMatchObject({ base_url: server.baseUrl, api_key: expect.stringMatching(/^ik_live_/), chat_client_ref: expect.any(String) });
    const file = join(dir, 'fixtures.json');
    const res = await sandbox(['fixtures', '--out', file]);
    expect({ code: res.code, stdout: res.stdout, stderr: res.stderr }).toEqual({ code: 0, stdout: '', stderr: `Fixtures written to ${file} (it holds keys and the sandbox token: keep it private).\n` });
    expect(JSON.parse(readFileSync(file, 'utf8')).base_url).toBe(server.baseUrl);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 120_000);
});

describe('a partner on its own, with its portal token', () => {
  /** The output's last line (a secret shown once) and the JSON before it. */
  const secretAndAnswer = (run: Run) => {
    const lines = run.stdout.trimEnd().split('\n');
    return { secret: lines.at(-1)!, answer: JSON.parse(lines.slice(0, -1).join('\n')) };
  };

  test('partners token issues a new portal token alone on the last line; the old one is refused from then on', async () => {
    const first = secretAndAnswer(await sandbox(['partners', 'create', '--name', 'Portal Co']));
    const issued = await sandbox(['partners', 'token', first.answer.id]);
    expect(issued.code).toBe(0);
    const second = secretAndAnswer(issued);
    expect(second.answer).toEqual({ partner_id: first.answer.id, issued_at: expect.any(String) });
    expect(second.secret).toMatch(/^ptk_/);
    const old = await sandbox(['whoami', '--token', first.secret]);
    expect(old.code).toBe(1);
    expect(old.stderr).toContain('answered 401');
    expect(await json(['whoami', '--token', second.secret])).toEqual({ access: 'portal', partner: expect.objectContaining({ id: first.answer.id }) });
  }, 120_000);

  test('a portal token from --token or SANDBOX_TOKEN acts for its partner; another partner is 404, tick is 403', async () => {
    const mine = secretAndAnswer(await sandbox(['partners', 'create', '--name', 'Mine']));
    const other = secretAndAnswer(await sandbox(['partners', 'create', '--name', 'Other']));
    const fromEnv = await sandbox(['keys', 'create', '--mode', 'test'], { SANDBOX_TOKEN: mine.secret }, false);
    expect(fromEnv.code).toBe(0);
    expect(secretAndAnswer(fromEnv).answer.partner_id).toBe(mine.answer.id);
    const foreign = await sandbox(['keys', 'list', '--partner', other.answer.id, '--token', mine.secret]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('answered 404');
    const tick = await sandbox(['tick', '--token', mine.secret]);
    expect(tick.code).toBe(1);
    expect(tick.stderr).toContain('answered 403');
    expect(tick.stderr).toContain('"code": "forbidden"');
  }, 120_000);

  test('requests lists the log filtered by operation and status, request shows one with its bodies', async () => {
    const mine = secretAndAnswer(await sandbox(['partners', 'create', '--name', 'Logged Co']));
    const key = secretAndAnswer(await sandbox(['keys', 'create', '--mode', 'live', '--token', mine.secret])).secret;
    const answered = await call(server.baseUrl, 'GET', '/clients/{client_ref}', { key, path: '/clients/nobody' });
    const id = answered.headers.get('x-request-id')!;
    const listed = await json(['requests', '--operation', 'getClient', '--status', '404', '--token', mine.secret]);
    expect(listed.requests.map((r: { request_id: string; error_code: string }) => [r.request_id, r.error_code])).toEqual([[id, 'not_found']]);
    const one = await json(['request', id, '--token', mine.secret]);
    expect(one.response_body.json.error.code).toBe('not_found');
    const wrong = await sandbox(['requests', '--operation', 'noSuchOperation', '--token', mine.secret]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('sendMessage');
  }, 120_000);

  test("clock advance moves the partner's time, show says so, reset puts it back", async () => {
    const mine = secretAndAnswer(await sandbox(['partners', 'create', '--name', 'Clocked Co']));
    const advanced = await json(['clock', 'advance', '25h', '--token', mine.secret]);
    expect(advanced).toMatchObject({ partner_id: mine.answer.id, offset_seconds: 25 * 3600 });
    expect((await json(['clock', 'show', '--token', mine.secret])).offset_seconds).toBe(25 * 3600);
    expect((await json(['clock', 'reset', '--token', mine.secret])).offset_seconds).toBe(0);
    const refused = await sandbox(['clock', 'advance', 'tomorrow', '--token', mine.secret]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('answered 400');
  }, 120_000);
});
