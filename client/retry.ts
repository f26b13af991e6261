// The retry policy of section 7 of the specification: retry network failures, 429, 500 and 502 with capped
// exponential backoff and jitter, honouring Retry-After; never retry validation (400), authentication (401),
// trial (402), scope (403), not-found (404), conflict (409) or provider-policy (422) failures.
// The API promises no idempotency keys: a retried send after a network failure or a 500/502 can be a
// duplicate, so keep your own job ids and the returned message_id (docs/errors-and-retries.md).

/** The statuses the specification marks as retryable. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502]);

export interface RetryPolicy {
  /** Retries after the first attempt (so at most `maxRetries + 1` requests). 0 turns retrying off. */
  maxRetries: number;
  /** Backoff ceiling of the first retry, doubled on every further retry. */
  baseDelayMs: number;
  /** Cap of the exponential backoff. */
  maxDelayMs: number;
  /**
   * Cap on one wait: the longest `Retry-After` the client waits for by itself. A 429 (or 5xx) asking for
   * more is returned to the caller at once, unretried: waiting that long is the caller's scheduling decision
   * (e.g. re-queue the job). The client never retries sooner than `Retry-After` says.
   */
  maxRetryAfterMs: number;
  /**
   * Cap on the total: the most the client waits, summed over all retries of one request. A retry whose wait
   * would go past it is not made; the last answer (or network error) goes to the caller.
   */
  maxTotalDelayMs: number;
}

/**
 * The defaults: at most 3 retries, backoff from 0.5 s up to 8 s, one wait at most 10 s, at most 30 s of
 * waiting in all. A rate-limit answer asking for 17 s (the mock's rehearsal example) comes back at once.
 */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 10_000,
  maxTotalDelayMs: 30_000,
});

export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before this retry. */
  delayMs: number;
  /** The retryable status, or the network error. */
  reason: { status: number } | { error: unknown };
  method: string;
  url: string;
}

export interface RetryHooks {
  /** Called before every retry (for logging and metrics). */
  onRetry?: (event: RetryEvent) => void;
  /** Injected for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected for tests; defaults to Math.random. Returns [0, 1). */
  random?: () => number;
  /** Injected for tests; defaults to Date.now (used to read an HTTP-date Retry-After). */
  now?: () => number;
}

export type FetchLike = (input: Request) => Promise<Response>;

/** True when the status is one the specification says to retry. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * `Retry-After` as milliseconds: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Undefined when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // an HTTP-date names its weekday and month; anything else (negative numbers, words) is unreadable
  if (!/^[A-Za-z]{3}, /.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * "Full jitter" capped exponential backoff: a uniform draw in [0, min(maxDelayMs, baseDelayMs * 2^(attempt-1))).
 * `attempt` is 1 for the first retry.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function isCallerAbort(request: Request, error: unknown): boolean {
  return request.signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

/**
 * Wraps a fetch with the retry policy. Every attempt sends a clone of the request, so bodies (JSON or
 * multipart) are sent again intact. A request aborted by the caller is never retried.
 */
export function withRetry(
  fetchImpl: FetchLike,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  hooks: RetryHooks = {},
): FetchLike {
  const sleep = hooks.sleep ?? defaultSleep;
  const random = hooks.random ?? Math.random;
  const now = hooks.now ?? Date.now;

  return async function retryingFetch(request: Request): Promise<Response> {
    let waited = 0;
    /** Whether a wait of `delayMs` stays within the total budget; counts it when it does. */
    const withinBudget = (delayMs: number): boolean => {
      if (waited + delayMs > policy.maxTotalDelayMs) return false;
      waited += delayMs;
      return true;
    };
    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt > policy.maxRetries;
      // keep `request` unread until the last attempt so a retry can clone it again
      const attemptRequest = isLast ? request : request.clone();
      let response: Response;
      try {
        response = await fetchImpl(attemptRequest);
      } catch (error) {
        if (isLast || isCallerAbort(request, error)) throw error;
        const delayMs = backoffDelay(attempt, policy, random);
        if (!withinBudget(delayMs)) throw error;
        hooks.onRetry?.({ attempt, delayMs, reason: { error }, method: request.method, url: request.url });
        await sleep(delayMs);
        continue;
      }
      if (isLast || !isRetryableStatus(response.status)) return response;

      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now());
      if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return response;
      const delayMs = Math.max(retryAfterMs ?? 0, backoffDelay(attempt, policy, random));
      if (!withinBudget(delayMs)) return response;
      // drain the body so the connection can be reused
      await response.body?.cancel().catch(() => undefined);
      hooks.onRetry?.({
        attempt,
        delayMs,
        reason: { status: response.status },
        method: request.method,
        url: request.url,
      });
      await sleep(delayMs);
    }
  };
}
