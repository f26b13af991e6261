import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from './app';
import { ConfigError, databaseFile, loadConfig } from './config';
import { createDomain } from './domain';
import { createLogger } from './log';
import { PACKAGE_ROOT } from './package-root';
import { SimulatedChannelProvider } from './provider/simulated';
import { simulatedMessaging } from './provider/simulated-messaging';
import { openSqliteStore } from './store/sqlite/store';
import { randomIds, systemClock } from './system';
import { wireIssue5 } from './sandbox/wiring';

/** A client must send its request headers within this time, or the connection is closed (408). */
const HEADERS_TIMEOUT_MS = 10_000;

/** `npm start`: the reference server on PORT with its data in DATA_DIR (see README.md). */
function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  const store = openSqliteStore(databaseFile(config));
  const issue5 = wireIssue5({ store, clock: systemClock, ids: randomIds, env: process.env, dataDir: config.dataDir, onError: (err) => logger.error({ err }, 'webhook/review tick failed') });
  const domain = createDomain({
    store,
    provider: new SimulatedChannelProvider(),
    clock: systemClock,
    ids: randomIds,
    rateLimit: config.rateLimit,
    messaging: simulatedMessaging({ media: store.media, dataDir: config.dataDir, clock: systemClock, ids: randomIds, events: issue5.publisher }).wiring,
    templates: issue5.templates,
  });
  const sandbox = issue5.sandbox(domain);
  const stopTicker = issue5.start();

  let port = config.port;
  const publicBaseUrl = () => config.publicBaseUrl ?? `http://localhost:${port}`;
  const app = createApp({ domain, logger, publicBaseUrl, docsDir: join(PACKAGE_ROOT, 'docs', 'site'), sandbox: sandbox.handler });
  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 }, app);
  server.listen(config.port, config.host, () => {
    port = (server.address() as AddressInfo).port;
    logger.info({ host: config.host, port, data: databaseFile(config) }, 'reference server listening');
    process.stdout.write(`Reference server: http://localhost:${port}/v1 (docs at /docs, data in ${config.dataDir})\n`);
    if (!domain.keys.hasAny()) {
      const { plain } = domain.keys.create({ mode: 'test', scopes: 'all', name: 'first start' });
      process.stdout.write(`No API key yet: created a test key with every scope. It is shown once; keep it:\n${plain}\n`);
    }
    if (sandbox.generated) {
      process.stdout.write(`Sandbox at http://localhost:${port}/sandbox; admin token (kept in ${config.dataDir}/sandbox-admin-token):\n${sandbox.token}\n`);
    }
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopTicker();
    server.close(() => {
      store.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main();
