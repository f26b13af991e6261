// Compiles code samples with the language's own tools, as a partner pasting them would: JavaScript with
// `node --check` (an ES module: top-level await allowed), Python with `py_compile`, Java with `javac` (each
// sample is a statement list, wrapped in a class with the java.net.http imports it assumes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CompileResult {
  /** What the compiler printed (empty when every sample compiles). */
  output: string;
  status: number | null;
}

/** A named sample: `name` is only used to name its file, so errors point at the operation. */
export interface NamedSource {
  name: string;
  source: string;
}

export type SampleLanguage = 'javascript' | 'python' | 'java';

/** The command each language is compiled with; a test skips the language when it is missing. */
export const COMPILERS: Record<SampleLanguage, string> = { javascript: process.execPath, python: 'python3', java: 'javac' };

export function hasCompiler(language: SampleLanguage): boolean {
  return spawnSync(COMPILERS[language], ['--version'], { encoding: 'utf8' }).status === 0;
}

const fileName = (index: number, name: string): string => `s${index}_${name.replace(/[^A-Za-z0-9]+/g, '_')}`;

function inTempDir(run: (dir: string) => CompileResult): CompileResult {
  const dir = mkdtempSync(join(tmpdir(), 'samples-'));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function collect(results: Array<{ stdout: string; stderr: string; status: number | null }>, dir: string): CompileResult {
  const failed = results.find((r) => r.status !== 0);
  const output = results.map((r) => `${r.stdout}${r.stderr}`).join('').split(dir).join('<samples>');
  return { output, status: failed ? failed.status : 0 };
}

export function compileSamples(language: SampleLanguage, samples: readonly NamedSource[]): CompileResult {
  return inTempDir((dir) => {
    if (language === 'javascript') {
      const results = samples.map(({ name, source }, index) => {
        const file = join(dir, `${fileName(index, name)}.mjs`);
        writeFileSync(file, source);
        return spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
      });
      return collect(results, dir);
    }
    if (language === 'python') {
      const files = samples.map(({ name, source }, index) => {
        const file = join(dir, `${fileName(index, name)}.py`);
        writeFileSync(file, `import requests\n\n${source}\n`);
        return file;
      });
      return collect([spawnSync('python3', ['-m', 'py_compile', ...files], { encoding: 'utf8' })], dir);
    }
    const files = samples.map(({ name, source }, index) => {
      const className = `S${index}_${name.replace(/[^A-Za-z0-9]+/g, '_')}`;
      const file = join(dir, `${className}.java`);
      const body = source.split('\n').map((line) => `    ${line}`).join('\n');
      writeFileSync(
        file,
        `import java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\n` +
          `public class ${className} {\n  public static void main(String[] args) throws Exception {\n${body}\n  }\n}\n`,
      );
      return file;
    });
    return collect([spawnSync('javac', ['-d', join(dir, 'classes'), ...files], { encoding: 'utf8' })], dir);
  });
}
