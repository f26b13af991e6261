import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app';
import { databaseFile, loadConfig } from './config';
import { createDomain, type Domain } from './domain';
import type { Channel } from './domain/clients';
import type { Clock } from './domain/clock';
import { createLogger } from './log';
import { SimulatedChannelProvider } from './provider/simulated';
import { simulatedMessaging, type SimulatedMessagingProvider } from './provider/simulated-messaging';
import type { EventPublisher } from './domain/events';
import type { Store } from './store/repositories';
import { openSqliteStore } from './store/sqlite/store';
import { randomIds } from './system';
import { wireIssue5, type Issue5Wiring } from './sandbox/wiring';

export interface StartOptions {
  /** SQLite file in this folder; in-memory SQLite when absent. */
  dataDir?: string;
  now?: () => Date;
  /** Configuration variables (process.env is not read). LOG_LEVEL defaults to silent. */
  env?: Record<string, string>;
  /** Receives `message.status` and other events (a recording publisher in tests). */
  events?: EventPublisher;
}

export interface RunningServer {
  origin: string;
  baseUrl: string;
  domain: Domain;
  store: Store;
  /** The simulated messaging provider (its `calls`, `revokeCredentials`). */
  messagingProvider: SimulatedMessagingProvider;
  /** Issue 5: webhook delivery, simulated template provider, `tick()` (run what is due now). */
  events: Issue5Wiring['events'];
  /** Bearer token of /sandbox. */
  sandboxToken: string;
  close(): Promise<void>;
}

/** Starts the whole server in this process on an ephemeral loopback port. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...opts.env });
  const clock: Clock = opts.now ?? (() => new Date());
  const store = openSqliteStore(opts.dataDir ? databaseFile({ dataDir: resolve(opts.dataDir) }) : ':memory:');
  const issue5 = wireIssue5({ store, clock, ids: randomIds, env: { ...opts.env }, dataDir: opts.dataDir && resolve(opts.dataDir), publisher: opts.events });
  const messaging = simulatedMessaging({ media: store.media, dataDir: opts.dataDir && resolve(opts.dataDir), clock, ids: randomIds, events: issue5.publisher });
  const domain = createDomain({
    store,
    provider: new SimulatedChannelProvider(),
    clock,
    ids: randomIds,
    rateLimit: config.rateLimit,
    messaging: messaging.wiring,
    templates: issue5.templates,
  });
  const sandbox = issue5.sandbox(domain);
  const stopTicker = issue5.start();
  let origin = '';
  const app = createApp({ domain, logger: createLogger(config.logLevel), publicBaseUrl: () => config.publicBaseUrl ?? origin, sandbox: sandbox.handler });
  const server = await new Promise<import('node:http').Server>((done, fail) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
    s.once('error', fail);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    domain,
    store,
    messagingProvider: messaging.provider,
    events: issue5.events,
    sandboxToken: sandbox.token,
    close: () =>
      new Promise<void>((done, fail) => {
        stopTicker();
        server.close((error) => {
          store.close();
          if (error) fail(error);
          else done();
        });
        server.closeAllConnections();
      }),
  };
}

/**
 * Connects a client through a real hosted session, completed with what a person would enter: a number
 * (chat) or handle (social) derived from the reference, so each reference gets its own account.
 */
export async function connectThroughSession(domain: Domain, clientRef: string, channel: Channel): Promise<void> {
  const { session, token } = domain.sessions.create(channel, clientRef, 'harness');
  const digest = createHash('sha256').update(clientRef).digest();
  const account =
    channel === 'chat'
      ? { phone_number: `49${(digest.readUIntBE(0, 6) % 1e11).toString().padStart(11, '0')}` }
      : { username: `acct_${digest.toString('hex').slice(0, 16)}` };
  await domain.sessions.complete(session.id, token, { business_name: clientRef, ...account });
}
