// The server's metrics in Prometheus' text format (prom-client), served apart from the API on METRICS_PORT
// (metrics-server.ts): requests by operation, method and status and their durations, rate-limit refusals,
// webhook attempts by outcome and the age of the oldest due one, simulated reviews pending, the database's
// connections and failed statements, the reads held in memory, what retention purged, and the process'.
// Every label is one of a bounded set: an operation id of the contracts (or the area of a path beside the
// API), an HTTP method and status, an outcome, a kind of read or record. No key, partner, reference or
// request id is ever a label.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../domain/shared/clock';
import type { StoreDiagnostics } from '../store/diagnostics';

/** What became of one webhook attempt: delivered, failed with another attempt due, failed for good. */
export type AttemptOutcome = 'delivered' | 'retried' | 'failed';

export interface MetricSources {
  store: Pick<StoreDiagnostics, 'connections' | 'statementErrors' | 'cachedReads'>;
  /** When the earliest pending webhook attempt of any instance is due. */
  nextDueAttempt: () => Promise<Date | undefined>;
  /** How many templates wait for the simulated reviewer. */
  pendingReviews: () => Promise<number>;
  clock: Clock;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its operation id (or area), method, status and how long it took. */
  requestAnswered(operation: string, method: string, status: number, seconds: number): void;
  rateLimitRefused(): void;
  webhookAttempt(outcome: AttemptOutcome): void;
  purged(family: string, removed: number): void;
}

const PREFIX = 'partner_messaging_';

/** A registry of this server's metrics (one per composition: tests run several servers in one process). */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by operation id (or the area beside the API: sandbox, docs, connect, unmatched), method and status.',
    labelNames: ['operation', 'method', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by operation id (or area).',
    labelNames: ['operation'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const refusals = new Counter({ name: `${PREFIX}rate_limit_refusals_total`, help: 'Requests refused 429 by the rate limit (not those of a sandbox fault).', registers });
  const attempts = new Counter({
    name: `${PREFIX}webhook_attempts_total`,
    help: 'Webhook attempts this instance made, by outcome: delivered, retried (failed, another attempt due), failed (the last attempt failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['delivered', 'retried', 'failed'] as const) attempts.inc({ outcome }, 0);
  new Gauge({
    name: `${PREFIX}webhook_oldest_due_seconds`,
    help: 'How long the earliest due webhook attempt (of any instance) has been due; 0 when none is due.',
    registers,
    async collect() {
      const due = await sources.nextDueAttempt();
      this.set(due ? Math.max(0, (sources.clock().getTime() - due.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}simulated_reviews_pending`,
    help: 'Templates waiting for the simulated provider\'s review (status PENDING).',
    registers,
    async collect() {
      this.set(await sources.pendingReviews());
    },
  });
  const connections = (name: string, help: string, pick: (use: ReturnType<MetricSources['store']['connections']>) => number) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      registers,
      collect() {
        this.set(pick(sources.store.connections()));
      },
    });
  connections('in_use', 'Database connections taken by a statement or transaction (SQLite: 1 while a transaction is open).', (use) => use.inUse);
  connections('idle', 'Database connections open and idle.', (use) => use.idle);
  connections('waiting', 'Statements or transactions waiting for a database connection.', (use) => use.waiting);
  new Counter({
    name: `${PREFIX}db_statement_errors_total`,
    help: 'Database statements that failed (a duplicate refused by a unique key, answered 409, is not counted).',
    registers,
    collect() {
      this.reset();
      this.inc(sources.store.statementErrors());
    },
  });
  new Counter({
    name: `${PREFIX}cache_reads_total`,
    help: 'Reads the server holds in memory, by kind: answered from memory (hit) or from the database (miss).',
    labelNames: ['read', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const { read, hits, misses } of sources.store.cachedReads()) {
        this.inc({ read, result: 'hit' }, hits);
        this.inc({ read, result: 'miss' }, misses);
      }
    },
  });
  const purged = new Counter({ name: `${PREFIX}retention_purged_total`, help: 'Rows (and media files) removed by retention, by kind.', labelNames: ['family'] as const, registers });
  return {
    registry,
    requestAnswered: (operation, method, status, seconds) => {
      requests.inc({ operation, method, status: String(status) });
      durations.observe({ operation }, seconds);
    },
    rateLimitRefused: () => refusals.inc(),
    webhookAttempt: (outcome) => attempts.inc({ outcome }),
    purged: (family, removed) => purged.inc({ family }, removed),
  };
}
