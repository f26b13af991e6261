// `npm start` checks and, when stale, builds the server under tsx's CommonJS hooks alone (package.json's
// prestart): no ES module loader starts, which keeps a restart with nothing changed quick. There a
// TypeScript module can be required but not imported, and a fresh clone's first `npm start` always builds.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const prestart = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.prestart!;

describe("npm start's build step", () => {
  test('runs the build under tsx\'s CommonJS hooks, and its usage answers there', () => {
    expect(prestart).toMatch(/^node --require tsx\/cjs scripts\/packages\/build\.ts --if-stale server$/);
    const usage = execFileSync(process.execPath, ['--require', 'tsx/cjs', 'scripts/packages/build.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(usage).toMatch(/^Usage: /);
  });

  test.each(['scripts/packages/build.ts', 'docs/build.ts'])('%s loads no module of this project with import(), only packages', (file) => {
    const dynamicImports = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?<!typeof )\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(([, target]) => target!);
    expect(dynamicImports.filter((target) => target.startsWith('.'))).toEqual([]);
  });
});
