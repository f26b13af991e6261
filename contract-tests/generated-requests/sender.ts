// The generated phase's requests on their way to the target: each goes out with one of the run's keys (the key
// with every scope and the extra keys of its partner), the one with the most left of its rate-limit window;
// when every key's window is spent, the phase waits for the first one to open again (rate-windows.ts: the
// Retry-After of its 429, or the window its headers showed), and a 429 is waited out and the request sent
// again. The phase stops at --max-requests, at its budget, or when the next window would open only after the
// budget, and the sender says which. Its own requests (setting up, cleaning up) are outside those bounds: the
// clean-up after the budget still waits for a window, as a case would.
import { failureCause } from '../../client/request-failure';
import { MAX_PATIENCE_MS, type CheckedTransport, type Exchange } from '../harness';
import type { RateWindows } from '../rate-windows';

export type StopReason = 'max-requests' | 'budget' | 'rate-limit';

/** A request as the phase sends it: its Authorization (the run's main key) is swapped for the key chosen. */
export interface Outgoing {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export class Sender {
  sent = 0;
  stoppedBy: StopReason | undefined;
  note: string | undefined;
  /** Requests per key (by position in `keys`). */
  readonly perKey: number[];

  constructor(
    private readonly transport: CheckedTransport,
    private readonly baseUrl: string,
    /** The Authorization values of the run's keys, the main one first. */
    readonly keys: readonly string[],
    private readonly windows: RateWindows,
    private readonly limits: { maxRequests: number; deadline: number },
  ) {
    this.perKey = keys.map(() => 0);
  }

  /** Whether the phase must stop (and, once it must, why). */
  get over(): boolean {
    if (this.stoppedBy) return true;
    if (this.sent >= this.limits.maxRequests) this.stoppedBy = 'max-requests';
    else if (this.windows.clock.now() >= this.limits.deadline) this.stoppedBy = 'budget';
    return this.stoppedBy !== undefined;
  }

  /** Whether the keys' windows have room now for more than `requests` requests (a key not answered yet counts as room). */
  roomFor(requests: number): boolean {
    const now = this.windows.clock.now();
    const left = this.keys.map((k) => this.windows.state(k)).filter((s) => s.readyAt <= now).reduce((sum, s) => sum + (s.remaining ?? Infinity), 0);
    return left > requests;
  }

  /**
   * Sends one request, with the key whose window has the most left, waiting for a window when every key's is
   * spent, and again after a 429. Undefined when the phase is over; `noAnswer` when the target closed the
   * connection without an answer. The phase's `own` requests (setting up, cleaning up) count against neither
   * --max-requests nor the budget, and wait for a window at most MAX_PATIENCE_MS.
   */
  async send(r: Outgoing, own = false): Promise<Exchange | { noAnswer: string } | undefined> {
    const keyed = r.headers.authorization !== undefined;
    const giveUpAt = this.windows.clock.now() + MAX_PATIENCE_MS;
    for (;;) {
      if (!own && this.over) return undefined;
      const key = keyed ? this.windows.pick(this.keys) : undefined;
      if (key && key.readyAt > this.windows.clock.now()) {
        if (own) {
          if (key.readyAt > giveUpAt) return { noAnswer: `every key stayed refused for more than ${MAX_PATIENCE_MS / 1000} s (${key.blockedBy ?? 'its window'})` };
        } else if (key.readyAt >= this.limits.deadline) {
          this.stoppedBy = 'rate-limit';
          const seconds = Math.ceil((key.readyAt - this.windows.clock.now()) / 1000);
          this.note = `every key's window was spent (${this.keys.length === 1 ? 'one key' : `${this.keys.length} keys`}); the first opens again in ${seconds} s (${key.blockedBy ?? 'its window'}), after the budget`;
          return undefined;
        }
        await this.windows.waitUntil(key.readyAt);
        continue;
      }
      if (!own) this.sent++;
      if (key) this.perKey[this.keys.indexOf(key.key)]!++;
      const headers = key ? { ...r.headers, authorization: key.key } : r.headers;
      let exchange: Exchange;
      try {
        exchange = await this.exchange(r.path, { method: r.method, headers, body: r.body });
      } catch (error) {
        return { noAnswer: failureCause(error) };
      }
      // A 429 is waited out (the windows know how long) and the request sent again.
      if (exchange.status !== 429) return exchange;
    }
  }

  /**
   * One request through the checked transport. A connection the target closed before it answered is tried once
   * more (a kept-alive connection it had just dropped); a second failure is thrown.
   */
  private async exchange(path: string, init: RequestInit): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.transport.fetch(`${this.baseUrl}${path}`, init);
        await response.arrayBuffer();
        return this.transport.exchanges.at(-1)!;
      } catch (error) {
        if (attempt > 0) throw error;
      }
    }
  }
}
