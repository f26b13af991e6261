import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compose } from './compose';
import { ConfigError, databaseFile, loadConfig } from './config';
import { createLogger } from './log';

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
  let port = config.port;
  const server = compose({ config, logger, publicBaseUrl: () => config.publicBaseUrl ?? `http://localhost:${port}` });
  server.start();

  // Node's own request timeout stays as a backstop behind the body bounds of http/body-bounds.ts, which
  // answer in the envelope first.
  const http = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: config.bodyBounds.totalMs + 30_000, connectionsCheckingInterval: 1_000 },
    server.app,
  );
  http.listen(config.port, config.host, () => {
    port = (http.address() as AddressInfo).port;
    logger.info({ host: config.host, port, data: databaseFile(config) }, 'reference server listening');
    process.stdout.write(`Reference server: http://localhost:${port}/v1 (docs at /docs, data in ${config.dataDir})\n`);
    if (!server.domain.keys.hasAny()) {
      const { plain } = server.domain.keys.create({ mode: 'test', scopes: 'all', name: 'first start' });
      process.stdout.write(`No API key yet: created a test key with every scope. It is shown once; keep it:\n${plain}\n`);
    }
    if (server.sandbox.generated) {
      process.stdout.write(`Sandbox at http://localhost:${port}/sandbox; admin token (kept in ${config.dataDir}/sandbox-admin-token):\n${server.sandbox.token}\n`);
    }
  });
  http.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    http.close(() => {
      server.close();
      process.exit(0);
    });
    http.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main();
