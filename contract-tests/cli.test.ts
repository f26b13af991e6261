// Drift checks for CI, proven on a deliberately broken implementation (fixtures/broken-server.ts: the
// mock with one response field changed): `npm run contract` fails naming the operation and the field, and
// `prism proxy --errors` in front of it catches the same field independently.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock, type MockServer } from '../mock/server';
import { BROKEN_FIELD, BROKEN_OPERATION, startBrokenServer, type BrokenServer } from './fixtures/broken-server';
import { cases } from './cases';
import { runSuite } from './runner';
import { behindPrismProxy, externalTarget } from './targets';

const ROOT = join(__dirname, '..');

function runCli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
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
