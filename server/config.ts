import { resolve } from 'node:path';
import { DEFAULT_BODY_BOUNDS } from './edge/body-bounds';

/** Runtime configuration, from environment variables (documented in README.md, "Reference server"). */
export interface Config {
  /** PORT, default 4000. */
  port: number;
  /** HOST, default 127.0.0.1: the first-start key has every scope, so the server stays on loopback unless told otherwise. */
  host: string;
  /** DATA_DIR, default ./.data; the SQLite file is DATA_DIR/reference.sqlite (unless DATABASE_URL is set). */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL connection URL; the data is then there, shared by every instance given it. */
  databaseUrl: string | null;
  /** DELIVERY_LEASE_SECONDS, default 30: how long a claimed webhook attempt is one instance's alone. */
  deliveryLeaseMs: number;
  /** PUBLIC_BASE_URL, default http://localhost:PORT; prefix of the hosted session URLs. */
  publicBaseUrl: string | null;
  /** RATE_LIMIT_MAX (default 600) requests per RATE_LIMIT_WINDOW_SECONDS (default 60) per key. */
  rateLimit: { max: number; windowSeconds: number };
  /** LOG_LEVEL, default info; `silent` turns logs off. */
  logLevel: string;
  /** TEMPLATE_REVIEW_DELAY_MS, default 5000: how long the simulated review (and each later provider move) takes. */
  reviewDelayMs: number;
  /** TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS=true lets header media_url point at private or loopback addresses (tests). */
  allowPrivateMediaUrls: boolean;
  /** SANDBOX_ADMIN_TOKEN; when unset, one is generated at first start and kept in DATA_DIR. */
  sandboxAdminToken: string | null;
  /** TICK_INTERVAL_MS, default 250: how often due webhook attempts and simulated reviews run; 0 never (tests tick by hand). */
  tickIntervalMs: number;
  /** BODY_IDLE_TIMEOUT_MS (default 10000) and BODY_TIMEOUT_MS (default 600000): a request body that pauses longer, or lasts longer, is cut. */
  bodyBounds: { idleMs: number; totalMs: number; lingerBytes: number };
  /**
   * CACHE_HEARTBEAT_MS (default 1000, at most 2000) and CACHE_MAX_AGE_MS (default 2000, at most 5000), on
   * PostgreSQL: how often the cache listener proves it is alive (nothing is held while its last proof is
   * older than two periods), and the longest a read is held. Both bounds keep a revoked key refused by every
   * instance within 5 s.
   */
  cache: { heartbeatMs: number; maxAgeMs: number };
  /** RATE_LIMIT_SAVE_MS, default 1000: how often SQLite's in-memory rate-limit counts are written (what a crash can lose). */
  rateLimitSaveMs: number;
  /** SHUTDOWN_TIMEOUT_MS, default 5000: how long a stop waits for requests in flight before it closes their connections. */
  shutdownTimeoutMs: number;
  /**
   * REQUEST_LOG_LIMIT (default 1000; 0 keeps no log) and REQUEST_LOG_DAYS (default 7): each partner's request
   * log keeps its last `limit` /v1 requests, none older than `days` (whichever is less).
   */
  requestLog: { limit: number; days: number };
  /**
   * SHUTDOWN_DRAIN_MS, default 0: how long a SIGTERM leaves the instance serving while /readyz answers 503,
   * so a load balancer stops sending it requests before it stops taking connections.
   */
  shutdownDrainMs: number;
  /** READINESS_TIMEOUT_MS, default 1000: /readyz answers 503 when the database does not answer within it. */
  readinessTimeoutMs: number;
  /** METRICS_PORT (unset: no metrics) and METRICS_HOST (default HOST): where GET /metrics is served, apart from the API. */
  metrics: { port: number; host: string } | null;
  /**
   * RETENTION_DAYS, default 30 (0 keeps everything): how long message records and statuses, webhook events,
   * deliveries and attempts, hosted sessions and service windows are kept; RETENTION_BATCH, default 500:
   * the most rows of one kind a purge removes at a time.
   */
  retention: { days: number; batch: number };
}

