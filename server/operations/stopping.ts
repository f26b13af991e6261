import type { Server } from 'node:http';
import type { Logger } from '../log';
import type { Readiness } from './readiness';

export interface StopDeps {
  /** The API's server. */
  http: Server;
  /** Servers beside it (the metrics port): they keep serving through the drain and close with it. */
  others: readonly Server[];
  readiness: Readiness;
  /** SHUTDOWN_DRAIN_MS: how long a draining stop keeps serving while /readyz answers 503. */
  drainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: how long the requests in flight then have before their connections are closed. */
  timeoutMs: number;
  logger: Logger;
  /** Closes the data (writing what is held in memory, the rate-limit counts on SQLite). */
  closeData: () => Promise<void>;
  /** Ends the process (process.exit in main.ts). */
  exit: (code: number) => void;
}

/**
 * The graceful stop: the instance turns not ready at once (/readyz 503, so the balancer stops sending it
 * requests); a draining stop (SIGTERM) keeps serving for `drainMs` meanwhile, closing each connection after
 * its answer so clients open their next one elsewhere; then it takes no new connection and finishes the
 * requests in flight, cutting their connections after `timeoutMs`; the data is closed either way. A second
 * stop during the drain ends the drain at once.
 */
export function gracefulStop(deps: StopDeps): (signal: string, drain: boolean) => void {
  const { http, logger } = deps;
  let draining: NodeJS.Timeout | undefined;
  let closingConnections = false;
  let closing: Promise<void> | undefined;
  const finish = (why: string) =>
    (closing ??= deps
      .closeData()
      .then(
        () => logger.info({ why }, 'data closed'),
        (error: unknown) => logger.error({ err: error }, 'the data did not close cleanly'),
      )
      .finally(() => deps.exit(0)));
  const stopTakingConnections = () => {
    if (closingConnections) return;
    closingConnections = true;
    clearTimeout(draining);
    http.close(() => void finish('every request answered'));
    for (const other of deps.others) other.close();
    http.closeIdleConnections();
    setTimeout(() => {
      logger.warn({ timeoutMs: deps.timeoutMs }, 'requests still in flight at the shutdown timeout: their connections are closed');
      http.closeAllConnections();
      for (const other of deps.others) other.closeAllConnections();
      void finish('shutdown timeout');
      // The data's close itself hanging (an unreachable database) must not keep the process up.
      setTimeout(() => deps.exit(1), 10_000).unref();
    }, deps.timeoutMs).unref();
  };
  return (signal, drain) => {
    if (deps.readiness.isStopping) {
      logger.info({ signal }, 'stopping now');
      stopTakingConnections();
      return;
    }
    deps.readiness.stop();
    if (!drain || deps.drainMs === 0) {
      logger.info({ signal }, 'shutting down');
      stopTakingConnections();
      return;
    }
    logger.info({ signal, drainMs: deps.drainMs }, 'draining: not ready, still serving');
    // Each answer from now on closes its connection, and idle keep-alive connections are closed: the
    // client's next request opens a new connection, which the balancer sends to another instance.
    http.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    http.closeIdleConnections();
    draining = setTimeout(stopTakingConnections, deps.drainMs);
    draining.unref();
  };
}
