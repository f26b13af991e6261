// Runs code samples the way a partner does: each saved under the file name its first line gives, in a
// folder of its own beside the files it uploads, and run by its language's own toolchain (curl through sh,
// Node, TypeScript as tsx runs it in a default CommonJS project, Python 3 with requests, Go, Java, PHP with
// curl, Ruby). C# has no toolchain in Debian 12: its samples are only checked for their shape
// (checkCSharpShape), never run.
//
// Where a language compiles, the samples of a run are compiled together before the first runs, each on its
// own, and each then runs as its own program: one compiler start for all instead of one per sample, with the
// same source compiled by the same compiler as the one-file command of its first line (which is what a
// partner runs). TypeScript: esbuild's transform to CommonJS, what tsx does to a file of a CommonJS project,
// in this process's esbuild service, then `node`; Java: the JDK's javac (javax.tools, the compiler `java
// File.java` runs in memory) in one JVM (docs/CompileJavaSamples.java), then `java -cp <folder> <class>`.
// Go keeps `go run`: its build cache already makes a run one compile and one link, which building all at
// once would repeat per program anyway.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { build, transform } from 'esbuild';
import { readDocument } from '../spec';
import { DOWNLOAD_FILE, PACKAGE_NAME } from './sample-conventions';
import { SAMPLE_LANGUAGES } from './sample-languages';

const root = resolve(__dirname, '..');

/** The languages run here: every tab of the reference but C#. */
export type RunLanguage = 'curl' | 'typescript' | 'javascript' | 'python' | 'go' | 'java' | 'php' | 'ruby';

/** A sample saved in its folder (`folder/file`), ready to compile and run. */
export interface SavedSample {
  folder: string;
  file: string;
}

interface Toolchain {
  /** What a missing toolchain is called in the skip or failure message (the Debian packages). */
  needs: string;
  /** Whether the machine can run the language, answered once. */
  available(): boolean;
  /**
   * Compiles the samples of a run at once, each on its own, where the language compiles: answers the
   * compiler's complaints about each sample that did not compile, by folder.
   */
  compile?(samples: SavedSample[]): Promise<Map<string, string>>;
  /** The command running a saved (and compiled) sample, in its folder. */
  command(sample: SavedSample): [string, string[]];
  /** Environment that speeds the run up without changing what the program does. */
  env?: Record<string, string>;
}

/** The JVM's quick start for short programs (the launcher reads JDK_JAVA_OPTIONS). */
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

/** What tsx runs for a `.ts` file of a CommonJS project: the file as CommonJS, compiled by esbuild for this Node. */
const compiledTypeScript = (sample: SavedSample) => sample.file.replace(/\.ts$/, '.cjs');

async function compileTypeScript(samples: SavedSample[]): Promise<Map<string, string>> {
  const failed = new Map<string, string>();
  for (const sample of samples) {
    try {
      const { code } = await transform(readFileSync(join(sample.folder, sample.file), 'utf8'), {
        loader: 'ts',
        format: 'cjs',
        platform: 'node',
        target: `node${process.versions.node}`,
        sourcefile: sample.file,
      });
      writeFileSync(join(sample.folder, compiledTypeScript(sample)), code);
    } catch (error) {
      failed.set(sample.folder, String(error));
    }
  }
  return failed;
}

const JAVA_COMPILER = join(__dirname, 'CompileJavaSamples.java');

/** Every Java sample compiled into its own folder by docs/CompileJavaSamples.java, in one JVM. */
async function compileJava(samples: SavedSample[]): Promise<Map<string, string>> {
  const files = samples.map((sample) => join(sample.folder, sample.file));
  const run = await runProgram('java', [JAVA_COMPILER, ...files], root, JAVA_QUICK_START, COMPILE_TIMEOUT_MS);
  const failed = new Map<string, string>();
  // its output: `== <file>` before each failed file's diagnostics
  for (const [, file, diagnostics] of run.stdout.matchAll(/^== (.+)\n((?:(?!== ).*\n)*)/gm)) failed.set(resolve(file!, '..'), diagnostics!);
  if (run.exitCode !== 0 && failed.size === 0) {
    for (const sample of samples) failed.set(sample.folder, `docs/CompileJavaSamples.java exited ${run.exitCode}:\n${run.stdout}${run.stderr}`);
  }
  return failed;
}

