// Starts Prism 5.14.2's command line (mock or proxy) as a child process on a free port, and stops it: the
// drift check's `--prism-proxy`, the benchmark's Prism baseline and the tests. Prism runs as
// `node <prism cli>` directly: killing an npx wrapper would leave Prism running. The published drift check
// finds Prism beside it (an optional peer dependency) only when asked for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { CONTRACT_PATH } from '../spec';

/** Prism's command line, resolved when first needed; a missing one says how to install it. */
export function prismCli(): string {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    throw new Error('Prism is not installed beside the drift check: npm install @stoplight/prism-cli@5.14.2');
  }
}

export interface PrismOptions {
  mode: 'mock' | 'proxy';
  /** Upstream base URL (proxy mode). */
  upstream?: string;
  /** `--errors`: a response that breaks the contract becomes a problem+json error. */
  errors?: boolean;
  /** Fixed port; default: a free one. */
  port?: number;
  host?: string;
  /** Prism log level; default `silent`. */
  verbosity?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** Forward Prism's output to this process's stdout/stderr. */
  inheritOutput?: boolean;
  /** Extra CLI arguments. */
  extraArgs?: string[];
  startTimeoutMs?: number;
}

export interface PrismHandle {
  url: string;
  port: number;
  child: ChildProcess;
  /** What Prism wrote to stdout/stderr (when not inherited), for error reports. */
  output(): string;
  close(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function prismArgs(o: PrismOptions, port: number): string[] {
  const args = [prismCli(), o.mode, CONTRACT_PATH];
  if (o.mode === 'proxy') {
    if (!o.upstream) throw new Error('proxy mode needs an upstream URL');
    args.push(o.upstream);
  }
  args.push('--port', String(port), '--host', o.host ?? '127.0.0.1', '-v', o.verbosity ?? 'silent');
  if (o.errors) args.push('--errors');
  args.push(...(o.extraArgs ?? []));
  return args;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Prism exited with ${child.exitCode ?? child.signalCode}`);
    try {
      // Any HTTP answer means Prism listens (GET /status is unauthenticated in the contract).
      await fetch(`${url}/status`, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`Prism did not answer within ${timeoutMs} ms`);
}

export async function startPrism(o: PrismOptions): Promise<PrismHandle> {
  let lastError: unknown;
  for (let attempt = 0; attempt < (o.port ? 1 : 3); attempt++) {
    const port = o.port ?? (await freePort(o.host));
    const host = o.host ?? '127.0.0.1';
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    const child = spawn(process.execPath, prismArgs(o, port), {
      stdio: o.inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out = (out + d).slice(-20_000)));
    child.stderr?.on('data', (d) => (out = (out + d).slice(-20_000)));
    const close = () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2_000).unref();
      });
    try {
      await waitUntilUp(url, child, o.startTimeoutMs ?? 20_000);
      return { url, port, child, output: () => out, close };
    } catch (e) {
      lastError = new Error(`${(e as Error).message}\n${out}`);
      await close();
    }
  }
  throw lastError;
}
