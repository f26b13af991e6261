// Drift checks for CI, proven on a deliberately broken implementation (fixtures/broken-server.ts: the
// mock with one response field changed): `npm run contract` fails naming the operation and the field, and
// `prism proxy --errors` in front of it catches the same field independently.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStrict } from 'ctrf';
import { startMock, type MockServer } from '../mock/server';
import { BROKEN_FIELD, BROKEN_OPERATION, startBrokenServer, type BrokenServer } from './fixtures/broken-server';
import { runTsCommand, unusedPort } from './fixtures/commands';
import { cases } from './cases';
import { runSuite } from './runner';
import { behindPrismProxy, externalTarget } from './targets';

async function runCli(args: string[]): Promise<{ code: number; out: string }> {
  const { code, stdout, stderr } = await runTsCommand(join(__dirname, 'cli.ts'), args);
  return { code, out: `${stdout}${stderr}` };
}

let mock: MockServer;
let broken: BrokenServer;
beforeAll(async () => {
  mock = await startMock();
  broken = await startBrokenServer(mock.url);
}, 30_000);
afterAll(async () => {
  await broken?.close();
  await mock?.close();
});

const mockLike = (baseUrl: string, requireEveryOperation: boolean) =>
  externalTarget({ baseUrl, apiKey: 'ik_live_contract', like: 'mock', requireEveryOperation });

test('npm run contract against an implementation that changes one response field exits 1 naming the operation and the field', async () => {
  const reports = mkdtempSync(join(tmpdir(), 'contract-reports-'));
  const { code, out } = await runCli(['--base-url', broken.url, '--api-key', 'ik_live_contract', '--like', 'mock', '--reports-dir', reports, '--quiet']);
  expect(code).toBe(1);
  const violation = `${BROKEN_OPERATION} 200: body ${BROKEN_FIELD}: must be equal to one of the allowed values`;
  expect(out).toContain(violation);
  const junit = readFileSync(join(reports, 'contract-junit.xml'), 'utf8');
  expect(junit).toContain(violation);
  expect(junit).toMatch(/<testsuites name="contract" tests="\d+" failures="[1-9]/);
  const summary = readFileSync(join(reports, 'contract-summary.md'), 'utf8');
  expect(summary).toContain('**FAILED**');
  const ctrf = JSON.parse(readFileSync(join(reports, 'contract-ctrf.json'), 'utf8'));
  expect(() => validateStrict(ctrf)).not.toThrow();
  expect(ctrf.results.tests.filter((t: { status: string }) => t.status === 'failed').map((t: { message: string }) => t.message)).toContainEqual(expect.stringContaining(violation));
  // Only cases of that operation fail: the report pins the change to one field of one operation.
  const failing = [...junit.matchAll(/<testcase classname="([^"]+)"[^>]*>\s*<failure/g)].map((m) => m[1]);
  expect(failing).toEqual([`contract.external.${BROKEN_OPERATION}`]);
}, 60_000);

test('prism proxy --errors in front of the broken implementation reports the same field independently', async () => {
  const proxied = await behindPrismProxy(mockLike(broken.url, false));
  try {
    // The cases of the broken operation are enough here; the CLI test above runs the whole suite.
    const result = await runSuite(proxied, { cases: cases.filter((c) => c.operation === BROKEN_OPERATION) });
    const failed = result.results.filter((r) => r.outcome === 'failed');
    expect(failed.map((f) => f.operation)).toEqual([BROKEN_OPERATION]);
    // Prism's own finding (problem+json 500 listing the violation), carried into the report.
    expect(failed[0]!.message).toMatch(/prism response\.body\.channel/);
  } finally {
    await proxied.close();
  }
}, 60_000);

test('npm run contract against a base URL where nothing listens exits 4 naming the URL and the cause, before any case', async () => {
  const port = await unusedPort();
  const { code, out } = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, '--api-key', 'ik_live_contract', '--reports-dir', mkdtempSync(join(tmpdir(), 'contract-reports-'))]);
  expect(code).toBe(4);
  expect(out).toContain(`cannot reach http://127.0.0.1:${port}/v1/status: ECONNREFUSED`);
  expect(out).not.toMatch(/[✔✘○] /);
}, 60_000);
