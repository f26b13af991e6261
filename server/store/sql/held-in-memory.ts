// What the store holds in this process's memory instead of asking the database on every request, and what
// makes it let go: the one place these decisions are made. The hot requests (a send, GET /clients,
// GET /templates, GET /usage) then cost no database work on SQLite, where one process owns the data file,
// and one round trip on PostgreSQL, where instances share the database: the rate-limit window's.
//
// | held                                   | SQLite (one process owns the file)      | PostgreSQL (instances share it)            |
// |----------------------------------------|-----------------------------------------|--------------------------------------------|
// | rate-limit window counters             | in memory: nothing else counts requests | never: one atomic upsert per request,      |
// |                                        | on the file; written when it closes     | exact across instances                     |
// | a key by its hash, a client by its     | cached                                  | cached                                     |
// | reference, a partner's pages of        |                                         |                                            |
// | clients and their count, a client's    |                                         |                                            |
// | templates and when they were synced,   |                                         |                                            |
// | a contact's last inbound message (the  |                                         |                                            |
// | service window), a partner's usage,    |                                         |                                            |
// | which keys and partners have faults    |                                         |                                            |
//
// Never held: sessions, template name reservations, webhook deliveries and their leases, message statuses,
// media, trial settings, test recipients, the turns a fault has left. Each claim or count there is one statement the database makes
// atomic, so it holds across instances (server/README.md, "Deploying the shared sandbox").
//
// A cached read is dropped
// - when this process writes its table: the repository says so (`wrote`), and a write inside a transaction
//   drops it again when the transaction ends, since a read outside it meanwhile saw the row as it was;
// - when another connection or instance may have changed its table: SQLite's `PRAGMA data_version` (another
//   process committed, `npm run keys`: every table), PostgreSQL's NOTIFY carrying the table's name (a trigger
//   on each cached table, postgres/migrations.ts; nothing is kept while the listening connection is down).
// Until a NOTIFY arrives (about a millisecond), another instance may still answer from what it read before.
import type { ApiKey, ClientRecord, FaultTargets, TemplateRecord, UsageCount } from '../records';
import type { RateLimitRepository } from '../repositories';
import type { SqlConnection } from './connection';
import { ReadCache } from './read-cache';
import { KeptRateLimitWindows } from './kept-windows';
import { SqlRateLimitRepository } from './rate-limits';

/** The tables whose reads are cached; a write to one drops what was read from it. */
export type CachedTable = 'api_keys' | 'clients' | 'faults' | 'service_window' | 'templates' | 'template_mirror_sync' | 'usage_monthly';

export interface HeldInMemory {
  /** Keys by hash (found ones only: a flood of unknown keys does not fill it). */
  readonly keysByHash: ReadCache<ApiKey>;
  /** Clients by partner and reference (found ones only). */
  readonly clientsByRef: ReadCache<ClientRecord>;
  /** A partner's clients by page (limit and offset), and their count. */
  readonly clientPages: ReadCache<ClientRecord[]>;
  readonly clientCounts: ReadCache<number>;
  /** When a contact last wrote to a client (epoch ms), or that it never did. */
  readonly lastInbound: ReadCache<number>;
  /** A client's templates, and when its mirror last synced (epoch ms) or that it never did. */
  readonly templateLists: ReadCache<TemplateRecord[]>;
  readonly templateSyncs: ReadCache<number>;
  /** A partner's monthly usage counts over a span of months. */
  readonly usage: ReadCache<UsageCount[]>;
  /** Which keys and partners have live faults (asked by every request of a key). */
  readonly faultTargets: ReadCache<FaultTargets>;
  /** Where requests are counted in their rate-limit window. */
  readonly rateLimits: RateLimitRepository;
  /** Writes what must outlive the process (SQLite's rate-limit windows), as the store closes. */
  kept(): Promise<void>;
  /** This process wrote `table`: what was read from it is dropped. */
  wrote(table: CachedTable): void;
  /**
   * The same memory for the repositories of a transaction: a write drops what was read at once, and again
   * when `ended` is called once the transaction has committed or rolled back.
   */
  forTransaction(): { memory: HeldInMemory; ended(): void };
}

/** What a store over `db` holds in memory (one per open database: its transactions share it). */
export function heldInMemory(db: SqlConnection): HeldInMemory {
  const byTable = new Map<CachedTable, ReadCache<unknown>[]>();
  const cache = <V>(table: CachedTable, options: { keepAbsent?: boolean } = {}): ReadCache<V> => {
    const made = new ReadCache<V>(() => db.changeVersion(table), options);
    byTable.set(table, [...(byTable.get(table) ?? []), made as ReadCache<unknown>]);
    return made;
  };
  const wrote = (table: CachedTable) => {
    for (const c of byTable.get(table) ?? []) c.clear();
  };
  const rateLimits = db.dialect === 'sqlite' ? new KeptRateLimitWindows(db) : new SqlRateLimitRepository(db);
  const memory: HeldInMemory = {
    keysByHash: cache('api_keys'),
    clientsByRef: cache('clients'),
    clientPages: cache('clients'),
    clientCounts: cache('clients'),
    lastInbound: cache('service_window', { keepAbsent: true }),
    templateLists: cache('templates'),
    templateSyncs: cache('template_mirror_sync', { keepAbsent: true }),
    usage: cache('usage_monthly'),
    faultTargets: cache('faults'),
    // One process owns a SQLite file (a second server on it is not supported), so its counters are exact in
    // memory; they are written when the store closes, so a restart keeps the current window.
    rateLimits,
    kept: () => (rateLimits instanceof KeptRateLimitWindows ? rateLimits.keep() : Promise.resolve()),
    wrote,
    forTransaction: () => transactionView(memory),
  };
  return memory;
}

/** The memory seen from a transaction inside `outer`: its writes are dropped now and again when it ends. */
function transactionView(outer: HeldInMemory): { memory: HeldInMemory; ended(): void } {
  const written = new Set<CachedTable>();
  const memory: HeldInMemory = {
    ...outer,
    wrote(table) {
      written.add(table);
      outer.wrote(table);
    },
    forTransaction: () => transactionView(memory),
  };
  return { memory, ended: () => written.forEach((table) => outer.wrote(table)) };
}
