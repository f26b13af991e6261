import type { Awaitable } from '../awaitable';

/** Stands for "no such row" in a cache that keeps absences. */
const ABSENT = Symbol('absent');

/**
 * Results of one kind of read, kept in memory while they cannot have changed: all are dropped as soon as
 * the change version moves (another connection or instance committed a change to the table read) or this
 * process writes the table (`clear`). What is cached where, and what moves the version, is decided in
 * held-in-memory.ts. Never kept: a result read inside a transaction (it could roll back), one read while a
 * change arrived (it may be from before it), an absence unless `keepAbsent` (a flood of unknown keys must
 * not fill it). At most `maxEntries` are kept, the oldest dropped first. A kept result is frozen: callers
 * share it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V | typeof ABSENT>();
  private seenVersion: unknown;
  /** Moves on every `clear`: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly changeVersion: () => unknown,
    private readonly options: { keepAbsent?: boolean; maxEntries?: number } = {},
  ) {}

  /**
   * The cached result, at once (no promise: the hot path's reads answer from here), else a promise of
   * `read`'s, kept only when `keep` (read outside a transaction).
   */
  get(key: string, read: (key: string) => Promise<V | undefined>, keep: boolean): Awaitable<V | undefined> {
    const version = this.changeVersion();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached === ABSENT ? undefined : cached;
    return this.readAndKeep(key, read, keep, version);
  }

  private async readAndKeep(key: string, read: (key: string) => Promise<V | undefined>, keep: boolean, version: unknown): Promise<V | undefined> {
    const generation = this.generation;
    const value = await read(key);
    if (keep && (value !== undefined || this.options.keepAbsent) && this.generation === generation && this.changeVersion() === version) {
      if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value === undefined ? ABSENT : deepFreeze(value));
    }
    return value;
  }

  /** This process wrote what the results were read from. */
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
