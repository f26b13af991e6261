// The patches of patches/ are in the installed packages: every hunk's resulting lines stand in the installed
// file, for the version installed. `npm install` applies them (`patch-package --error-on-fail --error-on-warn`
// in postinstall); a package moved to another version without its patch, or a patch that no longer applies,
// fails here as well as at install (docs/decisions.md, "Moving to a new express-openapi-validator release").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const PATCHES = join(ROOT, 'patches');

interface FilePatch {
  /** Path from the repository root, e.g. node_modules/express-openapi-validator/dist/…/x.js */
  file: string;
  /** Each hunk's lines as they read once applied (context and added lines, in order). */
  hunks: string[][];
}

/** The files of a unified diff (as patch-package writes it) and the lines each hunk leaves. */
function parsePatch(text: string): FilePatch[] {
  const files: FilePatch[] = [];
  let hunk: string[] | undefined;
  for (const line of text.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) {
      files.push({ file: target[1]!, hunks: [] });
      hunk = undefined;
    } else if (line.startsWith('@@')) {
      hunk = [];
      files.at(-1)!.hunks.push(hunk);
    } else if (hunk && (line.startsWith(' ') || line.startsWith('+'))) {
      hunk.push(line.slice(1));
    }
  }
  return files;
}

/** A patch file's package and version: `express-openapi-validator+5.6.2.patch`, `@scope+name+1.0.0.patch`. */
function packageOf(patchFile: string): { name: string; version: string } {
  const parts = patchFile.replace(/\.patch$/, '').split('+');
  return { name: parts.slice(0, -1).join('/'), version: parts.at(-1)! };
}

const patchFiles = readdirSync(PATCHES).filter((f) => f.endsWith('.patch'));

test('the repository patches express-openapi-validator (the route matchers, the named route, no meta-schema compile)', () => {
  expect(patchFiles.map((f) => packageOf(f).name)).toContain('express-openapi-validator');
});

describe.each(patchFiles)('%s', (patchFile) => {
  const { name, version } = packageOf(patchFile);
  const files = parsePatch(readFileSync(join(PATCHES, patchFile), 'utf8'));

  test(`is for the installed version of ${name}`, () => {
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    expect(installed).toBe(version);
  });

  test('every hunk is applied to the installed files', () => {
    expect(files.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const { file, hunks } of files) {
      const installed = readFileSync(join(ROOT, file), 'utf8').split('\n');
      hunks.forEach((hunk, i) => {
        const at = installed.findIndex((_, start) => hunk.every((line, j) => installed[start + j] === line));
        if (at < 0) missing.push(`${file}, hunk ${i + 1} (${hunk.find((line) => line.trim()) ?? ''})`);
      });
    }
    expect(missing).toEqual([]);
  });
});
