// Every TypeScript example a partner reads compiles, exactly as written, against the package under the
// project's strict compiler options: each ```ts block of every Markdown file of the package (README.md,
// docs/, mock/, server/, …) and each ```ts example in the doc comments of the client (client/*.ts), which
// is what editors show on hover. Each example is compiled as a module of its own; docs/snippets.test.ts runs
// the guides' and READMEs' in a default CommonJS project, where top-level await does not compile.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { typecheckSnippets } from './typecheck-snippets';

const root = resolve(__dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'reports', '.data', '.git', 'site']);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(path) ? [path] : [];
  });
}

export interface Example {
  /** `docs/webhooks.md #2`, `client/express.ts #1`. */
  name: string;
  code: string;
}

/** The ```ts blocks of a Markdown text. */
export function markdownExamples(text: string): string[] {
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? '');
}

/** The ```ts blocks inside the doc comments of a source file, without the leading ` * `. */
export function docCommentExamples(source: string): string[] {
  return [...source.matchAll(/^\s*\* ```ts\n([\s\S]*?)^\s*\* ```/gm)].map((match) =>
    (match[1] ?? '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''))
      .join('\n'),
  );
}

function allExamples(): Example[] {
  const examples: Example[] = [];
  for (const file of filesUnder(root, (f) => f.endsWith('.md'))) {
    markdownExamples(readFileSync(file, 'utf8')).forEach((code, index) => examples.push({ name: `${relative(root, file)} #${index + 1}`, code }));
  }
  for (const file of filesUnder(join(root, 'client'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    docCommentExamples(readFileSync(file, 'utf8')).forEach((code, index) => examples.push({ name: `${relative(root, file)} #${index + 1}`, code }));
  }
  return examples;
}

function compile(examples: Example[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'doc-examples-'));
  try {
    const files = examples.map(({ name, code }) => {
      const file = join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '_')}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      return file;
    });
    const tsc = typecheckSnippets(dir, files, { module: 'es2022', moduleResolution: 'bundler' });
    return tsc.status === 0 ? '' : tsc.output.split(dir).join('<example>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('TypeScript examples in the docs', () => {
  const examples = allExamples();

  it('are found in the guides and in the doc comments of the client (the webhook middleware among them)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(12);
    expect(examples.some((e) => e.name.startsWith('docs/webhooks.md'))).toBe(true);
    expect(examples.some((e) => e.name.startsWith('client/express.ts') && e.code.includes('webhookVerifier('))).toBe(true);
    expect(examples.some((e) => e.name.startsWith('client/express.ts') && e.code.includes('webhookReceiver('))).toBe(true);
  });

  it('every one compiles under strict exactly as documented', () => {
    expect(compile(examples)).toBe('');
  }, 120_000);

  it('the check fails on an example that does not compile under strict (an unused local, a wrong type)', () => {
    const output = compile([
      { name: 'broken #1', code: "import { createPartnerClient } from '@partner-messaging/client';\nconst unused = createPartnerClient;\n" },
      { name: 'broken #2', code: "import type { WebhookLocals } from '@partner-messaging/client/express';\nconst locals: WebhookLocals = { webhookEvent: 1 } as never;\nconst n: number = locals.webhookEvent;\nconsole.log(n);\n" },
    ]);
    expect(output).toContain("'unused' is declared but its value is never read");
    expect(output).toMatch(/broken_2.*error TS2322/);
  }, 120_000);
});
