// `npm run contract` as a CI job runs it, against the reference server with the fixtures file its sandbox
// prints: exit codes that mean something (0 passed, 1 violations, 2 usage, 3 incomplete, 4 unreachable), two
// runs in a row that both pass, and reports a CI user can act on.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStrict } from 'ctrf';
import type { ReferenceServerHandle } from '../server/testing';
import { EXIT } from './exit-codes';
import { DRIFTS } from './drift/catalogue';
import { startDriftProxy, type DriftProxy } from './drift/proxy';
import { runTsCommand, unusedPort } from './fixtures/commands';
import { startReferenceServerProcess } from './local-targets';

const ROOT = join(__dirname, '..');
// Each test starts the command as its own process, compiled on start: tens of seconds on a loaded machine.
jest.setTimeout(120_000);

async function run(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const { code, stdout, stderr } = await runTsCommand(join(ROOT, script), args, { GITHUB_ACTIONS: '', ...env });
  return { code, out: `${stdout}${stderr}` };
}
const contract = (args: string[], env?: Record<string, string>) => run('contract-tests/cli.ts', args, env);

let server: ReferenceServerHandle;
let fixturesFile: string;
let fixtures: Record<string, any>;
const dir = mkdtempSync(join(tmpdir(), 'contract-cli-'));
const reports = (name: string) => join(dir, name);

beforeAll(async () => {
  server = await startReferenceServerProcess();
  fixturesFile = join(dir, 'fixtures.json');
  const printed = await run('server/cli/sandbox.ts', ['fixtures', '--server', server.origin, '--token', server.sandboxToken, '--out', fixturesFile]);
  expect(printed.code).toBe(0);
  fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8'));
}, 180_000);
afterAll(() => server?.close());

/**
 * A live key of the fixtures' partner with every scope, for a run whose requests must not count against the
 * fixtures' key: the rate limit is per key, and the two full runs in a row need its window as a CI job finds it.
 */
const freshKey = () => server.createKey({ mode: 'live', scopes: 'all' });

describe('usage', () => {
  test('--help prints the usage with every exit code and exits 0', async () => {
    const { code, out } = await contract(['--help']);
    expect(code).toBe(EXIT.passed);
    for (const n of [0, 1, 2, 3, 4]) expect(out).toMatch(new RegExp(`^  ${n}  `, 'm'));
  });

  test('an unknown flag exits 2 with the usage', async () => {
    const { code, out } = await contract(['--base-url', server.baseUrl, '--api-key', fixtures.api_key, '--chat-client-ref', 'x']);
    expect(code).toBe(EXIT.usage);
    expect(out).toContain("Unknown option '--chat-client-ref'");
    expect(out).toContain('Usage: partner-messaging-contract');
  });

  test('a malformed baseline exits 2 naming its line, before any request', async () => {
    const file = join(dir, 'baseline.json');
    writeFileSync(file, '{\n  "accepted": [\n    {"id": "abcdef0123"}\n  ]\n}\n');
    const { code, out } = await contract(['--base-url', server.baseUrl, '--api-key', fixtures.api_key, '--baseline', file]);
    expect(code).toBe(EXIT.usage);
    expect(out).toContain(`${file}:3: reason must say why the finding is accepted`);
    expect(out).not.toContain('Contract suite against');
  });

  test('a fixtures file with an unknown entry exits 2 naming it', async () => {
    const file = join(dir, 'typo.json');
    writeFileSync(file, JSON.stringify({ chat_client: 'x' }));
    const { code, out } = await contract(['--base-url', server.baseUrl, '--api-key', fixtures.api_key, '--fixtures', file]);
    expect(code).toBe(EXIT.usage);
    expect(out).toContain('unknown entry "chat_client"');
  });
});

describe('a target that cannot be checked exits 4 before any case, naming the URL and the cause', () => {
  test('nothing listens at the base URL', async () => {
    const port = await unusedPort();
    const { code, out } = await contract(['--base-url', `http://127.0.0.1:${port}/v1`, '--api-key', 'ik_live_x']);
    expect(code).toBe(EXIT.unreachable);
    expect(out).toContain(`cannot reach http://127.0.0.1:${port}/v1/status: ECONNREFUSED`);
    expect(out).not.toContain('Contract suite against');
  });

  test('a base URL without the version prefix', async () => {
    const { code, out } = await contract(['--base-url', server.origin, '--api-key', fixtures.api_key]);
    expect(code).toBe(EXIT.unreachable);
    expect(out).toContain(`GET ${server.origin}/status answered 404: does the base URL end in /v1?`);
  });

  test('a key the service refuses', async () => {
    const { code, out } = await contract(['--base-url', server.baseUrl, '--api-key', fixtures.revoked_api_key]);
    expect(code).toBe(EXIT.unreachable);
    expect(out).toMatch(new RegExp(`GET ${server.baseUrl}/usage with the API key answered 401 \\(.*revoked.*\\): is --api-key a valid key`));
  });
});

