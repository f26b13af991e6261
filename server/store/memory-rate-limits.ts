import type { RateLimitRepository } from './repositories';

/** Rate-limit counters of one process, for a front that keeps no data (the mock). */
export class MemoryRateLimitCounters implements RateLimitRepository {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  async hit(keyId: string, windowStart: number): Promise<number> {
    const current = this.counts.get(keyId);
    const next = current && current.windowStart === windowStart ? { windowStart, count: current.count + 1 } : { windowStart, count: 1 };
    this.counts.set(keyId, next);
    return next.count;
  }

  async purgeBefore(windowStart: number): Promise<void> {
    for (const [key, { windowStart: start }] of this.counts) if (start < windowStart) this.counts.delete(key);
  }
}