export const TOOLCHAINS: Record<RunLanguage, Toolchain> = {
  curl: { needs: 'curl', available: () => succeeds('curl', ['--version']), command: ({ file }) => ['sh', [file]] },
  typescript: { needs: 'Node.js', available: () => true, compile: compileTypeScript, command: (sample) => [process.execPath, [compiledTypeScript(sample)]] },
  javascript: { needs: 'Node.js', available: () => true, command: ({ file }) => [process.execPath, [file]] },
  python: { needs: 'python3-requests', available: () => pythonWithRequests() !== null, command: ({ file }) => [pythonWithRequests()!, [file]] },
  go: { needs: 'golang-go', available: () => succeeds('go', ['version']), command: ({ file }) => ['go', ['run', file]] },
  java: {
    needs: 'default-jdk-headless',
    available: () => succeeds('java', ['-version']),
    compile: compileJava,
    command: ({ folder, file }) => ['java', ['-cp', folder, basename(file, '.java')]],
    env: JAVA_QUICK_START,
  },
  php: {
    needs: 'php-cli php-curl',
    available: () => succeeds('php', ['-r', "exit(function_exists('curl_init') ? 0 : 1);"]),
    command: ({ file }) => ['php', [file]],
  },
  ruby: { needs: 'ruby', available: () => succeeds('ruby', ['--version']), command: ({ file }) => ['ruby', [file]] },
};

/** The file name a sample's first line tells the reader to save it as. */
export function sampleFileName(source: string): string {
  const named = /save (?:this|it) as (\S+?)[,.]? /.exec(source)?.[1];
  if (!named) throw new Error(`the sample names no file to save it as:\n${source.split('\n').slice(0, 3).join('\n')}`);
  return named;
}

/** The client's entries as the published package exports them: the client, `./webhooks` (Node) and `./express` (Node). */
const CLIENT_ENTRIES = [
  { subpath: '.', name: 'index', source: 'client/index.ts', platform: 'neutral' },
  { subpath: './webhooks', name: 'webhooks', source: 'client/webhooks.ts', platform: 'node' },
  { subpath: './express', name: 'express', source: 'client/express.ts', platform: 'node' },
] as const;

/** A package in the project's node_modules: its entries built by esbuild as ES module and CommonJS behind `exports`, and its files. */
async function placePackage(
  modules: string,
  manifest: { name: string; version: string },
  entries: ReadonlyArray<{ subpath: string; name: string; source: string; platform: 'neutral' | 'node' }>,
  files: Record<string, string> = {},
): Promise<void> {
  const pkg = join(modules, ...manifest.name.split('/'));
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  const exports: Record<string, unknown> = {};
  for (const entry of entries) {
    exports[entry.subpath] = { import: `./dist/${entry.name}.mjs`, require: `./dist/${entry.name}.cjs` };
    for (const [format, extension] of [['cjs', 'cjs'], ['esm', 'mjs']] as const) {
      await build({
        entryPoints: [join(root, entry.source)],
        outfile: join(pkg, 'dist', `${entry.name}.${extension}`),
        bundle: true,
        format,
        platform: entry.platform,
        target: 'es2022',
        external: ['express'],
        logLevel: 'silent',
      });
    }
  }
  for (const [file, text] of Object.entries(files)) {
    exports[`./${file}`] = `./dist/${file}`;
    writeFileSync(join(pkg, 'dist', file), text);
  }
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: manifest.name, version: manifest.version, main: './dist/index.cjs', exports }));
}

const manifestOf = (folder: string) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { name: string; version: string };

