// The building blocks of the retry policy: which statuses retry, Retry-After parsing, backoff bounds.
import { DEFAULT_RETRY_POLICY, backoffDelay, isRetryableStatus, parseRetryAfter } from './retry';

describe('retry policy', () => {
  it.each([
    [429, true],
    [500, true],
    [502, true],
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
    [200, false],
  ])('status %i is retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it.each<[string | null, number | undefined]>([
    ['17', 17_000],
    [' 3 ', 3_000],
    ['0', 0],
    [null, undefined],
    ['soon', undefined],
    ['-5', undefined],
  ])('Retry-After %p is %p ms', (header, ms) => {
    expect(parseRetryAfter(header)).toBe(ms);
  });

  it('reads an HTTP-date Retry-After relative to now, never negative', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 07:59:00 GMT', now)).toBe(0);
  });

  it('keeps the backoff within [0, min(cap, base * 2^(attempt-1)))', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 500, maxDelayMs: 8_000 };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const ceiling = Math.min(8_000, 500 * 2 ** (attempt - 1));
      expect(backoffDelay(attempt, policy, () => 0)).toBe(0);
      expect(backoffDelay(attempt, policy, () => 0.999999)).toBe(ceiling - 1);
    }
    expect(backoffDelay(30, policy, () => 0.999999)).toBeLessThan(8_000);
  });
});
