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
 * epoch; the counter of each key and window is the store's (held in memory where one process owns the data,
 * in the database where instances share it), so every instance on the same data counts into the same one and
 * the limit holds exactly across them. A request costs one count.
 */
export class FixedWindowRateLimiter {
  private purgedBefore = 0;

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly counters: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  /** One request of the key counted. */
  async consume(keyId: string): Promise<RateLimitDecision> {
    const now = this.clock().getTime();
    const windowMs = this.policy.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    if (start > this.purgedBefore) {
      // Once per window and instance, beside the request rather than before it: counters of windows that are
      // over are never read again. A purge that fails is tried again by the next request.
      this.purgedBefore = start;
      this.counters.purgeBefore(start).catch(() => (this.purgedBefore = 0));
    }
    const count = await this.counters.hit(keyId, start);
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    return { allowed: count <= this.policy.max, limit: this.policy.max, remaining: Math.max(0, this.policy.max - count), retryAfterSeconds };
  }
}
