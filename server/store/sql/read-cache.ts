/** Reads of one kind, answered from memory where the store holds them (held-in-memory.ts). */
export interface CachedReads<V> {
  /** The held result of `read` for `key`, else `read`'s. */
  get(key: string, read: (key: string) => Promise<V | undefined>): Promise<V | undefined>;
}

/** Reads that are never held: a transaction's, whose reads must see its own writes and may still roll back. */
export const READ_THROUGH: CachedReads<never> = { get: (key, read) => read(key) };

/** Stands for "no such row" in a cache that keeps absences. */
const ABSENT = Symbol('absent');

interface Entry<V> {
  value: V | typeof ABSENT;
  /** When the read began (performance.now()): what it saw is at least that old. */
  readAt: number;
}

/**
 * Results of one kind of read, kept in memory while they cannot have changed: all are dropped as soon as
 * the change version moves (another connection or instance committed a change to the table read) or a
 * statement of this process writes the table (`clear`), and each one once it is `maxAgeMs` old, whatever the
 * version says. What is cached where, and what moves the version, is decided in held-in-memory.ts. Never
 * kept: one read while a change arrived (it may be from before it), an absence unless `keepAbsent` (a flood
 * of unknown keys must not fill it). At most `maxEntries` are kept, the oldest dropped first. A kept result is
 * frozen: callers share it.
 */
export class ReadCache<V> implements CachedReads<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private seenVersion: unknown;
  /** Moves on every `clear`: a read that began before one is not kept. */
  private generation = 0;
  /** Reads answered from memory, and reads that asked the database (the metrics'). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly changeVersion: () => unknown,
    private readonly options: { keepAbsent?: boolean; maxEntries?: number; maxAgeMs?: number } = {},
  ) {}

  async get(key: string, read: (key: string) => Promise<V | undefined>): Promise<V | undefined> {
    const version = this.changeVersion();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const now = performance.now();
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      if (now - cached.readAt <= (this.options.maxAgeMs ?? Infinity)) {
        this.hits++;
        return cached.value === ABSENT ? undefined : cached.value;
      }
      this.entries.delete(key);
    }
    this.misses++;
    return this.readAndKeep(key, read, version, now);
  }

  private async readAndKeep(key: string, read: (key: string) => Promise<V | undefined>, version: unknown, readAt: number): Promise<V | undefined> {
    const generation = this.generation;
    const value = await read(key);
    if ((value !== undefined || this.options.keepAbsent) && this.generation === generation && this.changeVersion() === version) {
      if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value: value === undefined ? ABSENT : deepFreeze(value), readAt });
    }
    return value;
  }

  /** A statement of this process wrote what the results were read from. */
  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}

/** Freezes a record, or a list of records, and what they hold (components, arrays of scopes). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
