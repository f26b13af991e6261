// Closed-loop loads (autocannon in bench/load-worker.ts): every subject is started and checked first, then all
// run in interleaved rounds (each subject once per round, in the listed order in odd rounds and reversed in
// even ones), and each figure is the median of its rounds, each ratio the median of its rounds' ratios: a slow
// spell of this shared machine hits every subject alike instead of the one it happened to fall on.
import { loadavg } from 'node:os';
import type { Variant } from './preparation';
import { cpuTimeMs, runLoadWorker } from './processes';
import { inRoundOrder, median } from './statistics';

/** One load: a URL and its request, or requests spread over several keys (`variants`, in turn on every connection). */
export interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  variants?: Variant[];
  /** This load's connections, when it is one share of a spread load. */
  connections?: number;
  /** The process that answers (its CPU time is read around each round). */
  pid?: number;
}

export interface LoadFigure {
  subject: string;
  request: string;
  measured: boolean;
  reason?: string;
  reqPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  requests?: number;
  /** Instances the load was spread over (each got an equal share of the connections). */
  instances?: number;
  /** req/s of each round, in order; the figure is their median. */
  rounds?: number[];
  /** CPU µs the subject's process(es) spent per answered request, median of the rounds. */
  cpuUsPerRequest?: number;
  /** The same for the main thread alone, where the JavaScript runs: what bounds req/s. */
  mainThreadUsPerRequest?: number;
}

export interface LoadSubject {
  subject: string;
  request: string;
  spec: LoadSpec;
  /** The same request on every instance of a several-instance subject (spec is the first). */
  spread?: LoadSpec[];
  samples: any[];
  /** Why the subject is not measured (failed to start, its request does not answer 2xx, a round erred). */
  reason?: string;
}

export interface LoadSettings {
  duration: number;
  warmup: number;
  rounds: number;
  connections: number;
}

/** What the load worker is given for a spec: autocannon's `requests` when the load is spread over variants. */
function workerOptions(spec: LoadSpec): Record<string, unknown> {
  const { pid: _pid, variants, ...rest } = spec;
  if (!variants) return rest;
  return { ...rest, requests: variants.map((v) => ({ method: spec.method ?? 'GET', headers: v.headers, body: v.body })) };
}

function runLoad(spec: LoadSpec, settings: LoadSettings, duration: number): Promise<any> {
  return runLoadWorker({ connections: settings.connections, ...workerOptions(spec), duration });
}

/** Each request of the spec once: a figure is only measured when every one succeeds (2xx); else the answer is the reason. */
export async function precheck(spec: LoadSpec): Promise<string | null> {
  for (const variant of spec.variants ?? [{ headers: spec.headers ?? {}, body: spec.body }]) {
    const res = await fetch(spec.url, { method: spec.method ?? 'GET', headers: variant.headers, body: variant.body });
    const text = await res.text();
    if (res.status >= 200 && res.status < 300) continue;
    let code = '';
    try {
      code = JSON.parse(text)?.error?.code ?? '';
    } catch {
      /* not JSON */
    }
    return `the request answers ${res.status}${code ? ` ${code}` : ''}: ${text.slice(0, 160)}`;
  }
  return null;
}

/**
 * The load of one subject spread over several instances: one load worker per instance, at the same time,
 * each with its share of the connections; req/s add up, latencies are the worst instance's.
 */
