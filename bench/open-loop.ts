// Latency at a given arrival rate, as users meet it: the open-loop mode of the load worker
// (bench/load-worker.ts) offers each subject a fixed rate of requests, started on schedule whether or not
// earlier ones answered, and reports p50/p99/p99.9 from each request's scheduled start. The rates are shares
// of what the subject answered in the closed-loop rounds of the same run (its measured capacity), so a figure
// says how the server answers at half and at seven tenths of what it can. At each share, after a warm-up, the
// subjects take interleaved rounds like the closed-loop loads, and each percentile is the median of its rounds.
import { loadavg } from 'node:os';
import type { OpenLoopResult } from './load-worker';
import type { Variant } from './preparation';
import { runLoadWorker } from './processes';
import { inRoundOrder, median } from './statistics';

/** Shares of the measured capacity offered. */
export const CAPACITY_SHARES = [0.5, 0.7] as const;

export interface OpenLoopSubject {
  subject: string;
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string; variants?: Variant[] };
  /** req/s of the subject measured closed-loop in this run (what the shares are of). */
  capacity?: number;
  /** Why it cannot be measured (it failed to start, its capacity was not measured). */
  reason?: string;
}

export interface OpenLoopFigure {
  subject: string;
  share: number;
  rate?: number;
  measured: boolean;
  reason?: string;
  p50Ms?: number;
  p99Ms?: number;
  p999Ms?: number;
  /** The slowest answer of all rounds. */
  maxMs?: number;
  sent?: number;
  non2xx?: number;
  errors?: number;
  /** p99 of each round, in order. */
  roundsP99?: number[];
}

const hundredths = (n: number) => Math.round(n * 100) / 100;

const workerOptions = ({ variants, ...request }: OpenLoopSubject['request']) =>
  variants ? { ...request, requests: variants.map((v) => ({ headers: v.headers, body: v.body })) } : request;

export async function measureOpenLoop(subjects: OpenLoopSubject[], opts: { duration: number; warmup: number; rounds: number }): Promise<OpenLoopFigure[]> {
  const figures: OpenLoopFigure[] = [];
  for (const share of CAPACITY_SHARES) {
    const live = subjects.filter((s) => !s.reason && s.capacity);
    const rateOf = (s: OpenLoopSubject) => Math.max(1, Math.round(s.capacity! * share));
    const results = new Map<OpenLoopSubject, OpenLoopResult[]>(live.map((s) => [s, []]));
    if (opts.warmup > 0) for (const s of live) await runLoadWorker({ ...workerOptions(s.request), rate: rateOf(s), duration: opts.warmup });
    for (let round = 1; round <= opts.rounds; round++) {
      for (const s of inRoundOrder(live, round)) {
        const r = (await runLoadWorker({ ...workerOptions(s.request), rate: rateOf(s), duration: opts.duration })) as OpenLoopResult;
        results.get(s)!.push(r);
        process.stdout.write(
          `  open loop ${Math.round(share * 100)} % (${rateOf(s)} req/s), round ${round}, ${s.subject}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, p99.9 ${r.latency.p999} ms, ` +
            `${r.non2xx} non-2xx, ${r.errors} errors, ${r.connectionsUsed} connections; load average ${loadavg()[0]!.toFixed(2)}\n`,
        );
      }
    }
    for (const s of subjects) {
      const rounds = results.get(s);
      if (!rounds) {
        figures.push({ subject: s.subject, share, measured: false, reason: s.reason ?? 'its capacity was not measured' });
        continue;
      }
      figures.push({
        subject: s.subject,
        share,
        rate: rateOf(s),
        measured: true,
        p50Ms: hundredths(median(rounds.map((r) => r.latency.p50))),
        p99Ms: hundredths(median(rounds.map((r) => r.latency.p99))),
        p999Ms: hundredths(median(rounds.map((r) => r.latency.p999))),
        maxMs: Math.max(...rounds.map((r) => r.latency.max)),
        sent: rounds.reduce((n, r) => n + r.sent, 0),
        non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
        errors: rounds.reduce((n, r) => n + r.errors, 0),
        roundsP99: rounds.map((r) => r.latency.p99),
      });
    }
  }
  return figures;
}
