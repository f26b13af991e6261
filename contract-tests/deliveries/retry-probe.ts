// The run's receiver tests the implementation's retries (section 6, rule 2): it answers the first attempts
// of the first event it receives with 500 and requires each retry on the contract's schedule (immediately,
// then about 10 s later, and with `--webhook-retries full` about 60 s after that), and holds the first
// attempt of the second event past the 5 s an attempt is given, requiring its retry. An attempt is recognised
// by its event_id, which the contract keeps the same on every attempt; the same payload and timestamp under
// another event_id only explains a missing retry (it came under a new event_id). Arrivals before a step's window are
// duplicates (the specification allows them) or early retries: they are answered 500 and never counted, so
// only an attempt on the schedule moves the probe on.
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../../generated/constants';

export type RetryMode = 'short' | 'full';

/** An arrival as the probe sees it. */
export interface ProbeArrival {
  at: number;
  /** The event's `timestamp`, by the implementation's clock (NaN when unreadable). */
  stamped: number;
  eventId: string;
  /** The payload without event_id and timestamp, keys sorted: the same for every attempt of one event. */
  content: string;
}

/** How long after a failure an attempt counts as its retry: `from`–`to` ms (the window of one step of the schedule). */
export interface Window {
  from: number;
  to: number;
}

/** One step of the schedule, as observed: the attempt that failed, when its retry was due, and the retry that came. */
export interface Step {
  /** 1: the immediate retry; 2: about 10 s later; 3: about 60 s later. */
  step: number;
  failedAt: number;
  window: Window;
  retry?: ProbeArrival;
}

/** How late "immediately" may be: the implementation's queue and clock tick. */
export const IMMEDIATE_MS = 5_000;

/**
 * How long a delivery may spend in transit beyond its schedule (section 6 allows deliveries to arrive late):
 * a step's window closes that much later, so a retry delayed on its way is never taken for a wrong schedule. A
 * delay in transit only ever makes an attempt later: the windows open when they would without it.
 */
export const TRANSIT_MS = 4_000;

/** The window of a step: immediate is up to IMMEDIATE_MS and TRANSIT_MS; a later one from 80 % of its delay to its delay plus half again (at least 10 s). */
export function windowOf(step: number, failedAt: number): Window {
  const delay = WEBHOOK_RETRY_DELAYS_MS[step - 1]!;
  if (delay === 0) return { from: failedAt, to: failedAt + IMMEDIATE_MS + TRANSIT_MS };
  return { from: failedAt + delay * 0.8, to: failedAt + delay + Math.max(10_000, delay * 0.5, TRANSIT_MS) };
}

/** The slow attempt is held this long: past the 5 s the implementation gives a receiver. */
export const HOLD_MS = WEBHOOK_TIMEOUT_MS + 1_000;

/**
 * The window in which the retry of an attempt held past the timeout must arrive. The implementation's timeout
 * runs from when it sent the attempt, up to TRANSIT_MS before it arrived: the retry comes from the timeout less
 * that (an arrival sooner is a duplicate of the held attempt, not a retry of it) to an immediate retry after the
 * timeout, itself in transit up to TRANSIT_MS.
 */
export const slowWindow = (arrivedAt: number): Window => ({ from: arrivedAt + WEBHOOK_TIMEOUT_MS - TRANSIT_MS, to: arrivedAt + WEBHOOK_TIMEOUT_MS + IMMEDIATE_MS + TRANSIT_MS });

/** An event the probe chose, and every arrival of it. */
export interface Probed {
  first: ProbeArrival;
  arrivals: ProbeArrival[];
}

export interface FailingProbe extends Probed {
  /** Attempts answered 500 before the one answered 2xx. */
  failures: number;
  steps: Step[];
  done: boolean;
}

export interface SlowProbe extends Probed {
  window: Window;
  retry?: ProbeArrival;
}

/** Canonical JSON of a payload without its event_id and timestamp. */
export function contentOf(body: Record<string, unknown>): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  const { event_id: _, timestamp: __, ...rest } = body;
  return JSON.stringify(canonical(rest));
}

const isOf = (p: Probed, a: ProbeArrival) => a.eventId === p.first.eventId;

export class RetryProbe {
  failing?: FailingProbe;
  slow?: SlowProbe;
  /** Only events stamped from then on (the implementation's clock) are chosen; unset, none is. */
  private since: number | undefined;

  constructor(readonly mode: RetryMode) {}

  /**
   * Starts choosing events: only those stamped from `since` on, once the service delivers to this receiver.
   * An older one may be a retry of a delivery made elsewhere or earlier, already on its schedule.
   */
  arm(since: number): void {
    this.since = since;
  }

  private fresh(a: ProbeArrival): boolean {
    return this.since !== undefined && a.stamped >= this.since;
  }

  /** The number of failed attempts the failing event gets: two (immediate and 10 s steps), three with `full`. */
  get failuresWanted(): number {
    return this.mode === 'full' ? 3 : 2;
  }

  /**
   * The answer to a well-signed delivery as it arrives: its status, and how long to hold it first. Deliveries
   * that are not well signed are not the probe's (the receiver answers them 401).
   */
  answer(a: ProbeArrival): { status: number; holdMs: number } {
    if (this.failing && isOf(this.failing, a)) return this.answerFailing(this.failing, a);
    if (this.slow && isOf(this.slow, a)) {
      this.slow.arrivals.push(a);
      if (!this.slow.retry && a.at >= this.slow.window.from && a.at <= this.slow.window.to) this.slow.retry = a;
      return { status: 204, holdMs: 0 };
    }
    if (!this.fresh(a)) return { status: 204, holdMs: 0 };
    if (!this.failing) {
      this.failing = { first: a, arrivals: [a], failures: 1, steps: [{ step: 1, failedAt: a.at, window: windowOf(1, a.at) }], done: false };
      return { status: 500, holdMs: 0 };
    }
    if (!this.slow) {
      this.slow = { first: a, arrivals: [a], window: slowWindow(a.at) };
      return { status: 204, holdMs: HOLD_MS };
    }
    return { status: 204, holdMs: 0 };
  }

  private answerFailing(p: FailingProbe, a: ProbeArrival): { status: number; holdMs: number } {
    p.arrivals.push(a);
    if (p.done) return { status: 204, holdMs: 0 };
    const step = p.steps.at(-1)!;
    if (a.at < step.window.from) return { status: 500, holdMs: 0 };
    if (a.at > step.window.to) {
      // The step was missed: nothing more to learn from this event.
      p.done = true;
      return { status: 204, holdMs: 0 };
    }
    step.retry = a;
    if (p.failures >= this.failuresWanted) {
      p.done = true;
      return { status: 204, holdMs: 0 };
    }
    p.failures += 1;
    p.steps.push({ step: p.failures, failedAt: a.at, window: windowOf(p.failures, a.at) });
    return { status: 500, holdMs: 0 };
  }
}