async function runSpreadLoad(specs: LoadSpec[], settings: LoadSettings, duration: number): Promise<any> {
  if (specs.length === 1) return runLoad(specs[0]!, settings, duration);
  const results = await Promise.all(specs.map((spec) => runLoad({ ...spec, connections: Math.max(1, Math.round(settings.connections / specs.length)) }, settings, duration)));
  const sum = (f: (r: any) => number) => results.reduce((n, r) => n + (f(r) ?? 0), 0);
  return {
    requests: { average: sum((r) => r.requests.average) },
    latency: { p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) },
    '2xx': sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

/** CPU µs per answered request between two readings of the same processes; null when a reading is missing. */
function usPerRequest(before: (number | null)[], after: (number | null)[], answered: number | undefined): number | null {
  if (!answered || before.some((v, i) => v === null || after[i] === null)) return null;
  return Math.round((after.reduce((n: number, v, i) => n + v! - before[i]!, 0) * 1000) / answered);
}

/** The 1-minute load average after each round, for the report. */
export const loadDuringRounds: number[] = [];

/** One measured round of a subject; a round with a non-2xx answer or an error makes the subject unmeasured. */
async function runRound(s: LoadSubject, round: number, settings: LoadSettings): Promise<void> {
  const specs = s.spread ?? [s.spec];
  const cpu = (mainThread: boolean) => specs.map((spec) => (spec.pid === undefined ? null : cpuTimeMs(spec.pid, { mainThread })));
  const before = { process: cpu(false), main: cpu(true) };
  const r = await runSpreadLoad(specs, settings, settings.duration);
  const after = { process: cpu(false), main: cpu(true) };
  r.cpuUsPerRequest = usPerRequest(before.process, after.process, r['2xx']);
  r.mainThreadUsPerRequest = usPerRequest(before.main, after.main, r['2xx']);
  s.samples.push(r);
  const total = (r['2xx'] ?? 0) + (r.non2xx ?? 0);
  if (r.non2xx > 0 || r.errors + r.timeouts > 0) {
    s.reason ??= `round ${round}: ${r.non2xx} non-2xx answers and ${r.errors + r.timeouts} errors/timeouts out of ${total}: the figure would not be the request's`;
  }
  const load = loadavg()[0]!;
  loadDuringRounds.push(load);
  process.stdout.write(
    `  round ${round} ${s.subject} ${s.request}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
      `${r.cpuUsPerRequest ? `, ${r.cpuUsPerRequest} µs CPU per request (main thread ${r.mainThreadUsPerRequest})` : ''}; load average ${load.toFixed(2)}\n`,
  );
}

/** The rounded median of figures every round has. */
const medianOf = (figures: (number | null)[]): number | undefined => (figures.every((f) => f) ? Math.round(median(figures as number[])) : undefined);

/** The median of a subject's rounds (req/s, p50 and p99 each). */
function summarize(s: LoadSubject): LoadFigure {
  if (s.reason) return { subject: s.subject, request: s.request, measured: false, reason: s.reason };
  return {
    subject: s.subject,
    request: s.request,
    measured: true,
    reqPerSec: Math.round(median(s.samples.map((r) => r.requests.average))),
    p50Ms: median(s.samples.map((r) => r.latency.p50)),
    p99Ms: median(s.samples.map((r) => r.latency.p99)),
    requests: s.samples.reduce((n, r) => n + (r['2xx'] ?? 0) + (r.non2xx ?? 0), 0),
    rounds: s.samples.map((r) => Math.round(r.requests.average)),
    instances: s.spread?.length ?? 1,
    cpuUsPerRequest: medianOf(s.samples.map((r) => r.cpuUsPerRequest)),
    mainThreadUsPerRequest: medianOf(s.samples.map((r) => r.mainThreadUsPerRequest)),
  };
}

/** Checks every subject's requests, warms each, runs the interleaved rounds; the figures, in the subjects' order. */
export async function measureClosedLoop(subjects: LoadSubject[], settings: LoadSettings): Promise<LoadFigure[]> {
  const live = () => subjects.filter((s) => !s.reason);
  for (const s of live()) for (const spec of s.spread ?? [s.spec]) s.reason ??= (await precheck(spec)) ?? undefined;
  if (settings.warmup > 0) for (const s of live()) await runSpreadLoad(s.spread ?? [s.spec], settings, settings.warmup);
  for (let round = 1; round <= settings.rounds; round++) for (const s of inRoundOrder(live(), round)) await runRound(s, round, settings);
  return subjects.map(summarize);
}

/**
 * A subject's req/s against a base's: the median of the ratios of their rounds, each pair measured close in
 * time in the same round, so a slow spell of the machine weighs on both sides of a ratio alike.
 */
export function pairedRatio(figure: LoadFigure | undefined, base: LoadFigure | undefined): number | undefined {
  if (!figure?.measured || !base?.measured || !figure.rounds || !base.rounds || figure.rounds.length !== base.rounds.length) return undefined;
  return Math.round(median(figure.rounds.map((r, i) => r / base.rounds![i]!)) * 100) / 100;
}