describe('exit codes that mean something', () => {
  test('a bare run (base URL and key only) is incomplete (3): it says which fixture unlocks which cases, and which operations went without a checked 2xx', async () => {
    // The cases alone (--max-requests 0): what the generated phase happens to reach with its seed (a client
    // another test of this file connected) would cover an operation the cases could not.
    const { code, out } = await contract(['--base-url', server.baseUrl, '--api-key', await freshKey(), '--max-requests', '0', '--reports-dir', reports('bare'), '--quiet']);
    expect(code).toBe(EXIT.incomplete);
    const summary = readFileSync(join(reports('bare'), 'contract-summary.md'), 'utf8');
    expect(out).toContain(summary.split('\n')[2]!);
    expect(summary).toMatch(/\*\*INCOMPLETE: \d+ cases not run for want of fixtures; \d+ operations without a checked 2xx\*\* \(exit code 3\)/);
    const chatGroup = summary.slice(summary.indexOf('- **chat_client_ref**'));
    expect(chatGroup).toMatch(/^- \*\*chat_client_ref\*\*: no chat_client_ref \(add it to the fixtures file or set CONTRACT_CHAT_CLIENT_REF\)\. Unlocks \d+ cases:\n/);
    expect(chatGroup.split('\n- ')[0]).toContain('\n  - getting a client answers 200 with a Client\n');
    // Answered only with refusals (401, 404), an operation is not checked.
    expect(summary).toMatch(/- \*\*sendMessage\*\*: cases not run for want of [a-z_, ]*chat_client_ref/);
    expect(summary).toContain('- **webhooks**: no webhook receiver (pass --webhook-listen HOST:PORT and --webhook-secret S)');
  }, 120_000);

  test('--allow-missing all lowers the bar explicitly: the same bare run passes (0) and the summary says so', async () => {
    const { code } = await contract(['--base-url', server.baseUrl, '--api-key', await freshKey(), '--max-requests', '0', '--allow-missing', 'all', '--reports-dir', reports('lowered'), '--quiet']);
    expect(code).toBe(EXIT.passed);
    const summary = readFileSync(join(reports('lowered'), 'contract-summary.md'), 'utf8');
    expect(summary).toContain('**PASSED** (exit code 0)');
    expect(summary).toContain('Lowered with `--allow-missing all`');
    expect(summary).toMatch(/- \*\*chat_client_ref\*\*: .* — waived by --allow-missing/);
  }, 120_000);

  test('with the sandbox fixtures file and a webhook receiver, two runs in a row against the reference server both pass (0): no fixture is used up', async () => {
    for (const name of ['first', 'second']) {
      const args = ['--fixtures', fixturesFile, '--webhook-listen', '127.0.0.1:0', '--webhook-secret', 'whsec_cli_test_secret', '--reports-dir', reports(name), '--quiet'];
      const { code, out } = await contract(args);
      expect({ run: name, code, tail: code === EXIT.passed ? '' : out.slice(-3000) }).toEqual({ run: name, code: EXIT.passed, tail: '' });
      const summary = readFileSync(join(reports(name), 'contract-summary.md'), 'utf8');
      expect(summary).toContain('Not lowered');
      expect(summary).not.toContain('Operations without a checked 2xx answer');
      const junit = readFileSync(join(reports(name), 'contract-junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="contract" tests="\d+" failures="0" errors="0" skipped="0"/);
      expect(junit).toContain('name="webhook.test fired from the portal arrives signed and holds openapi.yaml"');
      const ctrf = JSON.parse(readFileSync(join(reports(name), 'contract-ctrf.json'), 'utf8'));
      expect(() => validateStrict(ctrf)).not.toThrow();
      expect(ctrf.results.summary).toMatchObject({ failed: 0, skipped: 0 });
      expect(ctrf.results.summary.passed).toBe(ctrf.results.summary.tests);
    }
  }, 400_000);
});

describe('reports a CI user can act on', () => {
  let proxy: DriftProxy;
  beforeAll(async () => {
    proxy = await startDriftProxy(server.origin);
    proxy.behaviour = DRIFTS.find((d) => d.name === 'Client.channel renamed to channel_type')!.behaviour({} as never);
  });
  afterAll(() => proxy?.close());

  test('against a drifted implementation: exit 1, one finding per distinct violation with its count and cases, the finding as the JUnit message, CTRF beside it, GitHub annotations', async () => {
    const file = join(dir, 'chat-only.json');
    writeFileSync(file, JSON.stringify({ chat_client_ref: fixtures.chat_client_ref, social_client_ref: fixtures.social_client_ref }));
    // The phase bounded (every operation's first probes): its findings only join the cases' here.
    const { code, out } = await contract(['--base-url', `${proxy.origin}/v1`, '--api-key', await freshKey(), '--fixtures', file, '--max-requests', '300', '--reports-dir', reports('drifted'), '--quiet'], {
      GITHUB_ACTIONS: 'true',
    });
    expect(code).toBe(EXIT.violation);
    const finding = "body /channel: must have required property 'channel'";
    const summary = readFileSync(join(reports('drifted'), 'contract-summary.md'), 'utf8');
    const lines = summary.split('\n').filter((l) => l.includes(finding));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/— \d+× in getClient 200(; e\.g\. .*)? \(cases: getting a client answers 200 with a Client, a connected client is returned with its own client_ref and channel(, generated valid requests of getClient [^)]*)?\)/);
    const junit = readFileSync(join(reports('drifted'), 'contract-junit.xml'), 'utf8');
    // The example of a finding the generated phase also made is its curl command.
    expect(junit).toMatch(new RegExp(`<failure message="${finding} — \\d+× in getClient 200(; e\\.g\\. curl [^"]*)?">`));
    const ctrf = JSON.parse(readFileSync(join(reports('drifted'), 'contract-ctrf.json'), 'utf8'));
    expect(() => validateStrict(ctrf)).not.toThrow();
    expect(ctrf).toMatchObject({ reportFormat: 'CTRF', results: { tool: { name: 'contract' } }, extra: { exitCode: EXIT.violation } });
    const failed = ctrf.results.tests.filter((t: { status: string }) => t.status === 'failed');
    expect(failed.length).toBe(ctrf.results.summary.failed);
    expect(failed.map((t: { message: string }) => t.message)).toContainEqual(expect.stringMatching(new RegExp(`^${finding} — \\d+× in getClient 200(; e\\.g\\. curl .*)?$`)));
    expect(out).toMatch(new RegExp(`^::error title=contract%3A body /channel%3A must have required property 'channel'::${finding.replace(/[()]/g, '\\$&')}`, 'm'));
    expect(out).toMatch(/^::warning title=contract%3A restricted_api_key missing::/m);
  }, 120_000);

  test('a baseline written with --baseline-update accepts the drift: its findings are reported, not failing; an entry no longer found is stale', async () => {
    const file = join(dir, 'chat-only.json');
    writeFileSync(file, JSON.stringify({ chat_client_ref: fixtures.chat_client_ref, social_client_ref: fixtures.social_client_ref }));
    const baseline = join(dir, 'accepted.json');
    const key = await freshKey();
    const args = (name: string, ...more: string[]) => ['--base-url', `${proxy.origin}/v1`, '--api-key', key, '--fixtures', file, '--max-requests', '0', '--reports-dir', reports(name), '--quiet', '--baseline', baseline, ...more];
    const updated = await contract(args('baseline-update', '--baseline-update'));
    expect(updated.out).toMatch(new RegExp(`Baseline written to ${baseline.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ accepted \\(\\d+ new, 0 stale removed\\)\\.`));
    expect(updated.code).toBe(EXIT.incomplete);
    const written = JSON.parse(readFileSync(baseline, 'utf8')) as { accepted: { id: string; reason: string; rule: string }[] };
    const channel = written.accepted.find((e) => e.rule === "body /channel: must have required property 'channel'")!;
    expect(channel.id).toMatch(/^[0-9a-f]{10}$/);
    writeFileSync(baseline, JSON.stringify({ accepted: [...written.accepted, { id: 'abcdef0123', reason: 'fixed since' }] }, null, 2));
    const judged = await contract(args('baseline'));
    expect(judged.code).toBe(EXIT.incomplete);
    const summary = readFileSync(join(reports('baseline'), 'contract-summary.md'), 'utf8');
    expect(summary).toMatch(/^\*\*INCOMPLETE: [^*]* \(\d+ findings accepted by the baseline [^)]*accepted\.json\)\*\* \(exit code 3\)/m);
    expect(summary).toContain(`[id ${channel.id}]; accepted: accepted with --baseline-update on `);
    expect(summary).toContain('## Stale baseline entries (no longer found: remove them)\n\n- [id abcdef0123] (no rule given); accepted: fixed since');
    const ctrf = JSON.parse(readFileSync(join(reports('baseline'), 'contract-ctrf.json'), 'utf8'));
    expect(ctrf.extra.baseline.stale).toEqual([{ id: 'abcdef0123', reason: 'fixed since' }]);
    expect(ctrf.results.summary.failed).toBe(0);
  }, 300_000);
});
