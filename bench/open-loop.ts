// Latency at a given arrival rate, as users meet it: the open-loop mode of the load worker
// (bench/load-worker.ts) offers each subject a fixed rate of requests, started on schedule whether or not
// earlier ones answered, and reports p50/p99/p99.9 from each request's scheduled start. Rates run from the
// lowest up; at each rate, after a warm-up, the subjects take interleaved rounds like the closed-loop loads,
// and each percentile is the median of its rounds.
import { loadavg } from 'node:os';
import { runLoadWorker } from './processes';
import { inRoundOrder, median } from './statistics';
import type { OpenLoopResult } from './load-worker';

/** Requests per second offered. */
export const OPEN_LOOP_RATES = [250, 500, 1000] as const;

export interface OpenLoopSubject {
  subject: string;
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string };
  /** Why it cannot be measured (it failed to start). */
  reason?: string;
}

export interface OpenLoopFigure {
  subject: string;
  rate: number;
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


export async function measureOpenLoop(subjects: OpenLoopSubject[], opts: { duration: number; warmup: number; rounds: number }): Promise<OpenLoopFigure[]> {
  const figures: OpenLoopFigure[] = [];
  for (const rate of OPEN_LOOP_RATES) {
    const live = subjects.filter((s) => !s.reason);
    const results = new Map<OpenLoopSubject, OpenLoopResult[]>(live.map((s) => [s, []]));
    if (opts.warmup > 0) for (const s of live) await runLoadWorker({ ...s.request, rate, duration: opts.warmup });
    for (let round = 1; round <= opts.rounds; round++) {
      for (const s of inRoundOrder(live, round)) {
        const r = (await runLoadWorker({ ...s.request, rate, duration: opts.duration })) as OpenLoopResult;
        results.get(s)!.push(r);
        process.stdout.write(
          `  open loop ${rate} req/s, round ${round}, ${s.subject}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, p99.9 ${r.latency.p999} ms, ` +
            `${r.non2xx} non-2xx, ${r.errors} errors, ${r.connectionsUsed} connections; load average ${loadavg()[0]!.toFixed(2)}\n`,
        );
      }
    }
    for (const s of subjects) {
      const rounds = results.get(s);
      if (!rounds) {
        figures.push({ subject: s.subject, rate, measured: false, reason: s.reason });
        continue;
      }
      figures.push({
        subject: s.subject,
        rate,
        measured: true,
        p50Ms: median(rounds.map((r) => r.latency.p50)),
        p99Ms: median(rounds.map((r) => r.latency.p99)),
        p999Ms: median(rounds.map((r) => r.latency.p999)),
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
