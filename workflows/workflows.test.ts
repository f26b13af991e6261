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

/**
 * An implementation that answers its errors in a shape of its own (`{"message": …}`) instead of the error
 * envelope: the reference server behind a rewriting proxy.
 */
async function withoutEnvelope(upstream: string): Promise<{ baseUrl: string; server: Server }> {
  const origin = new URL(upstream).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const answer = await fetch(`${origin}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    let body = Buffer.from(await answer.arrayBuffer());
    if (answer.status >= 400) body = Buffer.from(JSON.stringify({ message: (JSON.parse(body.toString()) as { error: { message: string } }).error.message }));
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

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
    expect(stdout).toContain('10 passed, 0 failed, 0 not run');
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

  it('CONTRACT_SIGNUP_AUTH_CODE holding an issuer (as in the drift check\'s fixtures) gives the onboarding journey a fresh code from it', async () => {
    const issuedCodes: string[] = [];
    const issuer = createServer((_req, res) => {
      const code = `issued-${Date.now().toString(36)}-${issuedCodes.length}`;
      issuedCodes.push(code);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ auth_code: code }));
    });
    await new Promise<void>((done) => issuer.listen(0, '127.0.0.1', done));
    const entry = { issue: { method: 'POST', url: `http://127.0.0.1:${(issuer.address() as AddressInfo).port}/codes` }, pick: '/auth_code' };
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runTsCommand(join(__dirname, 'cli.ts'), ['--base-url', server.baseUrl, '--api-key', apiKey, '--workflow', 'onboardByCodeExchange', '--reports-dir', reports, '--quiet'], {
        CONTRACT_SIGNUP_AUTH_CODE: JSON.stringify(entry),
      });
      expect({ code, stdout: code === EXIT.passed ? '' : stdout }).toEqual({ code: EXIT.passed, stdout: '' });
      expect(issuedCodes).toHaveLength(1);
    } finally {
      await new Promise<void>((done) => issuer.close(() => done()));
    }
  }, 120_000);

  it('against an implementation without the error envelope, npm run workflows exits 1 naming the step and the check', async () => {
    const proxy = await withoutEnvelope(server.baseUrl);
    const reports = mkdtempSync(join(tmpdir(), 'workflows-reports-'));
    try {
      const { code, stdout } = await runCli(['--base-url', proxy.baseUrl, '--api-key', apiKey, '--workflow', 'errorEnvelopes', '--reports-dir', reports, '--quiet']);
      expect(code).toBe(EXIT.violation);
      expect(stdout).toContain('0 passed, 1 failed, 2 not run');
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
      await new Promise<void>((done) => proxy.server.close(() => done()));
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
    expect(stderr).toContain('Usage: npm run workflows -- --base-url URL --api-key KEY');
  }, 60_000);

  it('--help prints the usage with the exit codes and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(EXIT.passed);
    expect(stdout).toContain('3  incomplete: not enough could be checked');
  }, 60_000);
});
