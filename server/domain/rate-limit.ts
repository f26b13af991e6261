import type { Clock } from './clock';

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
 * epoch; counters live in memory (a restart opens a fresh window).
 */
export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly clock: Clock,
  ) {}

  consume(keyId: string): RateLimitDecision {
    const now = this.clock().getTime();
    const windowMs = this.policy.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    let window = this.windows.get(keyId);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(keyId, window);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    if (window.count >= this.policy.max) {
      return { allowed: false, limit: this.policy.max, remaining: 0, retryAfterSeconds };
    }
    window.count += 1;
    return { allowed: true, limit: this.policy.max, remaining: this.policy.max - window.count, retryAfterSeconds };
  }
}
