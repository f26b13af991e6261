// The partner journeys (Arazzo) held to their purpose: Redocly lints them, they pass against the reference
// server with Respect underneath (the review polled until APPROVED), and they fail, naming the step, against
// an implementation that breaks a journey.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStrict } from 'ctrf';
import { EXIT } from '../contract-tests/exit-codes';
import { runTsCommand, unusedPort } from '../contract-tests/fixtures/commands';
import { startTestServer, type TestServer } from '../server/testing';
import { JOURNEYS_FILE, journeyInputs, journeys } from './journeys';
import { readRespectLog, respectRun, runRespect } from './respect';

const ROOT = join(__dirname, '..');
/** Long enough that the first poll finds the template PENDING even on a loaded machine; the poll retries every second. */
const REVIEW_DELAY_MS = 3_000;

const runCli = (args: string[]) => runTsCommand(join(__dirname, 'cli.ts'), args);

function lint(file: string): { status: number | null; output: string } {
  const cli = require.resolve('@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--format=stylish'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface Rewrites {
  /** The request body as the implementation receives it. */
  request?: (method: string, path: string, body: Buffer) => Buffer;
  /** The answer's body as the runner receives it. */
  response?: (status: number, body: Buffer) => Buffer;
}

/** Another implementation: the reference server behind a proxy that rewrites what passes through it. */
async function behindProxy(upstream: string, rewrites: Rewrites): Promise<{ baseUrl: string; server: Server }> {
  const origin = new URL(upstream).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const sent = chunks.length ? (rewrites.request?.(req.method!, req.url!, Buffer.concat(chunks)) ?? Buffer.concat(chunks)) : undefined;
    const answer = await fetch(`${origin}${req.url}`, { method: req.method, headers, body: sent && new Uint8Array(sent) });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(rewrites.response?.(answer.status, body) ?? body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

/** Errors in a shape of their own (`{"message": …}`) instead of the error envelope. */
const ownErrorShape: Rewrites['response'] = (status, body) =>
  status >= 400 ? Buffer.from(JSON.stringify({ message: (JSON.parse(body.toString()) as { error: { message: string } }).error.message })) : body;

/** An implementation that answers its errors without the error envelope. */
const withoutEnvelope = (upstream: string) => behindProxy(upstream, { response: ownErrorShape });

/**
 * An implementation that knows only the signup codes its provider issued, as a real one does: every code it
 * is given reaches the reference server as an `invalid…` one, which it refuses with 400 bad_request.
 */
const refusingUnknownSignupCodes = (upstream: string, response?: Rewrites['response']) =>
  behindProxy(upstream, {
    request: (method, path, body) => {
      if (method !== 'POST' || !path.endsWith('/clients/signup')) return body;
      const signup = JSON.parse(body.toString()) as { auth_code: string };
      return Buffer.from(JSON.stringify({ ...signup, auth_code: `invalid-${signup.auth_code}` }));
    },
    response,
  });

const closing = (server: Server) => new Promise<void>((done) => server.close(() => done()));

describe('the Arazzo file', () => {
  it('passes Redocly lint, and Redocly lint fails a copy with a duplicated stepId', () => {
    expect(lint(JOURNEYS_FILE)).toMatchObject({ status: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'arazzo-'));
    const broken = join(dir, 'broken.arazzo.yaml');
    writeFileSync(broken, readFileSync(JOURNEYS_FILE, 'utf8').replace('stepId: readClient', 'stepId: exchangeCode').replace('url: ../openapi.yaml', `url: ${join(ROOT, 'openapi.yaml')}`));
    const result = lint(broken);
    expect(result.status).toBe(1);
    expect(result.output).toContain('stepId-unique');
  }, 60_000);

  it('has the journeys the guides describe', () => {
    expect(journeys().map((j) => j.workflowId)).toEqual(['onboardByCodeExchange', 'templateReviewThenDryRunSend', 'uploadMediaThenSendById', 'errorEnvelopes']);
  });
});

describe('against the reference server', () => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEMPLATE_REVIEW_DELAY_MS: String(REVIEW_DELAY_MS) } });
    apiKey = await server.createKey({ mode: 'live', scopes: 'all' });
  });
  afterAll(() => server?.close());

  it('npm run workflows passes every step of every journey, polls the review until APPROVED, and writes JUnit, CTRF and the Respect log', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    const { code, stdout, stderr } = await runCli(['--base-url', server.baseUrl, '--api-key', apiKey, '--reports-dir', reports, '--quiet']);
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: EXIT.passed, stderr: '' });
    expect(stdout).toContain('10 passed, 0 failed, 0 not run or not judged');
    expect(stdout).not.toContain(apiKey);
    const ctrf = JSON.parse(readFileSync(join(reports, 'workflows-ctrf.json'), 'utf8'));
    expect(() => validateStrict(ctrf)).not.toThrow();
    expect(ctrf.results.summary).toMatchObject({ tests: 10, passed: 10, failed: 0, skipped: 0 });
    expect(readFileSync(join(reports, 'workflows-junit.xml'), 'utf8')).toContain('classname="workflows.templateReviewThenDryRunSend" name="awaitApproval:');
    const log = readFileSync(join(reports, 'workflows-respect.json'), 'utf8');
    expect(log).not.toContain(apiKey); // Respect masks the key (format: password)
    const [file] = Object.values(readRespectLog(join(reports, 'workflows-respect.json'))!.files);
    const template = file!.executedWorkflows.find((w) => w.workflowId === 'templateReviewThenDryRunSend')!;
    const polls = template.executedSteps.filter((s) => 'stepId' in s && s.stepId === 'awaitApproval');
    expect(polls.length).toBeGreaterThanOrEqual(2); // PENDING first, then retried until APPROVED
    expect(polls.length).toBeLessThanOrEqual(61);
  }, 120_000);

  it('a review that ends REJECTED fails the template journey at the poll as soon as the review ends, and the send is not run', async () => {
    const clientRef = `reject-journey-${Date.now().toString(36)}`;
    await server.connectClient({ clientRef, channel: 'chat' });
    const inputs = { ...journeyInputs({ apiKey, chatClientRef: clientRef }), templateName: `please_reject_${Date.now().toString(36)}` };
    const jsonOutput = join(mkdtempSync(join(tmpdir(), 'workflows-reports-')), 'respect.json');
    const startedAt = Date.now();
    const respect = await runRespect({ file: JOURNEYS_FILE, baseUrl: server.baseUrl, inputs, workflows: ['templateReviewThenDryRunSend'], jsonOutput, echo: false });
    const log = readRespectLog(jsonOutput)!;
    const run = respectRun({ log, journeys: journeys().filter((j) => j.workflowId === 'templateReviewThenDryRunSend'), baseUrl: server.baseUrl, startedAt, durationMs: Date.now() - startedAt });
    expect(respect.exitCode).not.toBe(0);
    expect(run.cases.map((c) => [c.name.split(':')[0], c.outcome])).toEqual([
      ['createTemplate', 'passed'],
      ['awaitApproval', 'failed'],
      ['dryRunSend', 'skipped'],
    ]);
    const failure = run.cases[1]!.message!;
    expect(failure).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/v1\/templates\/please_reject_\w+\?client_ref=.* → 200/);
    expect(failure).toContain("$response.body#/status == 'APPROVED'");
    expect(run.cases[2]!.message).toBe('not run: step awaitApproval failed before it');
  }, 120_000);

  it('--fixtures alone (the drift check\'s file: base_url, api_key, a signup_auth_code issuer) runs the journeys, with a fresh code from the issuer', async () => {
    const issuedCodes: string[] = [];
    const issuer = createServer((_req, res) => {
      const code = `issued-${Date.now().toString(36)}-${issuedCodes.length}`;
      issuedCodes.push(code);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ auth_code: code }));
    });
    await new Promise<void>((done) => issuer.listen(0, '127.0.0.1', done));
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    const fixtures = join(reports, 'fixtures.json');
    writeFileSync(
      fixtures,
      JSON.stringify({
        base_url: server.baseUrl,
        api_key: apiKey,
        signup_auth_code: { issue: { method: 'POST', url: `http://127.0.0.1:${(issuer.address() as AddressInfo).port}/codes` }, pick: '/auth_code' },
      }),
    );
    try {
      const { code, stdout } = await runCli(['--fixtures', fixtures, '--workflow', 'onboardByCodeExchange', '--reports-dir', reports, '--quiet']);
      expect({ code, stdout: code === EXIT.passed ? '' : stdout }).toEqual({ code: EXIT.passed, stdout: '' });
      expect(issuedCodes).toHaveLength(1);
    } finally {
      await closing(issuer);
    }
  }, 120_000);

  it('an implementation that refuses the made-up signup code leaves onboarding and the journeys on its client not judged: exit 3, naming the fixture', async () => {
    const proxy = await refusingUnknownSignupCodes(server.baseUrl);
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runCli(['--base-url', proxy.baseUrl, '--api-key', apiKey, '--reports-dir', reports, '--quiet']);
      expect({ code, stdout: code === EXIT.incomplete ? '' : stdout }).toEqual({ code: EXIT.incomplete, stdout: '' });
      expect(stdout).toContain('3 passed, 0 failed, 7 not run or not judged');
      expect(stdout).toMatch(/◌ not judged: POST http:\/\/127\.0\.0\.1:\d+\/v1\/clients\/signup → 400: the implementation refused the signup code the run made up; give an unused one with --auth-code, or signup_auth_code in --fixtures/);
      const ctrf = JSON.parse(readFileSync(join(reports, 'workflows-ctrf.json'), 'utf8'));
      expect(() => validateStrict(ctrf)).not.toThrow();
      const outcomes = Object.fromEntries(ctrf.results.tests.map((t: { name: string; status: string; rawStatus?: string }) => [t.name.split(':')[0], t.rawStatus ?? t.status]));
      expect(outcomes).toMatchObject({ exchangeCode: 'not judged', readClient: 'not run', createTemplate: 'not judged', uploadImage: 'not judged', sendById: 'not judged', unknownClient: 'passed', invalidBody: 'passed' });
      expect(readFileSync(join(reports, 'workflows-summary.md'), 'utf8')).toContain('(exit code 3)');
    } finally {
      await closing(proxy.server);
    }
  }, 120_000);

  it('a refusal of the made-up signup code that breaks the contract (no error envelope) is still a violation: exit 1', async () => {
    const proxy = await refusingUnknownSignupCodes(server.baseUrl, ownErrorShape);
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runCli(['--base-url', proxy.baseUrl, '--api-key', apiKey, '--workflow', 'onboardByCodeExchange', '--reports-dir', reports, '--quiet']);
      expect({ code, stdout: code === EXIT.violation ? '' : stdout }).toEqual({ code: EXIT.violation, stdout: '' });
      expect(stdout).toMatch(/✘ onboardByCodeExchange \/ exchangeCode: POST http:\/\/127\.0\.0\.1:\d+\/v1\/clients\/signup → 400/);
      expect(stdout).toContain("schema check: REQUIRED must have required property 'error'");
    } finally {
      await closing(proxy.server);
    }
  }, 120_000);

  it('the same implementation with a chat client given: the template and media journeys are judged and pass, onboarding stays not judged (exit 3)', async () => {
    const clientRef = `given-${Date.now().toString(36)}`;
    await server.connectClient({ clientRef, channel: 'chat' });
    const proxy = await refusingUnknownSignupCodes(server.baseUrl);
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runCli(['--base-url', proxy.baseUrl, '--api-key', apiKey, '--chat-client-ref', clientRef, '--reports-dir', reports, '--quiet']);
      expect({ code, stdout: code === EXIT.incomplete ? '' : stdout }).toEqual({ code: EXIT.incomplete, stdout: '' });
      expect(stdout).toContain('8 passed, 0 failed, 2 not run or not judged');
    } finally {
      await closing(proxy.server);
    }
  }, 120_000);

  it('against an implementation without the error envelope, npm run workflows exits 1 naming the step and the check', async () => {
    const proxy = await withoutEnvelope(server.baseUrl);
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runCli(['--base-url', proxy.baseUrl, '--api-key', apiKey, '--workflow', 'errorEnvelopes', '--reports-dir', reports, '--quiet']);
      expect(code).toBe(EXIT.violation);
      expect(stdout).toContain('0 passed, 1 failed, 2 not run or not judged');
      expect(stdout).toMatch(/✘ errorEnvelopes \/ unknownClient: GET http:\/\/127\.0\.0\.1:\d+\/v1\/clients\/no-such-client-\w+ → 404/);
      expect(stdout).toContain("success criteria check: Failed to pass {\"condition\":\"$response.body#/error/code == 'not_found'\"}");
      expect(stdout).toContain("schema check: REQUIRED must have required property 'error'");
      const junit = readFileSync(join(reports, 'workflows-junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="workflows" tests="3" failures="1" errors="0" skipped="2"/);
      expect(junit).toContain('<skipped message="not run: step unknownClient failed before it"/>');
      // one finding per failed check, stated without the body excerpt that varies between runs
      expect(junit).toContain(`<failure message="success criteria check: Failed to pass {&quot;condition&quot;:&quot;$response.body#/error/code == 'not_found'&quot;}`);
      const ctrf = JSON.parse(readFileSync(join(reports, 'workflows-ctrf.json'), 'utf8'));
      expect(() => validateStrict(ctrf)).not.toThrow();
      expect(ctrf.extra.findings.map((f: { rule: string }) => f.rule)).toContain("schema check: REQUIRED must have required property 'error'");
      expect(readFileSync(join(reports, 'workflows-summary.md'), 'utf8')).toContain('**FAILED: 3 distinct violations in 1 case** (exit code 1)');
    } finally {
      await closing(proxy.server);
    }
  }, 120_000);
});

describe('npm run workflows, before any journey runs', () => {
  it('a base URL where nothing listens: exit 4 naming the URL and the cause', async () => {
    const port = await unusedPort();
    const { code, stderr } = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, '--api-key', 'ik_live_x']);
    expect(code).toBe(EXIT.unreachable);
    expect(stderr).toContain(`cannot reach http://127.0.0.1:${port}/v1/status: ECONNREFUSED`);
  }, 60_000);

  it.each([
    ['an unknown flag', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', 'k', '--retries', '2']],
    ['a missing --api-key', ['--base-url', 'http://127.0.0.1:1/v1']],
    ['an unknown --workflow', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', 'k', '--workflow', 'payments']],
    ['the media journey alone without --chat-client-ref', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', 'k', '--workflow', 'uploadMediaThenSendById']],
  ])('%s is a usage error: exit 2 with the usage', async (_name, args) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain('Usage: partner-messaging-workflows --base-url URL --api-key KEY');
  }, 60_000);

  it('--help prints the usage with the exit codes and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(EXIT.passed);
    expect(stdout).toContain('3  incomplete: not enough could be checked');
  }, 60_000);
});
