// The load generator, run as its own process (never inside the subject's process or the orchestrator's event
// loop), with its options given as one JSON argument; prints the result as JSON on stdout. Two modes:
//
// - closed loop (default): autocannon 9, `connections` connections each sending its next request when the
//   last one answered, as fast as answers come;
// - open loop (`rate` set): requests started on a fixed schedule, `rate` per second, whether or not earlier
//   ones have answered, over a keep-alive pool large enough that a slow answer never holds back the next
//   start. Each latency runs from the request's scheduled start, not from when it could be sent: a stall of
//   the server (or of this process) counts against every request it delayed (no coordinated omission).
import { Agent, request } from 'node:http';

export interface OpenLoopOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests spread over several keys: each started request takes the next of these in turn. */
  requests?: { headers?: Record<string, string>; body?: string }[];
  /** Requests started per second. */
  rate: number;
  duration: number;
  /** The most connections open at once; requests beyond them wait for one (their wait is counted). */
  connections?: number;
  /** A request unanswered after this long counts as an error. */
  timeoutMs?: number;
  /** Connections opened (by as many unmeasured requests at once) before the schedule starts. */
  prewarm?: number;
}

export interface OpenLoopResult {
  rate: number;
  /** Requests started (rate × duration). */
  sent: number;
  answered2xx: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Of the 2xx answers, from the scheduled start to the end of the answer. */
  latency: { p50: number; p99: number; p999: number; max: number };
  /** The most connections the pool had open. */
  connectionsUsed: number;
}

/** The `q` quantile (0–1) of sorted values, nearest rank. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const total = Math.round(opts.rate * opts.duration);
  const intervalMs = 1000 / opts.rate;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections ?? 512 });
  const variants = (opts.requests ?? [{ headers: opts.headers, body: opts.body }]).map((v) => {
    const body = v.body === undefined ? undefined : Buffer.from(v.body);
    return { body, headers: { ...v.headers, ...(body ? { 'content-length': String(body.length) } : {}) } };
  });
  const latencies = new Float64Array(total);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let connectionsUsed = 0;
  return new Promise((resolve) => {
    const settle = () => {
      if (++finished < total) return;
      agent.destroy();
      const sorted = latencies.slice(0, answered).sort();
      const round = (n: number) => Math.round(n * 100) / 100;
      resolve({
        rate: opts.rate,
        sent: total,
        answered2xx: answered,
        non2xx,
        errors,
        latency: { p50: round(quantile(sorted, 0.5)), p99: round(quantile(sorted, 0.99)), p999: round(quantile(sorted, 0.999)), max: round(sorted[sorted.length - 1] ?? NaN) },
        connectionsUsed,
      });
    };
    const fire = (scheduled: number, n: number) => {
      const { headers, body } = variants[n % variants.length]!;
      let done = false;
      const end = (outcome: 'ok' | 'non2xx' | 'error') => {
        if (done) return;
        done = true;
        if (outcome === 'ok') latencies[answered++] = performance.now() - scheduled;
        else if (outcome === 'non2xx') non2xx++;
        else errors++;
        settle();
      };
      const req = request(opts.url, { agent, method: opts.method ?? 'GET', headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => end(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : 'non2xx'));
        res.on('error', () => end('error'));
      });
      req.setTimeout(timeoutMs, () => {
        req.destroy();
        end('error');
      });
      req.on('error', () => end('error'));
      req.end(body);
      const open = Object.values(agent.sockets).reduce((n, list) => n + (list?.length ?? 0), 0);
      if (open > connectionsUsed) connectionsUsed = open;
    };
    let start = 0;
    let started = 0;
    // Every request whose time has come is started; then wait (a timer, not a busy loop: the machine is
    // shared) until the next one is due.
    const tick = () => {
      const now = performance.now();
      while (started < total && start + started * intervalMs <= now) {
        fire(start + started * intervalMs, started);
        started++;
      }
      if (started < total) setTimeout(tick, Math.max(0, start + started * intervalMs - performance.now()));
    };
    // The pool's first connections are opened before the schedule, as a client that has been running would have them.
    const warm = Array.from({ length: opts.prewarm ?? 16 }, (_, n) => new Promise<void>((resolve) => {
      const { headers, body } = variants[n % variants.length]!;
      const req = request(opts.url, { agent, method: opts.method ?? 'GET', headers }, (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', () => resolve());
      });
      req.on('error', () => resolve());
      req.end(body);
    }));
    void Promise.all(warm).then(() => {
      start = performance.now() + 10;
      setTimeout(tick, 10);
    });
  });
}

function main(): void {
  const opts = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
  const print = (result: unknown) => process.stdout.write(`${JSON.stringify(result)}\n`);
  if (typeof opts.rate === 'number') {
    void openLoop(opts as unknown as OpenLoopOptions).then(print);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const autocannon = require('autocannon') as (opts: Record<string, unknown>, cb: (err: Error | null, result: unknown) => void) => unknown;
  autocannon({ connections: 50, duration: 5, ...opts }, (err, result) => {
    if (err) {
      process.stderr.write(`${err.stack ?? err}\n`);
      process.exit(1);
    }
    print(result);
  });
}

main();
