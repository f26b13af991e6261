// The composition root: the one place that builds the reference server from its parts (store, simulated
// provider, clock, ids, webhook delivery, domain, sandbox, HTTP app, ticker, and what operators use beside
// them: readiness, metrics, retention). `npm start`, the test
// support, the benchmark and the command-line tools all get their server from here.
import type { Express } from 'express';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { RESOURCE_ROOT } from '../spec';
import { createApp } from './app';
import { databaseFile, type Config } from './config';
import { createDomain, type Domain } from './domain';
import { Faults } from './domain/faults/faults';
import { DAY_MS, type Clock } from './domain/shared/clock';
import type { EventPublisher } from './domain/shared/events';
import type { IdGenerator } from './domain/shared/ids';
import { MEDIA_RETENTION_DAYS } from './domain/media/media-scope';
import { nonPublicReason } from './domain/shared/public-address';
import { HttpMediaUrlFetcher } from './downloads/media-url-fetcher';
import type { Logger } from './log';
import { createSimulatedProvider, type SimulatorControls } from './provider/simulated';
import { sqlSimulatorState } from './provider/simulated/sql-state';
import { sandboxAdminToken } from './sandbox/admin-token';
import { sandboxRouter } from './sandbox/router';
import { requestLogHook } from './sandbox/request-log/hook';
import { RequestRecorder } from './sandbox/request-log/recorder';
import { Sandbox } from './sandbox/service';
import type { ChangeListener } from './store/postgres/change-listener';
import { openStore, type OpenOptions } from './store/open';
import type { Store } from './store/repositories';
import { randomIds, systemClock } from './system';
import { createTicker } from './ticker';
import { dueWork } from './due-work';
import { PartnerTime } from './domain/shared/partner-time';
import { createMetrics, type Metrics } from './operations/metrics';
import { probes } from './operations/probes';
import { Readiness } from './operations/readiness';
import { RetentionPurge, spoolOrphans, storeFamilies } from './operations/retention';
import { WebhookReceivers } from './domain/webhooks/receivers';
import { DeliveryLog, DeliveryWorker, WebhookPublisher, webhookDelivery, type WebhookDelivery } from './webhooks';

export interface CompositionOptions {
  config: Config;
  logger: Logger;
  /**
   * The SQLite data file; DATA_DIR/reference.sqlite unless given (`:memory:` keeps the data in memory).
   * Not used when DATABASE_URL is configured: the data is then in PostgreSQL.
   */
  database?: string;
  clock?: Clock;
  ids?: IdGenerator;
  /** Where the rules' webhook events go instead of the webhook publisher (a recording publisher in tests). */
  events?: EventPublisher;
  /** Base of the links the server hands out (hosted session URLs); PUBLIC_BASE_URL unless given. */
  publicBaseUrl: () => string;
  /** The rendered docs served at /docs (docs/site unless given). */
  docsDir?: string;
  /** Wraps the database's connection (store/open.ts): the bench records the statements of a send. */
  wrapConnection?: OpenOptions['wrap'];
}

export interface Composition {
  config: Config;
  /** This instance's name on the webhook attempts it claims. */
  instance: string;
  store: Store;
  /** On PostgreSQL, what tells this instance of the others' changes (store/postgres/change-listener.ts). */
  cacheListener?: ChangeListener;
  /** What /readyz answers, and what a stop turns not ready (operations/readiness.ts). */
  readiness: Readiness;
  /** The metrics, when METRICS_PORT is set (served by operations/metrics-server.ts). */
  metrics: Metrics | undefined;
  /** Purges what is past retention, a batch at a time; the ticker runs it (operations/retention.ts). */
  retention: RetentionPurge;
  domain: Domain;
  /** The webhooks as the sandbox uses them: receiver configuration, publishing, the delivery log. */
  webhooks: WebhookDelivery;
  /** This instance's webhook delivery worker. */
  deliveries: DeliveryWorker;
  /** What only the sandbox and the tests may do to the simulated provider. */
  simulator: SimulatorControls;
  sandbox: { token: string; generated: boolean; service: Sandbox };
  app: Express;
  /** Runs what is due now: the simulated reviewer's moves, webhook attempts, then a batch of each purge due. */
  tick(): Promise<void>;
  /** Runs `tick` every TICK_INTERVAL_MS (unless 0) until `close`. */
  start(): void;
  /** Stops the ticker and the deliveries, and closes the store. */
  close(): Promise<void>;
}

