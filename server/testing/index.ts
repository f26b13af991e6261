// Test support: the reference server started in this process on an ephemeral loopback port, built by the
// composition root exactly as `npm start` builds it. Everything else of this folder builds on it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { compose, type Composition } from '../compose';
import { loadConfig } from '../config';
import type { Domain } from '../domain';
import type { EventPublisher } from '../domain/events';
import { createLogger } from '../log';
import type { Channel } from '../store/records';

export interface TestServerOptions {
  /** The SQLite file goes in this folder (kept after close); in-memory SQLite when absent. */
  dataDir?: string;
  now?: () => Date;
  /** Configuration variables (process.env is not read). LOG_LEVEL defaults to silent. */
  env?: Record<string, string>;
  /** Receives the rules' webhook events instead of the webhook delivery (a recording publisher). */
  events?: EventPublisher;
  /** Receives the JSON log lines (LOG_LEVEL then defaults to info). */
  logs?: { write(line: string): void };
  /** Served at /docs instead of docs/site. */
  docsDir?: string;
}

/** What the contract suite drives over IPC; keep it stable (contract-tests/targets.ts). */
export interface ReferenceServerHandle {
  /** e.g. http://127.0.0.1:54321/v1 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:54321 (the sandbox is at /sandbox) */
  origin: string;
  /** Bearer token of /sandbox. */
  sandboxToken: string;
  /** Returns the plain key. */
  createKey(opts: { mode: 'test' | 'live'; scopes: string[] | 'all' }): Promise<string>;
  /** The real hosted-session flow. */
  connectClient(opts: { clientRef: string; channel: Channel }): Promise<void>;
  close(): Promise<void>;
}

export interface TestServer extends ReferenceServerHandle {
  /** DATA_DIR: the upload spool, the provider's media, the sandbox token (and the SQLite file when given). */
  dataDir: string;
  domain: Domain;
  store: Composition['store'];
  simulator: Composition['simulator'];
  /** Runs what is due now (simulated reviews, webhook attempts); tests call it after moving their clock. */
  tick(): Promise<void>;
  /** POST to /sandbox with the admin token; the parsed answer (throws on a non-2xx). */
  sandbox(path: string, body: unknown): Promise<any>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const files = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(resolve(tmpdir(), 'reference-test-'));
  const config = loadConfig({ LOG_LEVEL: opts.logs ? 'info' : 'silent', ...opts.env, DATA_DIR: files });
  let origin = '';
  const server = compose({
    config,
    logger: createLogger(config.logLevel, opts.logs),
    docsDir: opts.docsDir,
    database: opts.dataDir ? undefined : ':memory:',
    clock: opts.now,
    events: opts.events,
    publicBaseUrl: () => config.publicBaseUrl ?? origin,
  });
  server.start();
  const http = await new Promise<Server>((done, fail) => {
    const s = server.app.listen(0, '127.0.0.1', () => done(s));
    s.once('error', fail);
  });
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sandbox = async (path: string, body: unknown): Promise<any> => {
    const res = await fetch(`${origin}/sandbox${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  return {
    origin,
    dataDir: files,
    baseUrl: `${origin}/v1`,
    domain: server.domain,
    store: server.store,
    simulator: server.simulator,
    tick: server.tick,
    sandboxToken: server.sandbox.token,
    sandbox,
    createKey: async ({ mode, scopes }) => server.domain.keys.create({ mode, scopes }).plain,
    connectClient: async ({ clientRef, channel }) => void (await server.sandbox.service.connectClient({ client_ref: clientRef, channel })),
    close: () =>
      new Promise<void>((done, fail) => {
        http.close((error) => {
          server.close();
          if (!opts.dataDir) rmSync(files, { recursive: true, force: true });
          if (error) fail(error);
          else done();
        });
        http.closeAllConnections();
      }),
  };
}
