// Whether this instance should be sent requests (GET /readyz): the data answers within a short bound and is
// migrated to what this code needs, on PostgreSQL the cache listener is proven alive (else every read asks the
// database: the instance serves, but slowly and without the fast paths it was sized for), and it is not
// stopping. The process being up at all is GET /healthz, which asks nothing.
import type { StoreDiagnostics } from '../store/diagnostics';

/** What is checked, by name in the answer's `checks`. */
export type ReadinessCheck = 'database' | 'migrations' | 'cache_listener' | 'stopping';

export interface ReadinessAnswer {
  ready: boolean;
  /** Each check: `ok`, or what is wrong in a few words (never an error's message: it may name hosts). */
  checks: Partial<Record<ReadinessCheck, string>>;
}

export interface ReadinessDeps {
  store: Pick<StoreDiagnostics, 'appliedMigration' | 'latestMigration'>;
  /** On PostgreSQL, the cache listener (store/postgres/change-listener.ts): alive while its heartbeat came back in time. */
  cacheListener?: { alive(): boolean };
  /** How long the database has to answer (READINESS_TIMEOUT_MS). */
  timeoutMs: number;
}

export class Readiness {
  private stopping = false;
  /**
   * The statement under way, if one is: probes that come meanwhile wait for it (within their own bound)
   * rather than queue more statements behind one that is stuck.
   */
  private statement: Promise<number> | undefined;

  constructor(private readonly deps: ReadinessDeps) {}

  /** The instance is stopping: from now on it is not ready, whatever else holds (the balancer drains it). */
  stop(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  async check(): Promise<ReadinessAnswer> {
    const checks: ReadinessAnswer['checks'] = {};
    if (this.stopping) checks.stopping = 'the instance is stopping';
    Object.assign(checks, await this.askStore());
    if (this.deps.cacheListener) checks.cache_listener = this.deps.cacheListener.alive() ? 'ok' : 'not proven alive: its heartbeat did not come back in time';
    return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
  }

  private async askStore(): Promise<{ database: string; migrations?: string }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.deps.timeoutMs)));
    try {
      this.statement ??= this.deps.store.appliedMigration().finally(() => (this.statement = undefined));
      const applied = await Promise.race([this.statement, late]);
      if (applied === 'late') return { database: `no answer within ${this.deps.timeoutMs} ms` };
      const latest = this.deps.store.latestMigration;
      return { database: 'ok', migrations: applied >= latest ? 'ok' : `the data is at migration ${applied}, this server needs ${latest}` };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { database: `the statement failed${typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : ''}` };
    } finally {
      clearTimeout(timer);
    }
  }
}