/**
 * Where samples and the guides' snippets run: a default CommonJS project (a package.json without `type`, as
 * `npm init -y` writes it) with what they install in its node_modules: the client with its three entries and
 * the contract package (`openapi.yaml`, `openapi.json` beside the types' values), built from client/ and
 * generated/ as the published packages' JavaScript is (esbuild, ES module and CommonJS behind the same
 * `exports`), and Express (the workspace's own, linked). Each sample gets a folder of its own inside it.
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
  const modules = join(dir, 'node_modules');
  const client = manifestOf('client');
  if (client.name !== PACKAGE_NAME) throw new Error(`client/package.json names ${client.name}, the samples import ${PACKAGE_NAME}`);
  await placePackage(modules, client, CLIENT_ENTRIES);
  const contractYaml = readFileSync(join(root, 'openapi.yaml'), 'utf8');
  await placePackage(modules, manifestOf('generated'), [{ subpath: '.', name: 'index', source: 'generated/index.ts', platform: 'neutral' }], {
    'openapi.yaml': contractYaml,
    'openapi.json': JSON.stringify(readDocument(join(root, 'openapi.yaml'))),
  });
  symlinkSync(join(root, 'node_modules', 'express'), join(modules, 'express'), 'dir');
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

/** A safety net for compiling all the samples of a run at once on a loaded machine. */
const COMPILE_TIMEOUT_MS = 300_000;

/**
 * Runs a program to its end at a lower priority (nice 10): compilers and JVMs of several samples at once would
 * otherwise starve the tests running beside them on CI's two cores.
 */
function runProgram(command: string, args: string[], cwd: string, env: Record<string, string> | undefined, timeoutMs: number): Promise<Omit<SampleRun, 'downloaded'>> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('nice', ['-n', '10', command, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
      done({ exitCode, stdout, stderr, ms: Date.now() - started });
    };
    child.once('error', (error) => {
      stderr += String(error);
      finish(null);
    });
    child.once('close', finish);
  });
}

/** A sample saved as a partner saves it: in a new folder of the project, under the name its first line gives. */
export function saveSample(source: string, project: SampleProject, uploads: Record<string, Buffer>): SavedSample {
  const file = sampleFileName(source);
  const folder = project.folder(file, uploads);
  writeFileSync(join(folder, file), source);
  return { folder, file };
}

/** Compiles the saved samples of a run where the language compiles; answers the complaints about each that did not, by folder. */
export function compileSamples(language: RunLanguage, samples: SavedSample[]): Promise<Map<string, string>> {
  return TOOLCHAINS[language].compile?.(samples) ?? Promise.resolve(new Map());
}

/**
 * Runs a saved and compiled sample in its folder, with `env` besides the process's (what a reader exports:
 * `PARTNER_API_KEY`, …); one that did not compile fails with the compiler's complaints.
 */
export async function runSample(language: RunLanguage, sample: SavedSample, compileErrors: Map<string, string>, timeoutMs: number, env: Record<string, string> = {}): Promise<SampleRun> {
  const notCompiled = compileErrors.get(sample.folder);
  if (notCompiled !== undefined) return { exitCode: null, stdout: '', stderr: `did not compile:\n${notCompiled}`, downloaded: undefined, ms: 0 };
  const toolchain = TOOLCHAINS[language];
  const [command, args] = toolchain.command(sample);
  const run = await runProgram(command, args, sample.folder, { ...toolchain.env, ...env }, timeoutMs);
  let downloaded: Buffer | undefined;
  try {
    downloaded = readFileSync(join(sample.folder, DOWNLOAD_FILE));
  } catch {
    downloaded = undefined;
  }
  return { ...run, downloaded };
}

/**
 * Starts a saved and compiled program that runs until stopped (a webhook receiver), in its folder, with `env`
 * besides the process's: the caller reads its output, talks to it and kills it.
 */
export function launchSample(language: RunLanguage, sample: SavedSample, env: Record<string, string> = {}): ChildProcess {
  const toolchain = TOOLCHAINS[language];
  const [command, args] = toolchain.command(sample);
  return spawn(command, args, { cwd: sample.folder, env: { ...process.env, NO_COLOR: '1', ...toolchain.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
