// The layering check of .dependency-cruiser.cjs (`npm run depcheck`, part of `npm test`) passes on the
// project, and fails on code that breaks its rules: each rule is shown to fire on a small tree that breaks it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

test('the project holds every layering rule and has no import circle', () => {
  const run = cruise(root, ['server', 'spec', 'generated', 'client', 'mock', 'contract-tests', 'workflows', 'fuzz', 'bench', 'scripts', 'docs']);
  expect(run.output).toContain('no dependency violations found');
  expect(run.status).toBe(0);
}, 60_000);

test('an import circle, a domain reaching for Express or the composition root, and a store importing the domain all fail the check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'depcheck-'));
  try {
    const files: Record<string, string> = {
      'server/domain/rule.ts': "import type { Express } from 'express';\nimport { wired } from '../compose';\nexport const rule = (app: Express) => [app, wired];\n",
      'server/compose.ts': 'export const wired = 1;\n',
      'server/store/records.ts': "import { rule } from '../domain/rule';\nexport const record = rule;\n",
      'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', esModuleInterop: true } }));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const run = cruise(dir, ['server']);
    expect(run.status).not.toBe(0);
    for (const rule of ['no-circular', 'domain-is-pure', 'domain-without-frameworks', 'store-owns-its-records']) expect(run.output).toContain(`error ${rule}:`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
