// What a run knows of each of its keys' rate-limit windows, from the headers of every answer (section 5 rule
// 9: X-RateLimit-Limit and X-RateLimit-Remaining on every answer of a key, Retry-After on a 429), and the
// waits that follow: a key refused with 429 is not used again before its Retry-After has passed (the
// specification's "wait at least this long"; section 7 tells clients to honour it), and a key whose window is
// spent (Remaining 0) waits for the next one when the headers showed how long a window is (two fresh starts
// of its count). Keys are told apart by their Authorization value, held in memory only. The clock is
// injected, so pacing is tested with fake time.

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** How long the run waits without any sign of when a key's window opens again (a 429 without Retry-After), and at least after any 429. */
const MIN_WAIT_MS = 1_000;

const integer = (text: string | null) => (text !== null && /^\d+$/.test(text.trim()) ? Number(text) : undefined);

interface KeyWindow {
  limit?: number;
  remaining?: number;
  /** The key is not used before this (epoch ms). */
  blockedUntil: number;
  /** Why it is blocked, for the summary (`Retry-After 37`). */
  blockedBy?: string;
  /** When the key's count was last seen to start afresh, and the window length two such starts showed. */
  startedAt?: number;
  lengthMs?: number;
  lastAt: number;
}

/** What a key's window allows now. */
export interface KeyState {
  key: string;
  /** When the key may send again (epoch ms; now or earlier when it may send at once). */
  readyAt: number;
  /** What is left of its window as last seen (undefined before its first answer). */
  remaining?: number;
  limit?: number;
  blockedBy?: string;
}

export class RateWindows {
  private readonly windows = new Map<string, KeyWindow>();
  /** Waits the run made for a window, and their total. */
  waits = 0;
  waitedMs = 0;

  constructor(readonly clock: Clock = systemClock) {}

  /** Records what an answer to a request with `key` says of its window. */
  observe(key: string, status: number, headers: Headers, at = this.clock.now()): void {
    const limit = integer(headers.get('x-ratelimit-limit'));
    const remaining = integer(headers.get('x-ratelimit-remaining'));
    const w = this.windows.get(key) ?? { blockedUntil: 0, lastAt: at };
    // The count rose: a window started afresh since the last answer (a fixed window's boundary, or a sliding one's slack).
    if (remaining !== undefined && w.remaining !== undefined && remaining > w.remaining && status !== 429) {
      if (w.startedAt !== undefined && at - w.startedAt > 0) w.lengthMs = at - w.startedAt;
      w.startedAt = at;
    }
    if (status !== 429 && w.blockedUntil > 0 && at >= w.blockedUntil) {
      w.blockedUntil = 0;
      w.blockedBy = undefined;
    }
    if (status === 429) {
      const retryAfter = integer(headers.get('retry-after'));
      const wait = retryAfter !== undefined ? retryAfter * 1000 : (this.nextStart(w, at) ?? at + MIN_WAIT_MS) - at;
      w.blockedUntil = Math.max(w.blockedUntil, at + Math.max(MIN_WAIT_MS, wait));
      w.blockedBy = retryAfter !== undefined ? `429 with Retry-After ${retryAfter}` : '429 without Retry-After';
    } else if (remaining === 0) {
      const next = this.nextStart(w, at);
      if (next !== undefined) {
        w.blockedUntil = Math.max(w.blockedUntil, next);
        w.blockedBy = 'X-RateLimit-Remaining 0 (the next window, by the length its headers showed)';
      }
    }
    if (limit !== undefined) w.limit = limit;
    if (remaining !== undefined) w.remaining = status === 429 && remaining > 0 ? w.remaining : remaining;
    w.lastAt = at;
    this.windows.set(key, w);
  }

  /** When the window after `at` starts, when the headers showed a window's length. */
  private nextStart(w: KeyWindow, at: number): number | undefined {
    if (w.startedAt === undefined || w.lengthMs === undefined) return undefined;
    return w.startedAt + Math.ceil((at - w.startedAt + 1) / w.lengthMs) * w.lengthMs;
  }

  state(key: string): KeyState {
    const w = this.windows.get(key);
    // Past its block, a key has a fresh window as far as the run knows, until an answer says otherwise.
    const blockOver = w !== undefined && w.blockedUntil > 0 && w.blockedUntil <= this.clock.now();
    return { key, readyAt: w?.blockedUntil ?? 0, remaining: blockOver ? undefined : w?.remaining, limit: w?.limit, blockedBy: w?.blockedBy };
  }

  /**
   * The key to send with next: of those that may send now, the one with the most left of its window (a key
   * not yet answered first); when none may, the one whose window opens first.
   */
  pick(keys: readonly string[]): KeyState {
    const now = this.clock.now();
    const states = keys.map((k) => this.state(k));
    const ready = states.filter((s) => s.readyAt <= now && s.remaining !== 0);
    if (ready.length) return ready.reduce((best, s) => ((s.remaining ?? Infinity) > (best.remaining ?? Infinity) ? s : best));
    // Spent without a known next window: only a request tells when it opens (its 429 carries Retry-After).
    const unknown = states.find((s) => s.readyAt <= now);
    if (unknown) return unknown;
    return states.reduce((first, s) => (s.readyAt < first.readyAt ? s : first));
  }

  /** Waits until `at` (counted as a wait for a window). */
  async waitUntil(at: number): Promise<void> {
    const ms = at - this.clock.now();
    if (ms <= 0) return;
    this.waits++;
    this.waitedMs += ms;
    await this.clock.sleep(ms);
  }
}
