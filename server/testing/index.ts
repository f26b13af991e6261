// Test support: the reference server started in this process on an ephemeral loopback port, built by the
// composition root exactly as `npm start` builds it, over SQLite or PostgreSQL. Everything else of this
// folder builds on it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compose, type Composition, type CompositionOptions } from '../compose';
import { loadConfig } from '../config';
import { createAppServer } from '../http/app-server';
import type { Domain } from '../domain';
import type { EventPublisher } from '../domain/shared/events';
import { createLogger } from '../log';
import { metricsUrl, serveMetrics } from '../operations/metrics-server';
import { DEFAULT_PARTNER_ID, type Channel, type PartnerId } from '../store/records';
import { createTestDatabase } from './postgres';

export type TestDatabase = 'sqlite' | 'postgres';

/**
 * The store the tests of this run use: `postgres` in the jest project that runs the server's tests against
 * PostgreSQL (TEST_DATABASE, set by its setup file), else `sqlite`.
 */
export function testDatabaseKind(): TestDatabase {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

/** A new, empty database in the test run's PostgreSQL cluster (started by jest's global setup). */
export function newPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the PostgreSQL cluster is started by jest.global-setup.ts.');
  return createTestDatabase(adminUrl);
}

/** Where a data folder's PostgreSQL database is noted, so a restart (or a child server) on it finds the same one. */
const DATABASE_NOTE = 'test-database-url';

/**
 * The environment that puts a server on the data of `dataDir`: with PostgreSQL, the database noted in it
 * (created at first use) and the sandbox token of the folder, which every instance on it must share.
 */
export async function dataEnvironment(dataDir: string, kind: TestDatabase = testDatabaseKind(), given: Record<string, string> = {}): Promise<Record<string, string>> {
  if (kind === 'sqlite' || given.DATABASE_URL) return {};
  const note = join(dataDir, DATABASE_NOTE);
  const tokenFile = join(dataDir, 'sandbox-admin-token');
  if (!existsSync(note)) writeFileSync(note, await newPostgresDatabase());
  if (!existsSync(tokenFile) && !given.SANDBOX_ADMIN_TOKEN) writeFileSync(tokenFile, `sbx_test_${randomBytes(12).toString('hex')}\n`);
  const env: Record<string, string> = { DATABASE_URL: readFileSync(note, 'utf8').trim() };
  if (!given.SANDBOX_ADMIN_TOKEN) env.SANDBOX_ADMIN_TOKEN = readFileSync(tokenFile, 'utf8').trim();
  return env;
}

export interface TestServerOptions {
  /**
   * The data go in this folder, kept after close: the SQLite file, or (PostgreSQL) the note of the database
   * it uses. A fresh in-memory SQLite database, or a fresh PostgreSQL database, when absent.
   */
  dataDir?: string;
  /** SQLite or PostgreSQL; the run's (testDatabaseKind) unless given. DATABASE_URL in `env` puts it on that database. */
  database?: TestDatabase;
  now?: () => Date;
  /** Configuration variables (process.env is not read). LOG_LEVEL defaults to silent. */
  env?: Record<string, string>;
  /** Receives the rules' webhook events instead of the webhook delivery (a recording publisher). */
  events?: EventPublisher;
  /** Receives the JSON log lines (LOG_LEVEL then defaults to info). */
  logs?: { write(line: string): void };
  /** Served at /docs instead of docs/site. */
  docsDir?: string;
  /** Wraps the database's connection (compose.ts). */
  wrapConnection?: CompositionOptions['wrapConnection'];
}

/** What the contract suite drives over IPC; keep it stable (contract-tests/targets.ts). */
export interface ReferenceServerHandle {
  /** e.g. http://127.0.0.1:54321/v1 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:54321 (the sandbox is at /sandbox) */
  origin: string;
  /** Bearer token of /sandbox. */
  sandboxToken: string;
  /** Returns the plain key (of the default partner unless `partner` is given). */
  createKey(opts: { mode: 'test' | 'live'; scopes: string[] | 'all'; partner?: PartnerId }): Promise<string>;
  /** The real hosted-session flow (for the default partner unless `partner` is given). */
  connectClient(opts: { clientRef: string; channel: Channel; partner?: PartnerId }): Promise<void>;
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
  /** POST to /sandbox with the admin token (acting for `partner`, else the default one); the parsed answer (throws on a non-2xx). */
  sandbox(path: string, body: unknown, partner?: PartnerId): Promise<any>;
  /** This instance's composition (config, instance name, webhooks). */
  composition: Composition;
  /** GET /metrics of this instance, when METRICS_PORT was given in `env` (0: a free port). */
  metricsUrl: string | undefined;
  /** The API's HTTP server (what a graceful stop closes). */
  http: Server;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const files = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(resolve(tmpdir(), 'reference-test-'));
  const data = await dataEnvironment(files, opts.database, opts.env);
  const config = loadConfig({ LOG_LEVEL: opts.logs ? 'info' : 'silent', ...data, ...opts.env, DATA_DIR: files });
  let origin = '';
  const server = await compose({
    config,
    logger: createLogger(config.logLevel, opts.logs),
    docsDir: opts.docsDir,
    wrapConnection: opts.wrapConnection,
    database: opts.dataDir ? undefined : ':memory:',
    clock: opts.now,
    events: opts.events,
    publicBaseUrl: () => config.publicBaseUrl ?? origin,
  });
  server.start();
  const http = await new Promise<Server>((done, fail) => {
    const s = createAppServer(server.app).listen(0, '127.0.0.1', () => done(s));
    s.once('error', fail);
  });
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const metricsServer = config.metrics ? await serveMetrics(server.metrics!, config.metrics.port, '127.0.0.1') : undefined;
  const sandbox = async (path: string, body: unknown, partner?: PartnerId): Promise<any> => {
    const res = await fetch(`${origin}/sandbox${path}${partner ? `${path.includes('?') ? '&' : '?'}partner=${encodeURIComponent(partner)}` : ''}`, {
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
    composition: server,
    metricsUrl: metricsServer && metricsUrl(metricsServer, '127.0.0.1'),
    http,
    createKey: async ({ mode, scopes, partner }) => (await server.domain.keys.create(partner ?? DEFAULT_PARTNER_ID, { mode, scopes })).plain,
    connectClient: async ({ clientRef, channel, partner }) =>
      void (await server.sandbox.service.simulator.connectClient(partner ?? DEFAULT_PARTNER_ID, { client_ref: clientRef, channel })),
    close: () =>
      new Promise<void>((done, fail) => {
        metricsServer?.close();
        metricsServer?.closeAllConnections();
        http.close((error) => {
          server.close().then(() => {
            if (!opts.dataDir) rmSync(files, { recursive: true, force: true });
            if (error) fail(error);
            else done();
          }, fail);
        });
        http.closeAllConnections();
      }),
  };
}
