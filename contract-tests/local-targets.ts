// The targets this repository starts itself: its reference server (server/testing, through tsx, in a child
// process) with the fixtures its sandbox prints, and its mock. They run from a clone only: the published drift
// check leaves this module out and checks an implementation at a URL (start the installed server or mock and
// give its --base-url).
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { VERSION_PREFIX, startMock } from '../mock/server';
import type { ReferenceServerHandle } from '../server/testing';
import { perform, readEntries } from './fixtures-file';
import { MOCK_ENTRIES, MOCK_PROFILE, SERVER_PROFILE, fixturesFrom, type RunningTarget } from './targets';

const MOCK_KEY = 'ik_live_contract_mock_key';

export async function startMockTarget(): Promise<RunningTarget> {
  const mock = await startMock();
  const { fixtures, noFixture } = fixturesFrom(readEntries(MOCK_ENTRIES, 'the mock examples'), MOCK_KEY);
  const { webhooks: _, webhookTestTrigger: __, ...rest } = noFixture;
  return { profile: { ...MOCK_PROFILE, noFixture: rest }, baseUrl: `${mock.url}${VERSION_PREFIX}`, fixtures, close: () => mock.close() };
}

// ---------------------------------------------------------------------------------------------------------
// Reference server (in a child process, through server/testing), its fixtures made by its sandbox
export const SERVER_TESTING_MODULE = join(__dirname, '..', 'server', 'testing', 'index.ts');


/**
 * Configuration of the reference server the suite starts: reviews decided quickly (a run waits for
 * them), and a window roomy enough for the whole suite on one key.
 */
export const SUITE_SERVER_ENV = { TEMPLATE_REVIEW_DELAY_MS: '100', TICK_INTERVAL_MS: '50', RATE_LIMIT_MAX: '1500' };

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** startTestServer() in a child process (server-child.ts), its handle proxied over IPC. */
export async function startReferenceServerProcess(
  timeoutMs = 90_000,
  modulePath = SERVER_TESTING_MODULE,
  env: Record<string, string> = SUITE_SERVER_ENV,
): Promise<ReferenceServerHandle> {
  const child = fork(join(__dirname, 'server-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CONTRACT_SERVER_MODULE: modulePath, CONTRACT_SERVER_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.on('exit', (code, signal) => {
    for (const p of pending.values()) p.reject(new Error(`the reference server process exited (${code ?? signal})\n${output}`));
    pending.clear();
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const ready = await withTimeout(
    new Promise<{ baseUrl: string; origin: string; sandboxToken: string }>((resolve, reject) => {
      child.on('message', (m: any) => {
        if (m?.ready) resolve(m);
        else if (m?.failed) reject(new Error(`startTestServer() failed: ${m.failed}`));
        else if (typeof m?.id === 'number') {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.error) p?.reject(new Error(m.error));
          else p?.resolve(m.result);
        }
      });
      child.once('exit', (code) => reject(new Error(`the reference server process exited (${code}) before it was ready\n${output}`)));
    }),
    timeoutMs,
    'startTestServer() (server/testing) did not resolve',
  ).catch(async (e) => {
    await kill();
    throw e;
  });
  const call = (method: string, args: unknown[], ms = 15_000) =>
    withTimeout(
      new Promise<unknown>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        child.send({ id, method, args });
      }),
      ms,
      `the reference server process did not answer ${method}()`,
    );
  return {
    baseUrl: ready.baseUrl,
    origin: ready.origin,
    sandboxToken: ready.sandboxToken,
    createKey: (opts) => call('createKey', [opts]) as Promise<string>,
    connectClient: async (opts) => void (await call('connectClient', [opts])),
    close: async () => {
      await call('close', [], 5_000).catch(() => undefined);
      // Unref'd: a child that exits at once leaves no timer holding this process (a jest worker) open.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000).unref())]);
      await kill();
    },
  };
}

/** The reference server with the fixtures file its sandbox prints (`npm run sandbox -- fixtures`). */
export async function startServerTarget(env: Record<string, string> = SUITE_SERVER_ENV): Promise<RunningTarget> {
  const server = await startReferenceServerProcess(90_000, SERVER_TESTING_MODULE, env);
  try {
    const file = await perform({ method: 'POST', url: `${server.origin}/sandbox/contract-fixtures`, headers: { authorization: `Bearer ${server.sandboxToken}` } });
    const loaded = readEntries(file, 'the sandbox fixtures');
    const { fixtures, noFixture, configureWebhooks } = fixturesFrom(loaded, loaded.values.api_key as string);
    return { profile: { ...SERVER_PROFILE, noFixture }, baseUrl: loaded.values.base_url as string, fixtures, configureWebhooks, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}

