// Whether a build's output is still what its inputs make: a build records the content hash of every file it
// was made from beside its output; it is fresh while each of those files (and the set of them) is unchanged.
// `npm start` skips the docs build and the server bundle this way when nothing changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

/** Where the build named `name` records its inputs (npm's conventional cache folder, emptied by `npm ci`). */
export const stampFile = (name: string): string => resolve(ROOT, 'node_modules', '.cache', 'partner-messaging', `${name}.json`);

type Digests = Record<string, string>;

function digestOf(file: string): string | undefined {
  const path = resolve(ROOT, file);
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('base64') : undefined;
}

function digests(files: Iterable<string>): Digests {
  const out: Digests = {};
  for (const file of [...files].map((f) => relative(ROOT, resolve(ROOT, f))).sort()) out[file] = digestOf(file) ?? 'missing';
  return out;
}

/** Records that the build at `stampFile` was made from `inputs` (paths from the project's root) as they are now. */
export function writeStamp(stampFile: string, inputs: Iterable<string>): void {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ inputs: digests(inputs) }, null, 1)}\n`);
}

/**
 * True when the build recorded at `stampFile` was made from exactly these files as they are now. Without
 * `inputs`, the files the stamp lists are the inputs (a bundle's inputs are the modules it imported: a new
 * file matters only once one of them imports it, which changes that one).
 */
export function isFresh(stampFile: string, inputs?: Iterable<string>): boolean {
  if (!existsSync(stampFile)) return false;
  let recorded: Digests;
  try {
    recorded = (JSON.parse(readFileSync(stampFile, 'utf8')) as { inputs: Digests }).inputs;
  } catch {
    return false;
  }
  const now = digests(inputs ?? Object.keys(recorded));
  const names = Object.keys(now);
  return names.length === Object.keys(recorded).length && names.every((name) => recorded[name] === now[name]);
}
