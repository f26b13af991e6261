import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compose } from './compose';
import { ConfigError, databaseFile, loadConfig } from './config';
import { createLogger } from './log';
import { DEFAULT_PARTNER_ID } from './store/records';

/** A client must send its request headers within this time, or the connection is closed (408). */
const HEADERS_TIMEOUT_MS = 10_000;

/** `npm start`: the reference server on PORT with its data in DATA_DIR or at DATABASE_URL (see README.md). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  let port = config.port;
  let server;
  try {
    server = await compose({ config, logger, publicBaseUrl: () => config.publicBaseUrl ?? `http://localhost:${port}` });
  } catch (error) {
    // The database cannot be opened or migrated (PostgreSQL unreachable, a file not writable): say why, once.
    logger.fatal({ err: error }, 'cannot open the data');
    process.stderr.write(`Cannot open the data (${config.databaseUrl ? 'DATABASE_URL' : databaseFile(config)}): ${(error as Error).message}\n`);
    process.exit(1);
  }
  const composed = server;
  composed.start();

  // Node's own request timeout stays as a backstop behind the body bounds of http/body-bounds.ts, which
  // answer in the envelope first.
  const http = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: config.bodyBounds.totalMs + 30_000, connectionsCheckingInterval: 1_000 },
    composed.app,
  );
  http.listen(config.port, config.host, async () => {
    port = (http.address() as AddressInfo).port;
    const data = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : databaseFile(config);
    logger.info({ host: config.host, port, data, instance: composed.instance }, 'reference server listening');
    process.stdout.write(`Reference server: http://localhost:${port}/v1 (docs at /docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})\n`);
    // The default partner's first key; with several instances on one database only one of them creates it.
    const firstKey = await composed.domain.keys.createFirst(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all', name: 'first start' });
    if (firstKey) {
      process.stdout.write(`No API key yet: created a test key with every scope. It is shown once; keep it:\n${firstKey.plain}\n`);
    }
    if (composed.sandbox.generated) {
      process.stdout.write(`Sandbox at http://localhost:${port}/sandbox; admin token (kept in ${config.dataDir}/sandbox-admin-token):\n${composed.sandbox.token}\n`);
    }
  });
  http.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    http.close(() => {
      void composed.close().finally(() => process.exit(0));
    });
    http.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

void main();
