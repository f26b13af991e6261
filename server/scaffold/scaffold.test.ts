// The scaffold as an implementer uses it: `npm run scaffold -- --out DIR` writes a project that compiles
// with tsc against the contract package, starts, answers every operation with its first documented example
// (a documented 2xx holding openapi.yaml), and passes the drift check's shape bar (every case, --shape-only);
// a scaffolded project whose pipeline drops a required header fails that same bar. The project resolves its
// packages from this repository's node_modules (a symlink), the contract package from its built dist/.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cases, probes } from '../../contract-tests/cases';
import { runTsCommand } from '../../contract-tests/fixtures/commands';
import { loadEntries } from '../../contract-tests/fixtures-file';
import { newRunState } from '../../contract-tests/harness';
import { expectHeld } from '../../contract-tests/jest-suite';
import { executeCase } from '../../contract-tests/runner';
import { MOCK_ENTRIES, externalTarget } from '../../contract-tests/targets';
import { Coverage } from '../../contract-tests/coverage';
import { EXIT } from '../../contract-tests/exit-codes';
import { buildPackage } from '../../scripts/packages/build';
import { contract } from '../../spec';

const ROOT = join(__dirname, '..', '..');
const TSC = require.resolve('typescript/bin/tsc');
const API_KEY = 'ik_live_scaffoldedProjectCheck0000000000';
const work = mkdtempSync(join(tmpdir(), 'scaffold-'));
const project = join(work, 'partner-service');
const started: ChildProcess[] = [];

const scaffold = (args: string[]) => runTsCommand(join(ROOT, 'server/scaffold/cli.ts'), args);
const tsc = (dir: string, ...args: string[]) => spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json'), ...args], { cwd: dir, encoding: 'utf8' });
const tagFile = (tag: string) => `src/handlers/${tag.toLowerCase()}.ts`;

/** Starts `node dist/main.js` of a built project on an ephemeral port; resolves to its base URL once it listens. */
function start(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/main.js'], { cwd: dir, env: { ...process.env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const url = /Listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => reject(new Error(`the scaffolded service exited with ${code}:\n${out}`)));
  });
}

/**
 * `npm run contract` against a URL with every case of the suite (not the mock's profile), the fixtures the
 * contract's example values (as the mock's runs use them; the second partner's references made up, which a
 * stub of one partner never issued), and only the shape of the answers judged; its CTRF report read back. Left
 * out: a webhook receiver, more than the one signup code a stub cannot tell apart, and most of the generated
 * phase (200 requests, every operation's first probes: the whole phase takes minutes at the stub's 600 a minute).
 */
async function driftCheck(baseUrl: string, reports: string) {
  const fixtures = join(reports, 'fixtures.json');
  mkdirSync(reports, { recursive: true });
  writeFileSync(fixtures, JSON.stringify(MOCK_ENTRIES));
  const args = ['--base-url', baseUrl, '--api-key', API_KEY, '--fixtures', fixtures, '--shape-only', '--max-requests', '200', '--allow-missing', 'webhooks,webhook_test_trigger,signup_auth_code,generated'];
  const run = await runTsCommand(join(ROOT, 'contract-tests/cli.ts'), [...args, '--reports-dir', reports, '--quiet'], { GITHUB_ACTIONS: '' });
  const ctrf = JSON.parse(readFileSync(join(reports, 'contract-ctrf.json'), 'utf8'));
  return { ...run, output: `${run.stdout}${run.stderr}`, ctrf, findings: ctrf.extra.findings as { rule: string; where: string[] }[] };
}

let built: ReturnType<typeof tsc>;
let baseUrl: string;

beforeAll(async () => {
  await buildPackage('contract', { ifStale: true });
  const written = await scaffold(['--out', project]);
  assert.equal(written.code, 0, written.stderr);
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
  built = tsc(project);
  if (built.status === 0) baseUrl = await start(project);
}, 180_000);