/** The environment variables `loadConfig` reads, with their defaults: the server's --help prints them; the README's table lists the same. */
export const CONFIG_VARIABLES: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '4000', meaning: 'port to listen on (0 picks a free one)' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'listening address (0.0.0.0 in a container)' },
  { name: 'DATA_DIR', default: './.data', meaning: 'the SQLite file, the uploads spool and the sandbox admin token' },
  { name: 'DATABASE_URL', default: 'unset', meaning: 'postgres://…: the data in PostgreSQL, shared by every instance given it' },
  { name: 'DELIVERY_LEASE_SECONDS', default: '30', meaning: "how long a claimed webhook attempt is one instance's alone" },
  { name: 'PUBLIC_BASE_URL', default: 'http://localhost:PORT', meaning: 'prefix of the hosted session URLs' },
  { name: 'RATE_LIMIT_MAX', default: '600', meaning: 'requests per key per window' },
  { name: 'RATE_LIMIT_WINDOW_SECONDS', default: '60', meaning: 'length of the rate-limit window' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal … trace, or silent' },
  { name: 'SANDBOX_ADMIN_TOKEN', default: 'generated', meaning: 'token of /sandbox (required with DATABASE_URL)' },
  { name: 'TEMPLATE_REVIEW_DELAY_MS', default: '5000', meaning: 'how long the simulated template review takes' },
  { name: 'TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS', default: 'false', meaning: 'let header.media_url reach private addresses (tests only)' },
  { name: 'TICK_INTERVAL_MS', default: '250', meaning: 'how often due webhook attempts and reviews run (0: never)' },
  { name: 'BODY_IDLE_TIMEOUT_MS', default: '10000', meaning: 'a request body pausing longer is cut (400)' },
  { name: 'BODY_TIMEOUT_MS', default: '600000', meaning: 'a request body lasting longer is cut (400)' },
  { name: 'CACHE_HEARTBEAT_MS', default: '1000', meaning: 'PostgreSQL: how often the cache listener proves it is alive (≤ 2000)' },
  { name: 'CACHE_MAX_AGE_MS', default: '2000', meaning: 'PostgreSQL: the longest a read is held in memory (≤ 5000)' },
  { name: 'RATE_LIMIT_SAVE_MS', default: '1000', meaning: 'SQLite: how often the rate-limit counts are written' },
  { name: 'SHUTDOWN_TIMEOUT_MS', default: '5000', meaning: 'how long a stop waits for requests in flight' },
  { name: 'REQUEST_LOG_LIMIT', default: '1000', meaning: "requests kept in each partner's request log (0: no log)" },
  { name: 'REQUEST_LOG_DAYS', default: '7', meaning: "days a request stays in its partner's request log" },
  { name: 'SHUTDOWN_DRAIN_MS', default: '0', meaning: 'on SIGTERM, how long to keep serving while /readyz answers 503' },
  { name: 'READINESS_TIMEOUT_MS', default: '1000', meaning: '/readyz answers 503 when the database takes longer' },
  { name: 'METRICS_PORT', default: 'unset', meaning: 'serve Prometheus metrics at /metrics on this port (0 picks a free one)' },
  { name: 'METRICS_HOST', default: 'HOST', meaning: 'listening address of the metrics port' },
  { name: 'RETENTION_DAYS', default: '30', meaning: 'days messages, statuses, events, deliveries, sessions are kept (0: forever)' },
  { name: 'RETENTION_BATCH', default: '500', meaning: 'the most rows of one kind a purge removes at a time' },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}".`);
    }
    return Number(raw);
  };
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  if (databaseUrl !== null && !env.SANDBOX_ADMIN_TOKEN) {
    // A token generated at first start would be kept in this instance's DATA_DIR only: the others on the same
    // database would each make their own.
    throw new ConfigError('DATABASE_URL is set: set SANDBOX_ADMIN_TOKEN as well, the same for every instance.');
  }
  const host = env.HOST || '127.0.0.1';
  const metricsPort = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : int('METRICS_PORT', 0, 0, 65535);
  const metricsHost = env.METRICS_HOST || host;
  const publicBaseUrl = env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null;
  if (publicBaseUrl !== null && !/^https?:\/\/[^/]+/.test(publicBaseUrl)) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an http(s) URL, got "${env.PUBLIC_BASE_URL}".`);
  }
  return {
    port: int('PORT', 4000, 0, 65535),
    host,
    dataDir: resolve(env.DATA_DIR || './.data'),
    databaseUrl,
    // Longer than an attempt can last (the receiver's 5 s), so a live attempt is never taken over.
    deliveryLeaseMs: int('DELIVERY_LEASE_SECONDS', 30, 6, 3600) * 1000,
    publicBaseUrl,
    rateLimit: { max: int('RATE_LIMIT_MAX', 600, 1, 1_000_000), windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) },
    logLevel,
    reviewDelayMs: int('TEMPLATE_REVIEW_DELAY_MS', 5000, 0, 86_400_000),
    allowPrivateMediaUrls: env.TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS === 'true',
    sandboxAdminToken: env.SANDBOX_ADMIN_TOKEN || null,
    tickIntervalMs: int('TICK_INTERVAL_MS', 250, 0, 3_600_000),
    bodyBounds: {
      idleMs: int('BODY_IDLE_TIMEOUT_MS', DEFAULT_BODY_BOUNDS.idleMs, 1, 600_000),
      totalMs: int('BODY_TIMEOUT_MS', DEFAULT_BODY_BOUNDS.totalMs, 1, 3_600_000),
      lingerBytes: DEFAULT_BODY_BOUNDS.lingerBytes,
    },
    cache: { heartbeatMs: int('CACHE_HEARTBEAT_MS', 1000, 10, 2000), maxAgeMs: int('CACHE_MAX_AGE_MS', 2000, 0, 5000) },
    rateLimitSaveMs: int('RATE_LIMIT_SAVE_MS', 1000, 10, 60_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 5000, 0, 600_000),
    requestLog: { limit: int('REQUEST_LOG_LIMIT', 1000, 0, 100_000), days: int('REQUEST_LOG_DAYS', 7, 1, 365) },
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', 0, 0, 600_000),
    readinessTimeoutMs: int('READINESS_TIMEOUT_MS', 1000, 10, 60_000),
    metrics: metricsPort === null ? null : { port: metricsPort, host: metricsHost },
    retention: { days: int('RETENTION_DAYS', 30, 0, 3650), batch: int('RETENTION_BATCH', 500, 1, 100_000) },
  };
}

export function databaseFile(config: Pick<Config, 'dataDir'>): string {
  return resolve(config.dataDir, 'reference.sqlite');
}