/** Builds the server; its data is opened (and migrated) first: PostgreSQL at DATABASE_URL, else the SQLite file. */
export async function compose(options: CompositionOptions): Promise<Composition> {
  const { config, logger } = options;
  const ids = options.ids ?? randomIds;
  const { store, connection, cacheListener, diagnostics } = await openStore(
    { databaseUrl: config.databaseUrl, sqliteFile: options.database ?? databaseFile(config) },
    { server: true, cache: config.cache, rateLimitSaveMs: config.rateLimitSaveMs, wrap: options.wrapConnection },
  );
  // Every rule reads `clock`: the time of the partner whose work is running (its sandbox clock), else the server's.
  const time = new PartnerTime(options.clock ?? systemClock, store);
  const clock = time.clock;
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { provider, controls } = createSimulatedProvider({
    state: sqlSimulatorState(connection),
    mediaDirectory: join(config.dataDir, 'provider-media'),
    mediaRetentionMs: MEDIA_RETENTION_DAYS * DAY_MS,
    clock,
    purgeClock: time.server,
    ids,
    reviewDelayMs: config.reviewDelayMs,
  });
  const spoolDirectory = join(config.dataDir, 'uploads');
  const onError = (error: unknown) => logger.error({ err: error }, 'webhook, review or retention tick failed');
  const metrics = config.metrics
    ? createMetrics({ store: diagnostics, nextDueAttempt: () => store.webhooks.nextDueAt(), pendingReviews: () => controls.pendingReviews(), clock })
    : undefined;
  const receivers = new WebhookReceivers({ repo: store.webhooks, clock, ids });
  const deliveries = new DeliveryWorker({
    repo: store.webhooks,
    transaction: (fn) => store.transaction(fn),
    receivers,
    clock,
    serverClock: time.server,
    within: (partnerId, work) => time.within(partnerId, work),
    instance,
    leaseMs: config.deliveryLeaseMs,
    onError,
    attempted: metrics?.webhookAttempt,
  });
  const faults = new Faults(store.faults, clock, ids);
  const publisher = new WebhookPublisher({ repo: store.webhooks, receivers, faults, clock, ids, queued: () => void deliveries.runDue() });
  const webhooks = webhookDelivery({ receivers, publisher, log: new DeliveryLog(store.webhooks), worker: deliveries });
  const domain = createDomain({
    store,
    provider,
    clock,
    ids,
    rateLimit: config.rateLimit,
    events: options.events ?? publisher,
    mediaUrls: new HttpMediaUrlFetcher(config.allowPrivateMediaUrls ? () => undefined : nonPublicReason),
    spoolDirectory,
    partnerNow: (partnerId) => time.now(partnerId),
  });
  const retention = new RetentionPurge({
    families: [
      ...storeFamilies(store.retention, config.retention.days),
      // The provider's media end with their 30 days whatever RETENTION_DAYS says: past them, their bytes serve nothing.
      { name: 'media', purge: (_now, limit) => controls.purgeExpiredMedia(limit) },
      spoolOrphans(spoolDirectory),
    ],
    claims: store.retention,
    clock,
    instance,
    batch: config.retention.batch,
    purged: metrics?.purged,
  });
  const due = dueWork({ time, store, reviewer: controls, deliveries });
  const ticker = createTicker(
    {
      run: async () => {
        await due.all();
        await retention.runDue();
      },
      settled: () => deliveries.idle(),
    },
    config.tickIntervalMs,
    onError,
  );
  const readiness = new Readiness({ store: diagnostics, cacheListener, timeoutMs: config.readinessTimeoutMs });
  const { token, generated } = sandboxAdminToken(config.sandboxAdminToken, config.dataDir, ids);
  const requestLog = config.requestLog.limit > 0 ? new RequestRecorder(store, config.requestLog, logger) : undefined;
  const service = new Sandbox({ domain, webhooks, faults, simulator: controls, tick: ticker.tick, requestLog: { store, flush: () => requestLog?.flush() ?? Promise.resolve() }, time, dueOf: due.of });
  const app = createApp({
    domain,
    logger,
    publicBaseUrl: options.publicBaseUrl,
    docsDir: options.docsDir ?? join(RESOURCE_ROOT, 'docs', 'site'),
    sandbox: sandboxRouter(service, token, domain.portalTokens),
    bodyBounds: config.bodyBounds,
    faults,
    requestLog: requestLog && requestLogHook(requestLog, (partnerId) => time.nowKnown(partnerId)),
    time,
    probes: probes(readiness),
    metrics,
  });
  let stopTicker = () => undefined as void;
  return {
    config,
    instance,
    store,
    cacheListener,
    readiness,
    metrics,
    retention,
    domain,
    webhooks,
    deliveries,
    simulator: controls,
    sandbox: { token, generated, service },
    app,
    tick: ticker.tick,
    start: () => {
      stopTicker = ticker.start();
    },
    close: async () => {
      stopTicker();
      deliveries.close();
      await requestLog?.flush();
      await store.close();
    },
  };
}
