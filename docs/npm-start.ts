// The reference server as `npm start` runs it, for the docs' end-to-end tests: the published server's
// bundle built when stale (`prestart`), then run in a child process (`start`) on a free port (PORT=0) with an
// empty data directory, so it creates and prints its first-start test key. Resolves once it printed its base
// URL and that key.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const START_TIMEOUT_MS = 90_000;

export interface StartedServer {
  child: ChildProcess;
  /** `http://localhost:<port>/v1` as printed. */
  baseUrl: string;
  /** `http://localhost:<port>`. */
  origin: string;
  /** The first-start test key (every scope). */
  apiKey: string;
  /** DATA_DIR, an empty folder of its own. */
  dataDir: string;
  /** What it printed on stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The arguments of a package.json script that runs `node` (from the project's root). */
function nodeArguments(name: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts[name]!.split(' ');
  if (command !== 'node') throw new Error(`package.json's ${name} script no longer runs node: ${scripts[name]}`);
  return args;
}
/** `npm start`'s two steps, as package.json writes them: the build when stale, then the bundle. */
const PRESTART = nodeArguments('prestart');
const START = nodeArguments('start');
/** The rendered reference the started server serves at /docs (the bundle's copy of docs/site). */
export const SERVED_SITE_FILE = join(root, 'server/dist/docs/site/index.html');

export async function startLikeNpmStart(env: Record<string, string> = {}): Promise<StartedServer> {
  await promisify(execFile)(process.execPath, PRESTART, { cwd: root });
  const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
  const child = spawn(process.execPath, START, {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, 5_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((done, fail) => {
    let output = '';
    const give = (error: Error) => void stop().then(() => fail(error));
    const timer = setTimeout(
      () => give(new Error(`npm start printed no base URL and key within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const baseUrl = /Reference server: (http:\/\/\S+\/v1)/.exec(output)?.[1];
      const apiKey = /\n(ik_test_\S+)\n/.exec(output)?.[1];
      if (baseUrl && apiKey) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        done({ child, baseUrl, origin: new URL(baseUrl).origin, apiKey, dataDir, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      give(new Error(`npm start exited (${code}) before printing the base URL and key:\n${output}`));
    });
  });
}
