// What the store holds in this process's memory instead of asking the database on every request, and what
// makes it let go: the one place these decisions are made. The hot requests (a send, GET /clients,
// GET /templates, GET /usage) then cost no database work on SQLite, where one server process owns the data
// file, and one round trip on PostgreSQL, where instances share the database: the rate-limit window's.
//
// | held                                   | SQLite (one server process owns the file) | PostgreSQL (instances share it)          |
// |----------------------------------------|-------------------------------------------|------------------------------------------|
// | rate-limit window counters             | in memory: no other server counts on the  | never: one atomic upsert per request,    |
// |                                        | file (a second is refused at start);      | exact across instances                   |
// |                                        | written every RATE_LIMIT_SAVE_MS (1 s),   |                                          |
// |                                        | and when the store closes                 |                                          |
// | a key by its hash, a client by its     | cached until a statement of this process  | cached until a statement of this process |
// | reference, a partner's pages of        | writes its table, or another process      | writes its table, or a NOTIFY says       |
// | clients and their count, a client's    | commits to the file (`PRAGMA              | another connection did; for              |
// | templates and when they were synced,   | data_version`: `npm run keys`)            | CACHE_MAX_AGE_MS (2 s) at most; nothing  |
// | a contact's last inbound message (the  |                                           | while the listener is not proven alive   |
// | service window), a partner's usage,    |                                           |                                          |
// | which keys and partners have faults,   |                                           |                                          |
// | partners' clock offsets                |                                           |                                          |
//
// Never held: sessions, template name reservations, webhook deliveries and their leases, message statuses,
// media, trial settings, test recipients, the turns a fault has left. Each claim or count there is one statement the database makes
// atomic, so it holds across instances (server/README.md, "Deploying the shared sandbox").
//
// A cached read is dropped
// - when a statement of this process writes its table: every statement goes through one connection that
//   reads the tables it writes from its SQL (write-tracking.ts); a transaction's writes drop it again when
//   the transaction ends, since a read outside it meanwhile saw the rows as they were. Reads inside a
//   transaction are never held (they must see its writes, and may roll back);
// - when another connection or instance may have changed its table: SQLite's `PRAGMA data_version` (another
//   process committed, `npm run keys`: every table), PostgreSQL's NOTIFY carrying the table's name (a trigger
//   on each cached table, postgres/migrations.ts). The PostgreSQL listener proves it is alive with a NOTIFY
//   to itself every CACHE_HEARTBEAT_MS (1 s); whenever its last proof is older than two periods (it hangs, its
//   link is gone), nothing is held until it is back (postgres/change-listener.ts);
// - on PostgreSQL, once it is CACHE_MAX_AGE_MS old, whatever the listener says: a change that sent no NOTIFY
//   (a TRUNCATE, a write with triggers off) is seen within that bound.
// Until a NOTIFY arrives (about a millisecond), another instance may still answer from what it read before.
import type { CachedReadCounts } from '../diagnostics';
import type { ApiKey, ClientRecord, FaultTargets, TemplateRecord, UsageCount } from '../records';
import type { RateLimitRepository } from '../repositories';
import type { SqlConnection } from './connection';
import { READ_THROUGH, ReadCache, type CachedReads } from './read-cache';
import { KeptRateLimitWindows } from './kept-windows';
import { SqlRateLimitRepository } from './rate-limits';
import { WriteTrackingConnection } from './write-tracking';
import type { WrittenTables } from './written-tables';

/** Each cached read, and the one table it reads. */
const CACHED_READS = {
  /** Keys by hash (found ones only: a flood of unknown keys does not fill it). */
  keysByHash: { table: 'api_keys' },
  /** Clients by partner and reference (found ones only). */
  clientsByRef: { table: 'clients' },
  /** A partner's clients by page (limit and offset), and their count. */
  clientPages: { table: 'clients' },
  clientCounts: { table: 'clients' },
  /** When a contact last wrote to a client (epoch ms), or that it never did. */
  lastInbound: { table: 'service_window', keepAbsent: true },
  /** A client's templates, and when its mirror last synced (epoch ms) or that it never did. */
  templateLists: { table: 'templates' },
  templateSyncs: { table: 'template_mirror_sync', keepAbsent: true },
  /** A partner's monthly usage counts over a span of months. */
  usage: { table: 'usage_monthly' },
  /** Which keys and partners have live faults (asked by every request of a key). */
  faultTargets: { table: 'faults' },
  /** How far a partner's time is ahead (asked by every request of a partner), and which partners are ahead (every tick). */
  partnerClocks: { table: 'partner_clocks', keepAbsent: true },
  clocksAhead: { table: 'partner_clocks' },
} as const satisfies Record<string, { table: string; keepAbsent?: boolean }>;

