// Runs code samples the way a partner does: each saved under the file name its first line gives, in a
// folder of its own beside the files it uploads, and run by its language's own toolchain (curl through sh,
// Node, tsx in a default CommonJS project, Python 3 with requests, Go, Java's single-file source launch,
// PHP with curl, Ruby). C# has no toolchain in Debian 12: its samples are only checked for their shape
// (checkCSharpShape), never run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { DOWNLOAD_FILE, PACKAGE_NAME, SAMPLE_LANGUAGES } from './code-samples';

const root = resolve(__dirname, '..');

/** The languages run here: every tab of the reference but C#. */
export type RunLanguage = 'curl' | 'typescript' | 'javascript' | 'python' | 'go' | 'java' | 'php' | 'ruby';

interface Toolchain {
  /** What a missing toolchain is called in the skip or failure message (the Debian packages). */
  needs: string;
  /** Whether the machine can run the language, answered once. */
  available(): boolean;
  /** The command running `file` (in its folder), as the sample's first line says. */
  command(file: string, project: SampleProject): [string, string[]];
  /** Environment that speeds the run up without changing what the program does. */
  env?: Record<string, string>;
}

/** The JVM's quick start for short programs (the launcher reads JDK_JAVA_OPTIONS; `java File.java` stays the command). */
const JAVA_QUICK_START = { JDK_JAVA_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto' };

const succeeds = (command: string, args: string[]) => {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  return run.error === undefined && run.status === 0;
};

/** Python 3 with requests: Debian's (python3-requests), else the first `python3` on PATH that imports it. */
let python: string | null | undefined;
function pythonWithRequests(): string | null {
  if (python === undefined) python = ['/usr/bin/python3', 'python3'].find((candidate) => succeeds(candidate, ['-c', 'import requests'])) ?? null;
  return python;
}

const TSX_CLI = require.resolve('tsx/cli');

export const TOOLCHAINS: Record<RunLanguage, Toolchain> = {
  curl: { needs: 'curl', available: () => succeeds('curl', ['--version']), command: (file) => ['sh', [file]] },
  typescript: { needs: 'Node.js', available: () => true, command: (file) => [process.execPath, [TSX_CLI, file]] },
  javascript: { needs: 'Node.js', available: () => true, command: (file) => [process.execPath, [file]] },
  python: { needs: 'python3-requests', available: () => pythonWithRequests() !== null, command: (file) => [pythonWithRequests()!, [file]] },
  go: { needs: 'golang-go', available: () => succeeds('go', ['version']), command: (file) => ['go', ['run', file]] },
  java: { needs: 'default-jdk-headless', available: () => succeeds('java', ['-version']), command: (file) => ['java', [file]], env: JAVA_QUICK_START },
  php: {
    needs: 'php-cli php-curl',
    available: () => succeeds('php', ['-r', "exit(function_exists('curl_init') ? 0 : 1);"]),
    command: (file) => ['php', [file]],
  },
  ruby: { needs: 'ruby', available: () => succeeds('ruby', ['--version']), command: (file) => ['ruby', [file]] },
};

/** The file name a sample's first line tells the reader to save it as. */
export function sampleFileName(source: string): string {
  const named = /save (?:this|it) as (\S+?)[,.]? /.exec(source)?.[1];
  if (!named) throw new Error(`the sample names no file to save it as:\n${source.split('\n').slice(0, 3).join('\n')}`);
  return named;
}

/**
 * Where samples run: a default CommonJS project (a package.json without `type`) with the client package
 * installed in its node_modules, built from client/ as the published package's JavaScript is (esbuild, ES
 * module and CommonJS behind the same `exports`). Each sample gets a folder of its own inside it.
 */
export interface SampleProject {
  dir: string;
  /** A new folder for one sample, holding the files the multipart samples upload. */
  folder(name: string, uploads: Record<string, Buffer>): string;
  close(): void;
}

export async function sampleProject(): Promise<SampleProject> {
  const dir = mkdtempSync(join(tmpdir(), 'samples-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'partner-samples', private: true }));
  const pkg = join(dir, 'node_modules', ...PACKAGE_NAME.split('/'));
  mkdirSync(pkg, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(root, 'client/package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: manifest.name,
      version: manifest.version,
      main: './dist/index.cjs',
      exports: { '.': { import: './dist/index.mjs', require: './dist/index.cjs' } },
    }),
  );
  for (const [format, extension] of [['cjs', 'cjs'], ['esm', 'mjs']] as const) {
    await build({
      entryPoints: [join(root, 'client/index.ts')],
      outfile: join(pkg, 'dist', `index.${extension}`),
      bundle: true,
      format,
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
    });
  }
  let count = 0;
  return {
    dir,
    folder(name, uploads) {
      const folder = join(dir, `${(count += 1)}-${name.replace(/[^A-Za-z0-9]+/g, '-')}`);
      mkdirSync(folder);
      for (const [file, bytes] of Object.entries(uploads)) writeFileSync(join(folder, file), bytes);
      return folder;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface SampleRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The bytes a download sample wrote, if any. */
  downloaded: Buffer | undefined;
  ms: number;
}

/** Saves `source` in a new folder of the project under the name it gives, and runs it there. */
export function runSample(language: RunLanguage, source: string, project: SampleProject, uploads: Record<string, Buffer>, timeoutMs: number): Promise<SampleRun> {
  const file = sampleFileName(source);
  const folder = project.folder(file, uploads);
  writeFileSync(join(folder, file), source);
  const toolchain = TOOLCHAINS[language];
  const [command, args] = toolchain.command(file, project);
  const started = Date.now();
  return new Promise((done) => {
    // At a lower priority (nice 10): compilers and JVMs of several samples at once would otherwise starve the
    // tests running beside them on CI's two cores.
    const child = spawn('nice', ['-n', '10', command, ...args], { cwd: folder, env: { ...process.env, NO_COLOR: '1', ...toolchain.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      let downloaded: Buffer | undefined;
      try {
        downloaded = readFileSync(join(folder, DOWNLOAD_FILE));
      } catch {
        downloaded = undefined;
      }
      done({ exitCode, stdout, stderr, downloaded, ms: Date.now() - started });
    };
    child.once('error', (error) => {
      stderr += String(error);
      finish(null);
    });
    child.once('close', finish);
  });
}

/**
 * What a sample printed: the status, and the answer after it. curl prints the status line and headers
 * first (`--include`, or `--dump-header -` for a download); every other sample prints the status alone on its
 * first line, then the answer.
 */
export function printedAnswer(language: RunLanguage, stdout: string): { status: number | undefined; body: string } {
  if (language === 'curl') {
    const [head = '', ...rest] = stdout.split(/\r?\n\r?\n/);
    return { status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]) || undefined, body: rest.join('\n\n') };
  }
  const [first = '', ...rest] = stdout.split('\n');
  return { status: /^\d{3}$/.test(first.trim()) ? Number(first.trim()) : undefined, body: rest.join('\n').trim() };
}

/** The .NET types the samples name, by namespace (those of `System` itself need no `using`). */
const CSHARP_NAMESPACES: Record<string, string> = {
  HttpClient: 'System.Net.Http',
  HttpRequestMessage: 'System.Net.Http',
  HttpMethod: 'System.Net.Http',
  StringContent: 'System.Net.Http',
  StreamContent: 'System.Net.Http',
  ByteArrayContent: 'System.Net.Http',
  MultipartFormDataContent: 'System.Net.Http',
  AuthenticationHeaderValue: 'System.Net.Http.Headers',
  MediaTypeHeaderValue: 'System.Net.Http.Headers',
  File: 'System.IO',
  Console: 'System',
};

/** Removes C#'s comments and string and character literals (regular, verbatim, interpolated and raw), keeping the rest. */
function csharpCode(source: string): { code: string; error?: string } {
  let code = '';
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest.startsWith('//')) {
      i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
      continue;
    }
    const raw = /^\$*("{3,})/.exec(rest);
    if (raw) {
      const end = source.indexOf(raw[1]!, i + raw[0].length);
      if (end < 0) return { code, error: 'a raw string literal is not closed' };
      code += '""';
      i = end + raw[1]!.length;
      continue;
    }
    const verbatim = /^(\$@|@\$|@)"/.exec(rest);
    if (verbatim) {
      let j = i + verbatim[0].length;
      while (j < source.length && !(source[j] === '"' && source[j + 1] !== '"')) j += source[j] === '"' ? 2 : 1;
      if (j >= source.length) return { code, error: 'a verbatim string literal is not closed' };
      code += '""';
      i = j + 1;
      continue;
    }
    if (rest.startsWith('$"') || rest.startsWith('"') || rest.startsWith("'")) {
      const quote = rest.startsWith("'") ? "'" : '"';
      let j = i + (rest.startsWith('$') ? 2 : 1);
      while (j < source.length && source[j] !== quote && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      if (source[j] !== quote) return { code, error: `a ${quote === '"' ? 'string' : 'character'} literal is not closed on its line` };
      code += '""';
      i = j + 1;
      continue;
    }
    code += source[i];
    i += 1;
  }
  return { code };
}

/**
 * What is checked of a C# sample, since no .NET SDK can compile or run it here: a `using` for the namespace of
 * every .NET type it names (and no type this check does not know), its literals closed and its brackets
 * balanced outside them, and that it prints the status and the answer. Returns the problems found.
 */
export function checkCSharpShape(source: string): string[] {
  const problems: string[] = [];
  const { code, error } = csharpCode(source);
  if (error) return [error];
  const usings = new Set([...code.matchAll(/^using ([\w.]+);$/gm)].map((match) => match[1]));
  // a capitalised name not after a dot: a type (a fully qualified `System.…` name needs no using)
  for (const [, type] of code.replace(/^using [\w.]+;$/gm, '').matchAll(/(?<![\w.])([A-Z]\w*)/g)) {
    if (type === undefined || type === 'System') continue;
    const namespace = CSHARP_NAMESPACES[type];
    if (namespace === undefined) problems.push(`names ${type}, whose namespace this check does not know`);
    else if (!usings.has(namespace)) problems.push(`names ${type} without using ${namespace}`);
  }
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of code) {
    if ('([{'.includes(char)) open.push(char);
    else if (char in pairs && open.pop() !== pairs[char]) problems.push(`an unbalanced ${char}`);
  }
  if (open.length) problems.push(`${open.join('')} never closed`);
  if (!/Console\.WriteLine\(\(int\)response\.StatusCode\);/.test(code)) problems.push('does not print the status');
  if (!/response\.Content\.ReadAs(String|ByteArray)Async\(\)/.test(code)) problems.push('does not read the answer');
  return [...new Set(problems)];
}

/** The languages of the reference with the toolchain that runs them (all but C#). */
export const RUN_LANGUAGES = SAMPLE_LANGUAGES.filter((language) => language.key in TOOLCHAINS).map((language) => ({
  ...language,
  key: language.key as RunLanguage,
}));
