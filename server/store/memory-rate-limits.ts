import type { RateLimitRepository } from './repositories';

/**
 * Rate-limit counters of one process: for a front that keeps no data (the mock), and for a store whose data
 * one process owns (SQLite; store/sql/held-in-memory.ts).
 */
export class MemoryRateLimitCounters implements RateLimitRepository {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  async hit(keyId: string, windowStart: number): Promise<number> {
    const current = this.counts.get(keyId);
    if (current && current.windowStart === windowStart) return ++current.count;
    this.counts.set(keyId, { windowStart, count: 1 });
    return 1;
  }

  async purgeBefore(windowStart: number): Promise<void> {
    for (const [key, { windowStart: start }] of this.counts) if (start < windowStart) this.counts.delete(key);
  }
}
