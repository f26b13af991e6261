// The code snippets of the guides and READMEs, run as a reader runs them: each saved in a folder of its own in
// a default CommonJS project that has what the snippets install (docs/run-samples.ts, the runner of the
// reference's samples), compiled and run by its language's toolchain with what the reader exports in the
// environment (the key, the webhook secret, the sandbox's origin and token). The addresses a snippet names
// stand for the reader's servers and are pointed at the test's: the reference server at localhost:4000 or
// api.example.com, the mock at localhost:4010, and a webhook receiver at localhost:3000 (the snippet's own,
// on a free port, when it is the receiver).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { RunLanguage } from './run-samples';

const root = resolve(__dirname, '..');

/** Folders whose Markdown is not the project's own writing. */
const SKIP = new Set(['node_modules', 'dist', 'reports', '.data', '.git', 'site']);

/** Every Markdown file of the project (the README, the package READMEs, the guides), relative to its root. */
export function markdownFiles(dir = root): string[] {
  return readdirSync(dir)
    .filter((name) => !SKIP.has(name))
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [relative(root, path)] : [];
    })
    .sort();
}

/** The fence languages that are programs, and the toolchain that runs each. */
const FENCES: Record<string, { language: RunLanguage; file: string }> = {
  ts: { language: 'typescript', file: 'snippet.ts' },
  python: { language: 'python', file: 'snippet.py' },
};

export interface Snippet {
  /** `docs/webhooks.md #2`: the file and the snippet's place among its programs. */
  name: string;
  file: string;
  language: RunLanguage;
  /** The name it is saved under. */
  fileName: string;
  source: string;
}

/** The program snippets of a Markdown file, in order. */
export function snippetsOf(file: string, text = readFileSync(join(root, file), 'utf8')): Snippet[] {
  const found = [...text.matchAll(/^```([a-z]+)\n([\s\S]*?)^```/gm)].filter((match) => match[1]! in FENCES);
  return found.map((match, index) => {
    const { language, file: fileName } = FENCES[match[1]!]!;
    return { name: `${relative(root, join(root, file))} #${index + 1}`, file, language, fileName, source: match[2]! };
  });
}

/** Whether a snippet is a server that runs until stopped (a webhook receiver): it listens. */
export const listens = (snippet: Pick<Snippet, 'source'>): boolean => /\.listen\(/.test(snippet.source);

/** The addresses a snippet names and what the test serves them at. */
export interface SnippetTargets {
  /** The reference server's origin (`http://127.0.0.1:PORT`). */
  origin: string;
  /** The mock's origin. */
  mock?: string;
  /** The port a snippet's webhook sends go to (a receiver of the test), or the receiver snippet listens on. */
  receiverPort: number;
}

/** The snippet pointed at the test's servers, as a reader points it at theirs. */
export function pointedAt(source: string, targets: SnippetTargets): string {
  let out = source
    .split('https://api.example.com/v1')
    .join(`${targets.origin}/v1`)
    .split('http://localhost:4000')
    .join(targets.origin)
    .split('localhost:3000')
    .join(`localhost:${targets.receiverPort}`)
    .replace(/\.listen\(3000\b/g, `.listen(${targets.receiverPort}`);
  if (targets.mock) out = out.split('http://localhost:4010').join(targets.mock);
  return out;
}
