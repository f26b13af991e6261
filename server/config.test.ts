import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';
import { LINGER_BYTES } from './edge/body-bounds';

describe('configuration from the environment', () => {
  test('defaults: port 4000 on 127.0.0.1, ./.data, 600 requests per 60 s, info logs, a 5 s review, a 250 ms tick', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, host: '127.0.0.1', publicBaseUrl: null, rateLimit: { max: 600, windowSeconds: 60 }, logLevel: 'info' });
    expect(config).toMatchObject({ reviewDelayMs: 5000, allowPrivateMediaUrls: false, sandboxAdminToken: null, tickIntervalMs: 250 });
    expect(config.bodyBounds).toEqual({ idleMs: 10_000, totalMs: 600_000, lingerBytes: 16 * 1_048_576 });
    expect(config.dataDir).toBe(`${process.cwd()}/.data`);
  });

  test('every variable overrides its default', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', PUBLIC_BASE_URL: 'https://sandbox.example.com/',
      RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '10', LOG_LEVEL: 'silent',
      TEMPLATE_REVIEW_DELAY_MS: '100', TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS: 'true', SANDBOX_ADMIN_TOKEN: 'sbx_given', TICK_INTERVAL_MS: '0',
      BODY_IDLE_TIMEOUT_MS: '500', BODY_TIMEOUT_MS: '60000', CACHE_HEARTBEAT_MS: '200', CACHE_MAX_AGE_MS: '500', RATE_LIMIT_SAVE_MS: '50',
      SHUTDOWN_TIMEOUT_MS: '100', REQUEST_LOG_LIMIT: '50', REQUEST_LOG_DAYS: '2', SHUTDOWN_DRAIN_MS: '3000', READINESS_TIMEOUT_MS: '250', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5',
      RETENTION_DAYS: '7', RETENTION_BATCH: '50',
    });
    expect(config).toEqual({
      port: 8080, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: null, deliveryLeaseMs: 30_000, publicBaseUrl: 'https://sandbox.example.com',
      rateLimit: { max: 5, windowSeconds: 10 }, logLevel: 'silent',
      reviewDelayMs: 100, allowPrivateMediaUrls: true, sandboxAdminToken: 'sbx_given', tickIntervalMs: 0,
      bodyBounds: { idleMs: 500, totalMs: 60_000, lingerBytes: LINGER_BYTES },
      cache: { heartbeatMs: 200, maxAgeMs: 500 }, rateLimitSaveMs: 50, shutdownTimeoutMs: 100, requestLog: { limit: 50, days: 2 },
      shutdownDrainMs: 3000, readinessTimeoutMs: 250, metrics: { port: 9464, host: '10.0.0.5' }, retention: { days: 7, batch: 50 },
    });
  });

  test('operations: no metrics port, no drain, a 1 s readiness bound and 30 days of retention unless set; the metrics port listens on HOST unless told', () => {
    expect(loadConfig({})).toMatchObject({ metrics: null, shutdownDrainMs: 0, readinessTimeoutMs: 1000, retention: { days: 30, batch: 500 } });
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '0' }).metrics).toEqual({ port: 0, host: '0.0.0.0' });
    expect(loadConfig({ RETENTION_DAYS: '0' }).retention.days).toBe(0);
  });

  test.each([
    ['PORT', 'http'], ['RATE_LIMIT_MAX', '0'], ['RATE_LIMIT_WINDOW_SECONDS', '1.5'], ['LOG_LEVEL', 'loud'], ['PUBLIC_BASE_URL', 'localhost:4000'],
    ['TEMPLATE_REVIEW_DELAY_MS', '-1'], ['TICK_INTERVAL_MS', 'often'], ['BODY_IDLE_TIMEOUT_MS', '0'],
    // Longer bounds would let a revoked key through for more than 5 s on PostgreSQL.
    ['CACHE_HEARTBEAT_MS', '2001'], ['CACHE_MAX_AGE_MS', '5001'], ['REQUEST_LOG_DAYS', '0'],
    ['METRICS_PORT', 'yes'], ['RETENTION_DAYS', '-1'], ['RETENTION_BATCH', '0'], ['SHUTDOWN_DRAIN_MS', '1s'],
  ])(
    'an invalid %s (%s) stops the start with a readable error',
    (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    },
  );
});

describe('one list of the configuration', () => {
  const listed = CONFIG_VARIABLES.map((v) => v.name).sort();

  test('the variables the server --help lists are exactly those loadConfig reads', () => {
    const read = new Set<string>();
    loadConfig(new Proxy({} as Record<string, string | undefined>, { get: (_env, name) => void read.add(String(name)) }));
    expect([...read].sort()).toEqual(listed);
  });

  test("the README's configuration table lists the same variables", () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const documented = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(listed);
  });
});