afterAll(() => {
  for (const child of started) child.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('the scaffolded project', () => {
  test('has one handler module per tag holding every operation of the tag, a README and the pinned dependencies', () => {
    const byTag = new Map<string, string[]>();
    for (const op of contract().operations) byTag.set(op.tags[0]!, [...(byTag.get(op.tags[0]!) ?? []), op.operationId]);
    const modules = readdirSync(join(project, 'src/handlers')).filter((f) => f !== 'index.ts');
    expect(modules.sort()).toEqual([...byTag.keys()].map((tag) => tagFile(tag).slice('src/handlers/'.length)).sort());
    for (const [tag, ids] of byTag) {
      const text = readFileSync(join(project, tagFile(tag)), 'utf8');
      for (const id of ids) expect(text).toMatch(new RegExp(`^  ${id}: async`, 'm'));
    }
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('partner-service');
    expect(manifest.dependencies).toEqual({
      '@partner-messaging/contract': JSON.parse(readFileSync(join(ROOT, 'generated/package.json'), 'utf8')).version,
      express: root.dependencies.express,
      'express-openapi-validator': root.dependencies['express-openapi-validator'],
    });
    const readme = readFileSync(join(project, 'README.md'), 'utf8');
    for (const words of ['When the contract changes', 'npm run breaking', '--shape-only']) expect(readme).toContain(words);
  });

  test('compiles with tsc against the contract package', () => {
    expect(`${built.stdout}${built.stderr}`).toBe('');
    expect(built.status).toBe(0);
  });

  test('a stub answering a status its operation does not document fails the type-check', () => {
    const copy = join(work, 'undocumented-status');
    cpSync(project, copy, { recursive: true, verbatimSymlinks: true, filter: (src) => !src.includes(`${project}/dist`) });
    const file = join(copy, tagFile('Status'));
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: 200,', 'status: 201,'));
    const result = tsc(copy, '--noEmit');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/^src\/handlers\/status\.ts\(\d+,\d+\): error TS2322:[^]*Type '201' is not assignable to type '500'/m);
  });

  test.each(contract().operations.map((op) => [op.operationId, op] as const))('%s answers its first documented example with a documented 2xx holding openapi.yaml', async (id, op) => {
    const target = externalTarget({ baseUrl, apiKey: API_KEY, entries: loadEntries(undefined, {}) });
    const status = Object.keys(op.responses).filter((s) => s.startsWith('2')).sort()[0]!;
    const content = Object.values(op.responses[status]!.content)[0];
    const result = await executeCase(
      {
        operation: id,
        name: `${id} stub`,
        run: async (ctx) => {
          const probe = probes[id];
          const { response } = probe ? await probe(ctx, API_KEY) : { response: await ctx.raw('GET', '/status', { key: null }) };
          const e = ctx.last();
          assert.equal(response.status, Number(status), `answered ${response.status} ${JSON.stringify(e.json)}`);
          if (content && e.json !== undefined) assert.deepEqual(e.json, Object.values(content.examples)[0]);
        },
      },
      target,
      new Coverage('scaffold'),
      newRunState(0),
    );
    expectHeld(result);
  });

  test('passes the drift check with --shape-only: exit 0, every case run, no response breaks openapi.yaml', async () => {
    const run = await driftCheck(baseUrl, join(work, 'reports'));
    expect(run.findings).toEqual([]);
    expect(run.code).toBe(EXIT.passed);
    const tests = run.ctrf.results.tests as { status: string; message?: string }[];
    expect(tests.filter((t) => t.status === 'failed')).toEqual([]);
    // what did not run is only what the run was told to go without
    const skipped = tests.filter((t) => t.status === 'skipped');
    const withoutThem = cases.filter((c) => c.fixtures?.some((f) => ['webhooks', 'webhookTestTrigger', 'signupAuthCode'].includes(f))).length;
    expect(skipped.length).toBeLessThanOrEqual(withoutThem);
    for (const t of skipped) expect(t.message).toMatch(/webhook|signup_auth_code/);
    expect(tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(150);
    expect(run.output).toContain('Lowered with `--shape-only`');
  }, 120_000);

  test('with a pipeline that drops X-Request-Id, the same drift check fails on that header', async () => {
    const copy = join(work, 'no-request-id');
    cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
    const pipeline = join(copy, 'dist/pipeline.js');
    const text = readFileSync(pipeline, 'utf8');
    assert.match(text, /res\.setHeader\('X-Request-Id', /);
    writeFileSync(pipeline, text.replace(/res\.setHeader\('X-Request-Id', [^;]+;/, ''));
    const run = await driftCheck(await start(copy), join(work, 'reports-broken'));
    expect(run.code).toBe(EXIT.violation);
    expect(run.findings.map((f) => f.rule)).toContain('header X-Request-Id: is required but missing');
  }, 120_000);
});

describe('npm run scaffold', () => {
  test('--help prints the usage and writes nothing', async () => {
    const out = join(work, 'help');
    const run = await scaffold(['--help', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: partner-messaging-scaffold --out DIR');
    expect(existsSync(out)).toBe(false);
  });

  test('an unknown flag, or no --out, exits 2 with the usage', async () => {
    for (const args of [['--out', join(work, 'x'), '--overwrite'], []]) {
      const run = await scaffold(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: partner-messaging-scaffold');
    }
  });

  test('refuses a folder that is not empty (exit 1, nothing written), and writes into it with --force', async () => {
    const dir = join(work, 'occupied');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const refused = await scaffold(['--out', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${dir} is not empty`);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    const forced = await scaffold(['--out', dir, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'src/handlers/index.ts'))).toBe(true);
  });
});
