// The layering check of .dependency-cruiser.cjs (`npm run depcheck`, part of `npm test`) passes on the
// project, and fails on code that breaks its rules: each rule is shown to fire on a small tree that breaks it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

function cruise(cwd: string, paths: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [depcruise, ...paths, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'], {
    cwd,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The folders `npm run depcheck` cruises, from its script in package.json. */
const CHECKED = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { depcheck: string } }).scripts.depcheck
  .split(' --')[0]!
  .split(' ')
  .slice(1);

/** Writes `files` into a throwaway tree with the project's node_modules, cruises `paths` there, removes it. */
function cruiseTree(files: Record<string, string>, paths: string[]): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'depcheck-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', esModuleInterop: true } }));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    return cruise(dir, paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the project holds every layering rule and has no import circle', () => {
  expect(CHECKED).toEqual(expect.arrayContaining(['server', 'spec', 'generated', 'client', 'cli', 'mock', 'contract-tests']));
  const run = cruise(root, CHECKED);
  expect(run.output).toContain('no dependency violations found');
  expect(run.status).toBe(0);
}, 60_000);

test('an import circle, a domain reaching for Express or the composition root, and a store importing the domain all fail the check', () => {
  const run = cruiseTree(
    {
      'server/domain/rule.ts': "import type { Express } from 'express';\nimport { wired } from '../compose';\nexport const rule = (app: Express) => [app, wired];\n",
      'server/compose.ts': 'export const wired = 1;\n',
      'server/store/records.ts': "import { rule } from '../domain/rule';\nexport const record = rule;\n",
      'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    },
    ['server'],
  );
  expect(run.status).not.toBe(0);
  for (const rule of ['no-circular', 'domain-is-pure', 'domain-without-frameworks', 'store-owns-its-records']) expect(run.output).toContain(`error ${rule}:`);
}, 60_000);

test("a client main entry that reaches Node's crypto through a helper, and a server module importing the docs build, fail the check", () => {
  const run = cruiseTree(
    {
      'client/index.ts': "export { sign } from './helper';\n",
      'client/helper.ts': "import { createHmac } from 'node:crypto';\nexport const sign = (s: string) => createHmac('sha256', s).digest('hex');\n",
      'server/http/page.ts': "import { title } from '../../docs/build';\nexport const page = title;\n",
      'docs/build.ts': "export const title = 'docs';\n",
    },
    ['client', 'server', 'docs'],
  );
  expect(run.status).not.toBe(0);
  for (const rule of ['client-main-entry-runs-in-browsers', 'shipped-code-stays-out-of-the-workbench']) expect(run.output).toContain(`error ${rule}:`);
}, 60_000);