export type CachedRead = keyof typeof CACHED_READS;

/** The table each cached read reads (for the tests that write each one). */
export const tableOf = (read: CachedRead): string => CACHED_READS[read].table;
export const CACHED_READ_NAMES = Object.keys(CACHED_READS) as CachedRead[];

export interface HeldInMemory {
  readonly keysByHash: CachedReads<ApiKey>;
  readonly clientsByRef: CachedReads<ClientRecord>;
  readonly clientPages: CachedReads<ClientRecord[]>;
  readonly clientCounts: CachedReads<number>;
  readonly lastInbound: CachedReads<number>;
  readonly templateLists: CachedReads<TemplateRecord[]>;
  readonly templateSyncs: CachedReads<number>;
  readonly usage: CachedReads<UsageCount[]>;
  readonly faultTargets: CachedReads<FaultTargets>;
  readonly partnerClocks: CachedReads<number>;
  readonly clocksAhead: CachedReads<Array<{ partnerId: string; offsetMs: number }>>;
  /** Where requests are counted in their rate-limit window. */
  readonly rateLimits: RateLimitRepository;
  /** Writes what must outlive the process (SQLite's rate-limit windows), as the store closes. */
  kept(): Promise<void>;
  /** The same memory as a transaction's repositories see it: every cached read reads through. */
  readonly inTransaction: HeldInMemory;
  /** How many reads of each kind were answered from memory and how many asked the database (a transaction's are not counted). */
  counts(): CachedReadCounts[];
}

/**
 * What a store over `db` holds in memory (one per open database: its transactions share it), and the
 * connection its repositories (and the simulated provider) must use: its writes drop what was read.
 */
export function heldInMemory(db: SqlConnection, options: { rateLimitSaveMs?: number } = {}): { memory: HeldInMemory; connection: SqlConnection } {
  const byTable = new Map<string, ReadCache<unknown>[]>();
  const every: ReadCache<unknown>[] = [];
  const counts = () => CACHED_READ_NAMES.map((read) => ({ read, hits: (caches[read] as ReadCache<unknown>).hits, misses: (caches[read] as ReadCache<unknown>).misses }));
  const caches = Object.fromEntries(
    Object.entries(CACHED_READS).map(([name, read]) => {
      const made = new ReadCache<unknown>(() => db.changeVersion(read.table), { keepAbsent: 'keepAbsent' in read && read.keepAbsent, maxAgeMs: db.cacheMaxAgeMs });
      byTable.set(read.table, [...(byTable.get(read.table) ?? []), made]);
      every.push(made);
      return [name, made];
    }),
  ) as unknown as Pick<HeldInMemory, CachedRead>;
  const wrote = (tables: WrittenTables) => {
    if (tables === 'any') every.forEach((c) => c.clear());
    else for (const table of tables) for (const c of byTable.get(table) ?? []) c.clear();
  };
  const connection = new WriteTrackingConnection(db, wrote);
  const rateLimits = db.dialect === 'sqlite' ? new KeptRateLimitWindows(connection, options.rateLimitSaveMs) : new SqlRateLimitRepository(connection);
  const kept = () => (rateLimits instanceof KeptRateLimitWindows ? rateLimits.close() : Promise.resolve());
  const readThrough = Object.fromEntries(CACHED_READ_NAMES.map((name) => [name, READ_THROUGH])) as unknown as Pick<HeldInMemory, CachedRead>;
  const inTransaction: HeldInMemory = { ...readThrough, rateLimits, kept, counts, get inTransaction() { return inTransaction; } };
  const memory: HeldInMemory = { ...caches, rateLimits, kept, inTransaction, counts };
  return { memory, connection };
}
