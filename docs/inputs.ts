// What the rendered reference (docs/site/index.html) is made from, for skipping its build when nothing
// changed: the contract, the changelog, the guides and page assets, the build's own code and the contract
// module it reads with, and the lock file (the renderer's and the code samples' versions).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

const filesOf = (dir: string, keep: (name: string) => boolean): string[] =>
  readdirSync(resolve(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(dir, entry.name));

const source = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');

/** What the build makes, from the project's root. */
export const RENDERED_REFERENCE = 'docs/site/index.html';

export function docsInputs(): string[] {
  return [
    'openapi.yaml',
    'CHANGELOG.md',
    'package-lock.json',
    ...filesOf('docs', (name) => name.endsWith('.md') || source(name)),
    ...filesOf('docs/site-assets', () => true),
    ...filesOf('spec', source),
  ];
}
