// Child processes of the benchmark and of the crash / abuse tests: the reference server, spawned directly
// so the pid we hold IS the server and killing it leaves nothing behind (the published bundle, exactly as
// `npm start` runs it, for the benchmark; from source through tsx for the tests, so they never run a stale build), and
// /proc sampling of a child's memory.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { failureCause, isConnectionFailure, isTimeout } from '../client/request-failure';
import { freePort } from '../mock/prism';

export const ROOT = join(__dirname, '..');
export const SERVER_MAIN = join(ROOT, 'server', 'main.ts');
/** The published server's bundle (what `npm start` and `npx partner-messaging-server` run). */
export const COMPILED_SERVER_MAIN = join(ROOT, 'server', 'dist', 'server.js');

/** How a server child is started: `compiled` as `npm start` does, `source` through tsx. */
export type ServerBuild = 'compiled' | 'source';
const SERVER_COMMAND: Record<ServerBuild, string[]> = { compiled: [COMPILED_SERVER_MAIN], source: ['--import', 'tsx', SERVER_MAIN] };
export const serverCommandLine = (build: ServerBuild) => `node ${SERVER_COMMAND[build].map((a) => a.replace(`${ROOT}/`, '')).join(' ')}`;
export interface Child {
  child: ChildProcess;
  pid: number;
  port: number;
  /** Origin, e.g. http://127.0.0.1:41234 (no /v1). */
  origin: string;
  output(): string;
  /** Resolves when the child has exited. */
  exited: Promise<void>;
  /** SIGTERM, SIGKILL after 3 s (30 s when profiled); resolves on exit. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns `node <args>` with PORT set to a free port; does not wait for it to listen. With `group`, the child
 * leads a process group and every signal goes to the whole group (npm, its shell and the server it starts).
 */
export async function spawnNode(args: string[], env: Record<string, string> = {}, port?: number, { group = false } = {}): Promise<Child> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: 'production', ...env, PORT: String(p) },
    detached: group,
  });
  const signal = (name: NodeJS.Signals) => (group ? process.kill(-child.pid!, name) : child.kill(name));
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-50_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-50_000)));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const kill = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) signal(name);
    await exited;
  };
  // A profiled child writes its profile on exit, which takes seconds.
  const graceMs = args.includes('--cpu-prof') ? 30_000 : 3_000;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    signal('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  return { child, pid: child.pid!, port: p, origin: `http://127.0.0.1:${p}`, output: () => out, exited, stop, kill };
}

/** Polls `url` until it answers 200; returns ms from `since` (a performance.now() value) to that 200. */
export async function waitFor200(url: string, child: Child, since: number, timeoutMs = 60_000, init: RequestInit = {}): Promise<number> {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (child.child.exitCode !== null || child.child.signalCode !== null) {
      throw new Error(`child exited (${child.child.exitCode ?? child.child.signalCode}) before ${url} answered 200:\n${child.output()}`);
    }
    try {
      // A first answer may take seconds on a loaded machine: an attempt waits as long as the whole bound allows.
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch (error) {
      // Not listening yet, or the bound ran out (the loop ends); anything else is the child's answer to report.
      if (!isConnectionFailure(error) && !isTimeout(error)) throw new Error(`${url} failed before answering 200: ${failureCause(error)}\n${child.output()}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${child.output()}`);
}

/** Environment of the reference server in its production configuration (for the benchmark). */
export function productionEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // High enough never to interfere with a benchmark run (the window still applies, it just never fills).
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    ...extra,
  };
}

/** Builds the published server's bundle as `npm start` does (skipped when its inputs are unchanged). */
export function buildServer(): void {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'packages', 'build.ts'), '--if-stale', 'server'], { cwd: ROOT, stdio: 'inherit' });
}

/** Node flags added to every reference server child: `npm run bench -- --cpu-prof DIR` profiles them. */
const serverNodeFlags: string[] = [];
export function profileServersInto(dir: string): void {
  serverNodeFlags.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
}

/**
 * Starts the server (from source unless `build` says compiled, or another compiled `bundle`) and waits for
 * GET /v1/status 200; with `profileInto`, it writes a V8 CPU profile into that folder when it stops.
 */
export async function startServerChild(
  env: Record<string, string>,
  opts: { port?: number; build?: ServerBuild; bundle?: string; profileInto?: string } = {},
): Promise<Child & { baseUrl: string; coldStartMs: number }> {
  const since = performance.now();
  const profile = opts.profileInto ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileInto}`] : serverNodeFlags;
  const child = await spawnNode([...profile, ...(opts.bundle ? [opts.bundle] : SERVER_COMMAND[opts.build ?? 'source'])], env, opts.port);
  try {
    const coldStartMs = await waitFor200(`${child.origin}/v1/status`, child, since);
    return { ...child, baseUrl: `${child.origin}/v1`, coldStartMs };
  } catch (e) {
    await child.stop();
    throw e;
  }
}

/** npm's own script, to run `npm start` as a developer does (the one running the bench, else the one beside node). */
const NPM_CLI = process.env.npm_execpath?.endsWith('.js') ? process.env.npm_execpath : join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
export const NPM_START_COMMAND = 'npm start';

/** Runs `npm start` (its prestart build check, then the bundle) and waits for GET /v1/status 200. */
export async function startWithNpmStart(env: Record<string, string>): Promise<Child & { coldStartMs: number }> {
  const since = performance.now();
  const child = await spawnNode([NPM_CLI, 'start'], env, undefined, { group: true });
  try {
    return { ...child, coldStartMs: await waitFor200(`${child.origin}/v1/status`, child, since) };
  } catch (e) {
    await child.stop();
    throw e;
  }
}

/** Runs bench/load-worker.ts in its own process with `options` (one JSON argument); resolves to what it prints. */
export function runLoadWorker(options: object): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'load-worker.ts'), JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!));
      } catch {
        reject(new Error(`load worker output is not JSON: ${out.slice(0, 300)} ${err}`));
      }
    });
  });
}

/**
 * CPU time (user + system) a process has used so far, in ms (Linux /proc, 100 ticks a second); with
 * `mainThread`, its main thread's only (where its JavaScript runs; V8's compiler and collector helpers and
 * libuv's pool run beside it). Null once it is gone.
 */
export function cpuTimeMs(pid: number, { mainThread = false } = {}): number | null {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** VmRSS and VmHWM of a process, in bytes (Linux /proc); null once it is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples a pid's RSS every `everyMs` until stopped; returns the peak seen. */
export function sampleRss(pid: number, everyMs = 10) {
  let peak = 0;
  let samples = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rss > peak) peak = m.rss;
    samples++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const m = memoryOf(pid);
      if (m && m.rss > peak) peak = m.rss;
      return { peakRss: peak, samples, hwm: m?.hwm ?? NaN };
    },
  };
}
