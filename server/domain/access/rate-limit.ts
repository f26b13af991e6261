import type { RateLimitRepository } from '../../store/repositories';
import type { Clock } from '../shared/clock';

export interface RateLimitPolicy {
  max: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1); meaningful when refused. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window request limit per key. Windows are aligned on multiples of the window length since the
 * epoch; the counter of each key and window is kept in the store, so every instance on the same data counts
 * into the same one and the limit holds exactly across them.
 */
export class FixedWindowRateLimiter {
  private purgedBefore = 0;

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly counters: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  async consume(keyId: string): Promise<RateLimitDecision> {
    const now = this.clock().getTime();
    const windowMs = this.policy.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    if (start > this.purgedBefore) {
      // Once per window and instance: counters of windows that are over are never read again.
      this.purgedBefore = start;
      await this.counters.purgeBefore(start);
    }
    const count = await this.counters.hit(keyId, start);
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    const allowed = count <= this.policy.max;
    return { allowed, limit: this.policy.max, remaining: Math.max(0, this.policy.max - count), retryAfterSeconds };
  }
}
