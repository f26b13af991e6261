// `partner-messaging-server` (npm start): the reference server on PORT with its data in DATA_DIR or at
// DATABASE_URL (see README.md, "Configuration").
import type { AddressInfo } from 'node:net';
import { EXIT_USAGE, runCommand, withCauses } from '../cli/command';
import { compose } from './compose';
import { CONFIG_VARIABLES, ConfigError, databaseFile, loadConfig, type Config } from './config';
import { createAppServer } from './http/app-server';
import { createLogger } from './log';
import { metricsUrl, serveMetrics } from './operations/metrics-server';
import { gracefulStop } from './operations/stopping';
import { DEFAULT_PARTNER_ID } from './store/records';

/** A client must send its request headers within this time, or the connection is closed (408). */
const HEADERS_TIMEOUT_MS = 10_000;

const NAME = 'partner-messaging-server';
const column = Math.max(...CONFIG_VARIABLES.map((v) => `${v.name}=${v.default}`.length)) + 2;

const USAGE = `Usage: ${NAME}        (in this repository: npm start)

Runs the reference server of the Partner Messaging API: every rule of the specification at /v1 over a
simulated channel provider, requests and answers validated against openapi.yaml; the sandbox at /sandbox and
in the browser, the partner portal, at /portal/; the rendered reference at /docs and a try-it console at
/docs/console/; the load balancer's probes at /healthz and /readyz, and Prometheus metrics at /metrics on
METRICS_PORT when it is set. On its first start with empty data it creates a test key with every scope and a
sandbox admin token, and prints each once.

Configuration (environment variables, with their defaults):
${CONFIG_VARIABLES.map((v) => `  ${`${v.name}=${v.default}`.padEnd(column)}${v.meaning}`).join('\n')}

Options:
  --version   the package's version and the API version of its contract
  -h, --help

Exit codes (it runs until SIGINT or SIGTERM, then 0; SIGTERM first drains for SHUTDOWN_DRAIN_MS): 1 the
port is taken or the data cannot be opened (another server runs on the same SQLite file), 2 a configuration
error.`;

/** Why the server cannot listen, in the words a developer needs. */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `port ${port} on ${host} is already in use (is the server running already?). Start on another one: PORT=${port + 1} npm start`;
  if (error.code === 'EACCES') return `not allowed to listen on ${host}:${port} (ports below 1024 need privileges): choose another PORT`;
  if (error.code === 'EADDRNOTAVAIL') return `HOST=${host} is not an address of this machine`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

/**
 * What the other commands (`npm run sandbox`, `npm run keys`) need to find this server and its data when it
 * runs on another port or data folder than their defaults.
 */
function otherCommandsFind(port: number, config: Config): string {
  const shared = config.databaseUrl ? ' (and the DATABASE_URL and SANDBOX_ADMIN_TOKEN given to this server)' : '';
  return `Other commands (npm run sandbox, npm run keys) find this server in another shell after: export PORT=${port} DATA_DIR=${config.dataDir}${shared}`;
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let port = config.port;
  const data = config.databaseUrl ? 'DATABASE_URL' : databaseFile(config);
  const composed = await compose({ config, logger, publicBaseUrl: () => config.publicBaseUrl ?? `http://localhost:${port}` }).catch((error: unknown) => {
    // The database cannot be opened or migrated (PostgreSQL unreachable, a file not writable).
    throw new Error(`cannot open the data (${data})`, { cause: error });
  });
  const metricsServer = config.metrics
    ? await serveMetrics(composed.metrics!, config.metrics.port, config.metrics.host).catch(async (error: NodeJS.ErrnoException) => {
        await composed.close();
        throw new Error(`cannot serve the metrics: ${listenFailure(error, config.metrics!.host, config.metrics!.port)}`, { cause: error });
      })
    : undefined;
  if (metricsServer) {
    const url = metricsUrl(metricsServer, config.metrics!.host);
    logger.info({ url }, 'metrics served');
    process.stdout.write(`Metrics (Prometheus): ${url}\n`);
  }

  composed.start();

  // Node's own request timeout stays as a backstop behind the body bounds of edge/body-bounds.ts, which
  // answer in the envelope first.
  const http = createAppServer(composed.app, {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: config.bodyBounds.totalMs + 30_000,
    connectionsCheckingInterval: 1_000,
  });
  http.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.stderr.write(`${NAME}: ${listenFailure(error, config.host, config.port)}\n`);
    void composed.close().finally(() => process.exit(1));
  });
  http.listen(config.port, config.host, async () => {
    port = (http.address() as AddressInfo).port;
    logger.info({ host: config.host, port, data: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : data, instance: composed.instance }, 'reference server listening');
    process.stdout.write(`Reference server: http://localhost:${port}/v1 (docs at /docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})\n`);
    process.stdout.write(`${otherCommandsFind(port, config)}\n`);
    // The default partner's first key; with several instances on one database only one of them creates it.
    const firstKey = await composed.domain.keys.createFirst(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all', name: 'first start' });
    if (firstKey) {
      process.stdout.write(`No API key yet: created a test key with every scope. It is shown once; keep it:\n${firstKey.plain}\n`);
    }
    if (composed.sandbox.generated) {
      process.stdout.write(`Sandbox at http://localhost:${port}/sandbox; admin token (kept in ${config.dataDir}/sandbox-admin-token):\n${composed.sandbox.token}\n`);
    }
  });

  // A stop closes the data on every path, so the rate-limit counts held in memory are written: once the
  // requests in flight are answered, or after SHUTDOWN_TIMEOUT_MS with their connections closed. SIGTERM (what
  // a process manager or an orchestrator sends) drains first for SHUTDOWN_DRAIN_MS; SIGINT (Ctrl-C) does not.
  const stop = gracefulStop({
    http,
    others: metricsServer ? [metricsServer] : [],
    readiness: composed.readiness,
    drainMs: config.shutdownDrainMs,
    timeoutMs: config.shutdownTimeoutMs,
    logger,
    closeData: () => composed.close(),
    exit: (code) => process.exit(code),
  });
  // A second SIGINT ends the process at once (Node's default), as a developer pressing Ctrl-C twice expects;
  // a second SIGTERM ends the drain.
  process.once('SIGINT', () => stop('SIGINT', false));
  process.on('SIGTERM', () => stop('SIGTERM', true));
}

runCommand({
  name: NAME,
  home: __dirname,
  usage: USAGE,
  options: {},
  run: serve,
  failureCode: (error) => (error instanceof ConfigError ? EXIT_USAGE : 1),
  failureMessage: (error) => (error instanceof ConfigError ? `configuration error: ${error.message}` : withCauses(error)),
});
