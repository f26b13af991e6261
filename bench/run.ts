// `npm run bench`: every subject runs as its own child process and is driven by autocannon in another
// (bench/load-worker.ts), side by side on this machine: a bare node:http baseline, an Express 5 hello, the
// reference server in its production configuration (request + response validation, SQLite file store,
// LOG_LEVEL=warn, a rate limit that never fills), the same server over PostgreSQL as one instance and as two
// instances on one database (the load spread over both), and the Prism mock (-v silent). Also: the send at fixed
// arrival rates (open loop, bench/open-loop.ts), CPU profiles of the send, GET /clients and GET /templates
// (bench/cpu-profile.ts), cold start to the first 200, RSS growth during a 100 MB upload, signed webhook
// deliveries per second. Writes reports/bench.json and reports/bench.md. A subject that cannot run (it fails to
// start, or its request does not answer 2xx) is "not measured: <reason>".
//
// The load subjects run in interleaved rounds (each subject once per round, all processes up throughout), and
// each figure is the median of its rounds, each ratio the median of its rounds' ratios: a slow spell of this
// shared machine then hits every subject alike instead of the one it happened to fall on.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { UsageError, runCommand } from '../cli/command';
import { startPrism } from '../mock/prism';
import { startTestServer, type TestServer } from '../server/testing';
import { createTestDatabase, startPostgresCluster } from '../server/testing/postgres';
import { summarizeCpuProfile, type ProfileSummary } from './cpu-profile';
import { measureOpenLoop, type OpenLoopFigure, type OpenLoopSubject } from './open-loop';
import { COMPILED_SERVER_MAIN, NPM_START_COMMAND, ROOT, buildServer, cpuTimeMs, memoryOf, productionEnv, profileServersInto, runLoadWorker, sampleRss, serverCommandLine, spawnNode, startServerChild, startWithNpmStart, waitFor200, type Child } from './processes';
import { inRoundOrder, median } from './statistics';
import { measureDeliveries, type ScalarFigure } from './webhooks';

/** The floor subject, and the same floor in a second process (the spread between two identical processes). */
const FLOOR = 'Express + validator floor';
const FLOOR_CONTROL = 'Express + validator floor, a second process';

const PARTS = ['baselines', 'server', 'postgres', 'prism', 'openloop', 'profile', 'coldstart', 'upload', 'webhooks'];
const USAGE = `Usage: npm run bench [-- options]

Measures the reference server beside baselines run on this machine in the same run (see bench/README.md) and
writes reports/bench.json and reports/bench.md, with every target and whether it holds.

Options:
  --duration S      measured seconds per load run (default 5)
  --warmup S        warm-up seconds per subject (default 3: the server's code is compiled by then)
  --rounds N        interleaved rounds per subject (default 5)
  --connections N   concurrent connections of each load (default 50)
  --only a,b        a subset of: ${PARTS.join(', ')}
                    (openloop: the send at fixed arrival rates on SQLite and PostgreSQL; profile: the send,
                    GET /clients and GET /templates each under load in a server of its own with a CPU
                    profile, their top functions in the report)
  --cpu-prof DIR    every reference server child writes a V8 CPU profile into DIR when it stops
  -h, --help`;

// Set from the command line by the command below, before main() runs.
let DURATION = 5;
let WARMUP = 3;
let CONNECTIONS = 50;
let ROUNDS = 5;
let ONLY = new Set(PARTS);

const whole = (name: string, text: string | undefined, fallback: number, min: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} must be a whole number of at least ${min}, got '${text}'.`);
  return Number(text);
};

export interface LoadFigure {
  subject: string;
  request: string;
  measured: boolean;
  reason?: string;
  reqPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  requests?: number;
  non2xx?: number;
  errors?: number;
  ratio?: { bare?: number; express?: number; floor?: number; prism?: number; sqlite?: number };
  /** Instances the load was spread over (each got an equal share of the connections). */
  instances?: number;
  /** req/s of each round, in order; the figure is their median. */
  rounds?: number[];
  /**
   * CPU time the subject's process(es) spent per answered request (user + system, /proc), median of the
   * rounds: what a request costs whatever share of the shared cores the process got.
   */
  cpuUsPerRequest?: number;
  /**
   * The same for the main thread alone, where the JavaScript runs: what bounds req/s, since a process's
   * helper threads (V8's compiler and collector) run on the other core.
   */
  mainThreadUsPerRequest?: number;
}


interface Target {
  rule: string;
  holds: boolean | null;
  figure: string;
}

interface LoadSpec {
  url: string;
  /** This load's connections, when it is one share of a spread load (CONNECTIONS otherwise). */
  connections?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The process that answers (its CPU time is read around each round). */
  pid?: number;
}

function runLoad({ pid: _pid, ...spec }: LoadSpec, duration: number): Promise<any> {
  return runLoadWorker({ connections: CONNECTIONS, ...spec, duration });
}

/** One request first: a figure is only measured when the request succeeds (2xx); else the answer is the reason. */
async function precheck(spec: LoadSpec): Promise<string | null> {
  const res = await fetch(spec.url, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
  const text = await res.text();
  if (res.status >= 200 && res.status < 300) return null;
  let code = '';
  try {
    code = JSON.parse(text)?.error?.code ?? '';
  } catch {
    /* not JSON */
  }
  return `the request answers ${res.status}${code ? ` ${code}` : ''}: ${text.slice(0, 160)}`;
}

/**
 * The load of one subject spread over several instances: one load worker per instance, at the same time,
 * each with its share of the connections; req/s add up, latencies are the worst instance's.
 */
async function runSpreadLoad(specs: LoadSpec[], duration: number): Promise<any> {
  if (specs.length === 1) return runLoad(specs[0]!, duration);
  const results = await Promise.all(specs.map((spec) => runLoad({ ...spec, connections: Math.max(1, Math.round(CONNECTIONS / specs.length)) }, duration)));
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

interface LoadSubject {
  subject: string;
  request: string;
  spec: LoadSpec;
  /** The same request on every instance of a several-instance subject (spec is the first). */
  spread?: LoadSpec[];
  samples: any[];
  /** Why the subject is not measured (failed to start, its request does not answer 2xx, a round erred). */
  reason?: string;
}

/** The 1-minute load average after each round, for the report. */
const loadDuringRounds: number[] = [];

/** One measured round of a subject; a round with a non-2xx answer or an error makes the subject unmeasured. */
async function runRound(s: LoadSubject, round: number): Promise<void> {
  const specs = s.spread ?? [s.spec];
  const cpu = (mainThread: boolean) => specs.map((spec) => (spec.pid === undefined ? null : cpuTimeMs(spec.pid, { mainThread })));
  const before = { process: cpu(false), main: cpu(true) };
  const r = await runSpreadLoad(specs, DURATION);
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
  process.stdout.write(`  round ${round} ${s.subject} ${s.request}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${r.cpuUsPerRequest ? `, ${r.cpuUsPerRequest} µs CPU per request (main thread ${r.mainThreadUsPerRequest})` : ''}; load average ${load.toFixed(2)}\n`);
}

/** CPU µs per answered request between two readings of the same processes; null when a reading is missing. */
function usPerRequest(before: (number | null)[], after: (number | null)[], answered: number | undefined): number | null {
  if (!answered || before.some((v, i) => v === null || after[i] === null)) return null;
  return Math.round((after.reduce((n: number, v, i) => n + v! - before[i]!, 0) * 1000) / answered);
}

/** The median of a subject's rounds (req/s, p50 and p99 each). */
function summarize(s: LoadSubject): LoadFigure {
  if (s.reason) return { subject: s.subject, request: s.request, measured: false, reason: s.reason };
  const rounds = s.samples.map((r) => Math.round(r.requests.average));
  return {
    subject: s.subject,
    request: s.request,
    measured: true,
    reqPerSec: Math.round(median(rounds)),
    p50Ms: median(s.samples.map((r) => r.latency.p50)),
    p99Ms: median(s.samples.map((r) => r.latency.p99)),
    requests: s.samples.reduce((n, r) => n + (r['2xx'] ?? 0) + (r.non2xx ?? 0), 0),
    non2xx: 0,
    errors: 0,
    rounds,
    instances: s.spread?.length ?? 1,
    cpuUsPerRequest: medianOf(s.samples.map((r) => r.cpuUsPerRequest)),
    mainThreadUsPerRequest: medianOf(s.samples.map((r) => r.mainThreadUsPerRequest)),
  };
}

/** The rounded median of figures every round has. */
const medianOf = (figures: (number | null)[]): number | undefined => (figures.every((f) => f) ? Math.round(median(figures as number[])) : undefined);

interface RequestProfile {
  request: string;
  summary?: ProfileSummary;
  reason?: string;
  /** Where the .cpuprofile was kept (open it in Chrome DevTools' Performance panel). */
  file?: string;
}

/**
 * One request under load in a server of its own, started with a CPU profile (apart from the measured
 * rounds, whose figures the profiler would slow): a warm-up, one load of the run's length, then the profile
 * of just that load (samples before and after it left out) by function and by area. The profile is kept as
 * reports/bench-<name>.cpuprofile. `load.url` is the path under /v1.
 */
async function profileRequest(dataDir: string, request: string, name: string, load: LoadSpec): Promise<RequestProfile> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  try {
    const server = await startServerChild(productionEnv(dataDir), { build: 'compiled', profileInto: dir });
    let window: { from: number; to: number };
    try {
      const spec = { ...load, url: `${server.baseUrl}${load.url}` };
      const refused = await precheck(spec);
      if (refused) return { request, reason: refused };
      if (WARMUP > 0) await runLoad(spec, WARMUP);
      const from = Number(process.hrtime.bigint() / 1000n);
      const r = await runLoad(spec, DURATION);
      window = { from, to: Number(process.hrtime.bigint() / 1000n) };
      if (r.non2xx > 0 || r.errors + r.timeouts > 0) return { request, reason: `${r.non2xx} non-2xx answers and ${r.errors + r.timeouts} errors/timeouts under the profiled load` };
    } finally {
      await server.stop();
    }
    const written = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!written) return { request, reason: 'the server wrote no CPU profile' };
    const file = join(ROOT, 'reports', `bench-${name}.cpuprofile`);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(join(dir, written), file);
    return { request, summary: summarizeCpuProfile(file, COMPILED_SERVER_MAIN, 15, window), file: relative(ROOT, file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withChild<T>(child: Child, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await child.stop();
  }
}

async function baseline(file: string): Promise<Child> {
  const since = performance.now();
  const child = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', file)]);
  await waitFor200(`${child.origin}/`, child, since);
  return child;
}

/** Who the measured send goes to. */
const RECIPIENT = '4915112345678';

/**
 * What the measured send needs, made through the test support: a live key with every scope, a connected chat
 * client, and the recipient's message to it, which opens the service window: the send's answer then carries
 * no warning, the same answer as the floor's constant one.
 */
async function prepareSender(handle: TestServer, chatRef: string): Promise<string> {
  const key = await handle.createKey({ mode: 'live', scopes: 'all' });
  await handle.connectClient({ clientRef: chatRef, channel: 'chat' });
  await handle.sandbox('/inbound', { client_ref: chatRef, from: RECIPIENT, text: 'Where is my order?' });
  return key;
}

/** A DATA_DIR prepared for the measured send (prepareSender). */
async function prepareDataDir(): Promise<{ dataDir: string; key: string; chatRef: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const handle = await startTestServer({ dataDir });
  const chatRef = 'bench-chat';
  const key = await prepareSender(handle, chatRef);
  await handle.close();
  return { dataDir, key, chatRef };
}

/**
 * A throwaway PostgreSQL cluster (as the tests start it) with a database prepared for the measured send
 * (prepareSender); the data folder of its instances; `stop` removes it all.
 */
async function preparePostgres(): Promise<{ databaseUrl: string; sandboxToken: string; dataDir: string; key: string; chatRef: string; stop(): void }> {
  const cluster = await startPostgresCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  try {
    const databaseUrl = await createTestDatabase(cluster.adminUrl);
    const sandboxToken = `sbx_bench_${Date.now().toString(36)}`;
    const handle = await startTestServer({ dataDir, env: { DATABASE_URL: databaseUrl, SANDBOX_ADMIN_TOKEN: sandboxToken } });
    const chatRef = 'bench-chat-pg';
    const key = await prepareSender(handle, chatRef);
    await handle.close();
    return {
      databaseUrl,
      sandboxToken,
      dataDir,
      key,
      chatRef,
      stop: () => {
        cluster.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Streams a multipart body with one `size`-byte PDF without holding it in memory; resolves to the answer. */
function uploadDocument(url: string, key: string, fields: Record<string, string>, size: number): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const magic = Buffer.from('%PDF-1.4\n');
  const chunk = Buffer.alloc(1 << 20, 0x20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        req.write(head);
        req.write(magic);
        sent = magic.length;
      }
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

/**
 * A subject's req/s against a base's: the median of the ratios of their rounds, each pair measured close in
 * time in the same round, so a slow spell of the machine weighs on both sides of a ratio alike.
 */
function pairedRatio(figure: LoadFigure | undefined, base: LoadFigure | undefined): number | undefined {
  if (!figure?.measured || !base?.measured || !figure.rounds || !base.rounds || figure.rounds.length !== base.rounds.length) return undefined;
  return Math.round(median(figure.rounds.map((r, i) => r / base.rounds![i]!)) * 100) / 100;
}
const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg();
  process.stdout.write(`bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; ${cpus().length} cores\n`);
  const loads: LoadFigure[] = [];
  const scalars: ScalarFigure[] = [];
  const openLoop: OpenLoopFigure[] = [];
  const profiles: RequestProfile[] = [];
  buildServer();
  const prepared = await prepareDataDir();
  const cleanup: string[] = [prepared.dataDir];
  const sendBody = JSON.stringify({ client_ref: prepared.chatRef, to: RECIPIENT, type: 'text', text: { body: 'Your order has shipped.' }, dry_run: true });
  const json = { 'content-type': 'application/json' };

  try {
    const failed = (e: unknown) => `the subject failed: ${String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').slice(0, 300)}`;
    // Start every load subject, check its request answers 2xx, warm it, then run the rounds.
    const subjects: LoadSubject[] = [];
    const children: { stop(): Promise<void> }[] = [];
    const add = (subject: string, request: string, spec: LoadSpec) => subjects.push({ subject, request, spec, samples: [] });
    const unavailable = (subject: string, requests: string[], e: unknown) => {
      for (const request of requests) subjects.push({ subject, request, spec: { url: '' }, samples: [], reason: failed(e) });
    };
    // The open-loop send goes to the same processes as the closed-loop loads; the bare node:http server and the
    // floor at the same rates say what of the tail is this machine's and the stack's, not the server's.
    const openLoopSubjects: OpenLoopSubject[] = [];
    try {
      if (ONLY.has('baselines')) {
        for (const [file, subject] of [['bare-http.ts', 'node:http bare'], ['express-hello.ts', 'Express 5 hello']] as const) {
          try {
            const child = await baseline(file);
            children.push(child);
            add(subject, 'GET / (JSON)', { url: `${child.origin}/`, pid: child.pid });
            if (file === 'bare-http.ts') openLoopSubjects.push({ subject: 'node:http bare (GET /)', request: { url: `${child.origin}/` } });
          } catch (e) {
            unavailable(subject, ['GET / (JSON)'], e);
          }
        }
      }
      // The floor twice, in two processes of the same code: the second's ratio to the first is how far apart
      // two identical processes measure on this machine, the spread every ratio of one process to another carries.
      if (ONLY.has('baselines')) {
        for (const subject of [FLOOR_CONTROL, FLOOR]) {
          try {
            const since = performance.now();
            const child = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', 'express-validator-floor.ts')]);
            children.push(child);
            const request = { url: `${child.origin}/v1/messages/send`, method: 'POST', headers: { authorization: 'Bearer x', ...json }, body: sendBody };
            await waitFor200(request.url, child, since, 20_000, request);
            add(subject, 'POST /v1/messages/send (constant answer)', { ...request, pid: child.pid });
            if (subject === FLOOR) openLoopSubjects.push({ subject, request });
          } catch (e) {
            unavailable(subject, ['POST /v1/messages/send (constant answer)'], e);
          }
        }
      }
      if (ONLY.has('server') || ONLY.has('openloop')) {
        const requests = ['POST /messages/send (dry run)', 'GET /templates', 'GET /clients'];
        try {
          const server = await startServerChild(productionEnv(prepared.dataDir), { build: 'compiled' });
          children.push(server);
          const auth = { authorization: `Bearer ${prepared.key}` };
          const send: LoadSpec = { url: `${server.baseUrl}/messages/send`, method: 'POST', headers: { ...auth, ...json }, body: sendBody, pid: server.pid };
          if (ONLY.has('server')) {
            add('reference server', requests[0]!, send);
            add('reference server', requests[1]!, { url: `${server.baseUrl}/templates?client_ref=${prepared.chatRef}`, headers: auth, pid: server.pid });
            add('reference server', requests[2]!, { url: `${server.baseUrl}/clients`, headers: auth, pid: server.pid });
          }
          openLoopSubjects.push({ subject: 'reference server, SQLite', request: send });
        } catch (e) {
          if (ONLY.has('server')) unavailable('reference server', requests, e);
          openLoopSubjects.push({ subject: 'reference server, SQLite', request: { url: '' }, reason: failed(e) });
        }
      }
      if (ONLY.has('postgres') || ONLY.has('openloop')) {
        const request = 'POST /messages/send (dry run)';
        try {
          const pg = await preparePostgres();
          children.push({ stop: async () => pg.stop() });
          const env = productionEnv(pg.dataDir, { DATABASE_URL: pg.databaseUrl, SANDBOX_ADMIN_TOKEN: pg.sandboxToken });
          const one = await startServerChild(env, { build: 'compiled' });
          children.push(one);
          const specFor = (server: { baseUrl: string; pid: number }): LoadSpec => ({
            url: `${server.baseUrl}/messages/send`,
            method: 'POST',
            headers: { authorization: `Bearer ${pg.key}`, ...json },
            body: sendBody.replace(prepared.chatRef, pg.chatRef),
            pid: server.pid,
          });
          if (ONLY.has('postgres')) {
            const pair = [await startServerChild(env, { build: 'compiled' }), await startServerChild(env, { build: 'compiled' })];
            children.push(...pair);
            add('reference server (PostgreSQL)', request, specFor(one));
            subjects.push({ subject: 'reference server (PostgreSQL, 2 instances)', request, spec: specFor(pair[0]!), spread: pair.map(specFor), samples: [] });
          }
          openLoopSubjects.push({ subject: 'reference server, PostgreSQL', request: specFor(one) });
        } catch (e) {
          openLoopSubjects.push({ subject: 'reference server, PostgreSQL', request: { url: '' }, reason: failed(e) });
          if (ONLY.has('postgres')) {
            unavailable('reference server (PostgreSQL)', [request], e);
            unavailable('reference server (PostgreSQL, 2 instances)', [request], e);
          }
        }
      }
      if (ONLY.has('prism')) {
        try {
          const prism = await startPrism({ mode: 'mock', verbosity: 'silent' });
          children.push({ stop: () => prism.close() });
          add('Prism mock (-v silent)', 'POST /messages/send', { url: `${prism.url}/messages/send`, method: 'POST', headers: { authorization: 'Bearer ik_live_bench', ...json }, body: sendBody, pid: prism.child.pid });
        } catch (e) {
          unavailable('Prism mock (-v silent)', ['POST /messages/send'], e);
        }
      }
      const live = () => subjects.filter((s) => !s.reason);
      for (const s of live()) for (const spec of s.spread ?? [s.spec]) s.reason ??= (await precheck(spec)) ?? undefined;
      if (WARMUP > 0) for (const s of live()) await runSpreadLoad(s.spread ?? [s.spec], WARMUP);
      for (let round = 1; round <= ROUNDS; round++) for (const s of inRoundOrder(live(), round)) await runRound(s, round);
      loads.push(...subjects.map(summarize));
      if (ONLY.has('openloop')) {
        for (const s of openLoopSubjects) if (!s.reason) s.reason = (await precheck(s.request)) ?? undefined;
        openLoop.push(...(await measureOpenLoop(openLoopSubjects, { duration: DURATION, warmup: WARMUP, rounds: ROUNDS })));
      }
    } finally {
      await Promise.all(children.map((c) => c.stop()));
    }

    if (ONLY.has('profile')) {
      const auth = { authorization: `Bearer ${prepared.key}` };
      const profiled: [string, string, LoadSpec][] = [
        ['POST /messages/send (dry run)', 'send', { url: '/messages/send', method: 'POST', headers: { ...auth, ...json }, body: sendBody }],
        ['GET /clients', 'clients', { url: '/clients', headers: auth }],
        ['GET /templates', 'templates', { url: `/templates?client_ref=${prepared.chatRef}`, headers: auth }],
      ];
      for (const [request, name, load] of profiled) {
        const profile = await profileRequest(prepared.dataDir, request, name, load).catch((e): RequestProfile => ({ request, reason: failed(e) }));
        profiles.push(profile);
        process.stdout.write(`  profile of ${request}: ${profile.summary ? `${profile.summary.busyMs} ms busy, ${profile.summary.idleMs} ms idle` : `not measured: ${profile.reason}`}\n`);
      }
    }

    if (ONLY.has('coldstart')) {
      try {
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const child = await startServerChild(productionEnv(prepared.dataDir), { build: 'compiled' });
          runs.push(Math.round(child.coldStartMs));
          await child.stop();
        }
        const sorted = [...runs].sort((a, b) => a - b);
        scalars.push({ name: 'cold start to first GET /v1/status 200', measured: true, value: sorted[1], unit: 'ms', detail: { runs, command: serverCommandLine('compiled') } });
        process.stdout.write(`  cold start: ${runs.join(', ')} ms (median ${sorted[1]})\n`);
      } catch (e) {
        scalars.push({ name: 'cold start to first GET /v1/status 200', measured: false, reason: failed(e), unit: 'ms' });
      }
      try {
        // The bundle was built above, so this is a developer's restart with nothing changed.
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const child = await startWithNpmStart(productionEnv(prepared.dataDir));
          runs.push(Math.round(child.coldStartMs));
          await child.stop();
        }
        const sorted = [...runs].sort((a, b) => a - b);
        scalars.push({ name: 'npm start, nothing changed, to first GET /v1/status 200', measured: true, value: sorted[1], unit: 'ms', detail: { runs, command: NPM_START_COMMAND } });
        process.stdout.write(`  npm start, nothing changed: ${runs.join(', ')} ms (median ${sorted[1]})\n`);
      } catch (e) {
        scalars.push({ name: 'npm start, nothing changed, to first GET /v1/status 200', measured: false, reason: failed(e), unit: 'ms' });
      }
    }

    if (ONLY.has('upload')) {
      try {
        const server = await startServerChild(productionEnv(prepared.dataDir), { build: 'compiled' });
        await withChild(server, async () => {
          const name = 'RSS growth during a 100 MB document upload to POST /media';
          // Warm the route with a small upload, then measure from a settled RSS.
          await uploadDocument(`${server.baseUrl}/media`, prepared.key, { client_ref: prepared.chatRef }, 64 * 1024);
          await new Promise((r) => setTimeout(r, 300));
          const before = memoryOf(server.pid)!;
          const sampler = sampleRss(server.pid, 5);
          const size = 100 * 1000 * 1000;
          const answer = await uploadDocument(`${server.baseUrl}/media`, prepared.key, { client_ref: prepared.chatRef }, size);
          const peak = sampler.stop();
          const growthMb = Math.round(((peak.peakRss - before.rss) / 2 ** 20) * 10) / 10;
          const detail = { bytes: size, status: answer.status, answer: answer.body.slice(0, 200), seconds: Math.round(answer.ms) / 1000, rssBeforeMb: Math.round(before.rss / 2 ** 20), peakRssMb: Math.round(peak.peakRss / 2 ** 20), hwmBeforeMb: Math.round(before.hwm / 2 ** 20), hwmAfterMb: Math.round(peak.hwm / 2 ** 20), samples: peak.samples };
          if (answer.status !== 201) scalars.push({ name, measured: false, reason: `the upload answered ${answer.status}: ${answer.body.slice(0, 160)}`, unit: 'MB', detail });
          else scalars.push({ name, measured: true, value: growthMb, unit: 'MB', detail });
          process.stdout.write(`  upload: ${JSON.stringify(detail)}\n`);
        });
      } catch (e) {
        scalars.push({ name: 'RSS growth during a 100 MB document upload to POST /media', measured: false, reason: failed(e), unit: 'MB' });
      }
    }

    if (ONLY.has('webhooks')) {
      const result = await measureDeliveries({ dataDir: prepared.dataDir, key: prepared.key, chatRef: prepared.chatRef }).catch(
        (e): ScalarFigure => ({ name: 'signed webhook deliveries per second to a local receiver', measured: false, reason: failed(e), unit: '/s' }),
      );
      scalars.push(result);
      process.stdout.write(`  webhooks: ${result.measured ? `${result.value} deliveries/s` : `not measured: ${result.reason}`}\n`);
    }
  } finally {
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  }

  // Ratios to the baselines, paired by round.
  const find = (subject: string) => loads.find((l) => l.subject.startsWith(subject) && l.measured);
  const bare = find('node:http');
  const express = find('Express');
  const floor = loads.find((l) => l.subject === FLOOR && l.measured);
  const prism = find('Prism');
  const send = loads.find((l) => l.subject === 'reference server' && l.request.startsWith('POST /messages/send'));
  for (const l of loads) {
    if (l.measured) l.ratio = { bare: pairedRatio(l, bare), express: pairedRatio(l, express), floor: pairedRatio(l, floor), prism: pairedRatio(l, prism), sqlite: l.request.startsWith('POST /messages/send') && l.subject.startsWith('reference server') ? pairedRatio(l, send) : undefined };
  }
  const scalar = (prefix: string) => scalars.find((s) => s.name.startsWith(prefix));
  const cold = scalar('cold start');
  const restart = scalar('npm start');
  const upload = scalar('RSS growth');
  const hooks = scalar('signed webhook');
  // A ratio target: `figure` measured against `base`, held when at least `factor` of it.
  const atLeast = (rule: string, figure: LoadFigure | undefined, base: LoadFigure | undefined, baseName: string, factor: number): Target => {
    const paired = pairedRatio(figure, base);
    const rounds = figure?.rounds && base?.rounds ? figure.rounds.map((r, i) => fmt(r / base.rounds![i]!, 2)).join(', ') : '';
    return {
      rule,
      holds: paired === undefined ? null : paired >= factor,
      figure: !figure?.measured ? `not measured: ${figure?.reason ?? 'not run'}` : paired === undefined ? `${baseName}: not measured` : `${paired} × (rounds ${rounds}; medians ${figure.reqPerSec} vs ${baseName} ${base!.reqPerSec} req/s)`,
    };
  };
  const server = (request: string) => loads.find((l) => l.subject === 'reference server' && l.request.startsWith(request));
  const onePostgres = loads.find((l) => l.subject === 'reference server (PostgreSQL)');
  const openLoopAt1000 = openLoop.find((o) => o.subject === 'reference server, SQLite' && o.rate === 1000);
  const besideAt1000 = openLoop
    .filter((o) => o.rate === 1000 && o.measured && !o.subject.startsWith('reference server'))
    .map((o) => `; ${o.subject} at the same rate: p99 ${o.p99Ms} ms`)
    .join('');
  const targets: Target[] = [
    atLeast('validated send ≥ 0.9 × the Express + validator floor, SQLite (req/s)', send, floor, 'floor', 0.9),
    atLeast('GET /clients ≥ 0.9 × the Express + validator floor, SQLite (req/s)', server('GET /clients'), floor, 'floor', 0.9),
    atLeast('GET /templates ≥ 0.9 × the Express + validator floor, SQLite (req/s)', server('GET /templates'), floor, 'floor', 0.9),
    atLeast('validated send ≥ 1.8 × Prism mock (req/s)', send, prism, 'Prism', 1.8),
    atLeast('validated send on PostgreSQL, one instance, ≥ 0.85 × on SQLite (req/s)', onePostgres, send, 'SQLite', 0.85),
    {
      rule: 'open loop, the send at 1,000 req/s on SQLite: p99 ≤ 10 ms, no errors',
      holds: openLoopAt1000?.measured ? openLoopAt1000.p99Ms! <= 10 && openLoopAt1000.errors === 0 && openLoopAt1000.non2xx === 0 : null,
      figure: openLoopAt1000?.measured ? `p99 ${openLoopAt1000.p99Ms} ms (rounds ${openLoopAt1000.roundsP99!.join(', ')}), ${openLoopAt1000.errors} errors, ${openLoopAt1000.non2xx} non-2xx${besideAt1000}` : `not measured: ${openLoopAt1000?.reason ?? 'not run'}`,
    },
    atLeast('validated send ≥ 0.6 × Express hello (req/s)', send, express, 'Express hello', 0.6),
    atLeast('validated send ≥ 2.5 × Prism mock (req/s)', send, prism, 'Prism', 2.5),
    ...loads
      .filter((l) => l.subject === 'reference server')
      .map((l) => ({ rule: `p99 ≤ 30 ms at ${CONNECTIONS} connections: ${l.request}`, holds: l.measured ? l.p99Ms! <= 30 : null, figure: l.measured ? `p99 ${l.p99Ms} ms` : `not measured: ${l.reason}` })),
    { rule: 'cold start ≤ 1 s', holds: cold?.measured ? cold.value! <= 1000 : null, figure: cold?.measured ? `${cold.value} ms (median of ${(cold.detail?.runs as number[]).join(', ')})` : 'not run' },
    { rule: '`npm start` with nothing changed ≤ 2 s', holds: restart?.measured ? restart.value! <= 2000 : null, figure: restart?.measured ? `${restart.value} ms (median of ${(restart.detail?.runs as number[]).join(', ')})` : `not measured: ${restart?.reason ?? 'not run'}` },
    { rule: 'RSS growth during the 100 MB upload ≤ 64 MB', holds: upload?.measured ? upload.value! <= 64 : null, figure: upload?.measured ? `${upload.value} MB` : `not measured: ${upload?.reason ?? 'not run'}` },
    { rule: '≥ 500 signed webhook deliveries/s', holds: hooks?.measured ? hooks.value! >= 500 : null, figure: hooks?.measured ? `${hooks.value} /s` : `not measured: ${hooks?.reason ?? 'not run'}` },
  ];

  const loadAfter = loadavg();
  const git = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })();
  const report = {
    generatedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: { node: process.version, cores: cpus().length, cpu: cpus()[0]?.model, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter, loadAverageDuringRounds: loadDuringRounds.length ? [Math.min(...loadDuringRounds), Math.max(...loadDuringRounds)] : null, gitHead: git },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, rounds: ROUNDS, loadGenerator: 'autocannon 9.0.0 in a separate process', server: `${serverCommandLine('compiled')} (as npm start runs it); LOG_LEVEL=warn; SQLite file in a temp DATA_DIR, or PostgreSQL (a throwaway local cluster, DATABASE_URL) for the PostgreSQL subjects; RATE_LIMIT_MAX=1000000` },
    load: loads,
    openLoop,
    profiles,
    scalars,
    targets,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  const md = markdown(report);
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(ROOT, 'reports', 'bench.md'), md);
  process.stdout.write(`\n${md}\nWritten: reports/bench.json, reports/bench.md (${report.seconds} s)\n\n`);
  for (const t of targets) process.stdout.write(`${verdictOf(t).padEnd(12)} ${t.rule}: ${t.figure}\n`);
}

const verdictOf = (t: Target) => (t.holds === null ? 'not measured' : t.holds ? 'holds' : 'misses');

function markdown(r: any): string {
  const lines: string[] = [];
  lines.push('# Benchmark report', '');
  const during = r.machine.loadAverageDuringRounds ? `, 1-minute load average during the rounds ${r.machine.loadAverageDuringRounds.map((l: number) => l.toFixed(2)).join('–')}` : '';
  lines.push(`${r.generatedAt} · \`${r.command}\` · ${r.machine.gitHead ?? ''} · Node ${r.machine.node} · ${r.machine.cores} cores · load average (1, 5, 15 min) before ${r.machine.loadAverageBefore.map((l: number) => l.toFixed(2)).join(' ')}, after ${r.machine.loadAverageAfter.map((l: number) => l.toFixed(2)).join(' ')}${during}`, '');
  lines.push(`${r.settings.loadGenerator}, ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up, then ${r.settings.rounds} interleaved rounds of ${r.settings.durationSeconds} s per subject; each figure is the median of its rounds, each ratio the median of the ratios of the rounds (both sides of a ratio measured in the same round). CPU µs per request: the subject's user + system time during a round over its answers (/proc), median of the rounds; of it, the main thread's, where the JavaScript runs: what bounds req/s, since the helper threads (V8's compiler and collector) run on the other core. Server: ${r.settings.server}.`, '');
  lines.push('| subject | request | req/s | p50 ms | p99 ms | CPU µs per request | of it, main thread | × bare | × Express | × floor | × Prism | req/s of each round |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const l of r.load as LoadFigure[]) {
    if (!l.measured) lines.push(`| ${l.subject} | ${l.request} | not measured: ${l.reason} | | | | | | | | | |`);
    else lines.push(`| ${l.subject} | ${l.request} | ${l.reqPerSec} | ${fmt(l.p50Ms)} | ${fmt(l.p99Ms)} | ${fmt(l.cpuUsPerRequest)} | ${fmt(l.mainThreadUsPerRequest)} | ${fmt(l.ratio?.bare, 2)} | ${fmt(l.ratio?.express, 2)} | ${fmt(l.ratio?.floor, 2)} | ${fmt(l.ratio?.prism, 2)} | ${l.rounds?.join(', ')} |`);
  }
  lines.push('', '"floor": Express 5 + express-openapi-validator validating the same send and a constant answer (bench/subjects/express-validator-floor.ts), the most the reference server\'s stack allows before any rule runs.');
  const control = (r.load as LoadFigure[]).find((l) => l.subject === FLOOR_CONTROL && l.measured);
  if (control?.ratio?.floor !== undefined) {
    const spread = control.ratio.floor;
    lines.push('', `"${FLOOR_CONTROL}": the same floor, started again: of two processes of identical code, the second measured ${spread.toFixed(2)} × the first in this run (CPU µs per request ${fmt(control.cpuUsPerRequest)} against ${fmt((r.load as LoadFigure[]).find((l) => l.subject === FLOOR)?.cpuUsPerRequest)}, main thread ${fmt(control.mainThreadUsPerRequest)} against ${fmt((r.load as LoadFigure[]).find((l) => l.subject === FLOOR)?.mainThreadUsPerRequest)}). Every ratio of one process to another carries a spread of that order.`);
  }
  const sends = (r.load as LoadFigure[]).filter((l) => l.subject.startsWith('reference server') && l.request.startsWith('POST /messages/send'));
  const onePg = sends.find((l) => l.subject === 'reference server (PostgreSQL)' && l.measured);
  lines.push('', 'The validated send by store and instances (same run; two instances: the connections split between them, req/s added, latency of the slower):', '');
  lines.push('| subject | instances | req/s | p99 ms | × SQLite | × one PostgreSQL instance |', '|---|---:|---:|---:|---:|---:|');
  for (const l of sends) {
    if (!l.measured) lines.push(`| ${l.subject} | | not measured: ${l.reason} | | | |`);
    else lines.push(`| ${l.subject} | ${l.instances ?? 1} | ${l.reqPerSec} | ${fmt(l.p99Ms)} | ${fmt(l.ratio?.sqlite, 2)} | ${fmt(pairedRatio(l, onePg), 2)} |`);
  }
  if (r.openLoop.length > 0) {
    lines.push('', `Open loop: the validated dry-run send (beside it, when measured: GET / of the bare node:http server and the floor's send) offered at a fixed arrival rate (requests started on schedule whether or not earlier ones answered; latency from each request's scheduled start), ${r.settings.warmupSeconds} s warm-up then ${r.settings.rounds} interleaved rounds of ${r.settings.durationSeconds} s per rate and store; percentiles are the median of the rounds, errors and non-2xx their sum:`, '');
    lines.push('| subject | req/s offered | p50 ms | p99 ms | p99.9 ms | max ms | requests | errors | non-2xx | p99 of each round |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const o of r.openLoop as OpenLoopFigure[]) {
      if (!o.measured) lines.push(`| ${o.subject} | ${o.rate} | not measured: ${o.reason} | | | | | | | |`);
      else lines.push(`| ${o.subject} | ${o.rate} | ${fmt(o.p50Ms, 2)} | ${fmt(o.p99Ms, 2)} | ${fmt(o.p999Ms, 2)} | ${fmt(o.maxMs, 1)} | ${o.sent} | ${o.errors} | ${o.non2xx} | ${o.roundsP99!.join(', ')} |`);
    }
  }
  for (const p of r.profiles as RequestProfile[]) {
    lines.push('', `Where the time of ${p.request} goes: a server of its own (as above) with a V8 CPU profile, under the closed-loop load of this request alone for ${r.settings.durationSeconds} s after the warm-up; self time of the load's samples only, as a share of the time the process was busy (idle left out)${p.file ? `; the profile is \`${p.file}\` (Chrome DevTools, Performance)` : ''}.`, '');
    if (!p.summary) lines.push(`Not measured: ${p.reason}`);
    else {
      lines.push(`Busy ${p.summary.busyMs} ms, idle ${p.summary.idleMs} ms.`, '');
      lines.push('| function | where | self ms | % of busy |', '|---|---|---:|---:|');
      for (const f of p.summary.functions) lines.push(`| \`${f.name}\` | ${f.where} | ${f.selfMs} | ${f.percent.toFixed(1)} |`);
      lines.push('', '| area | self ms | % of busy |', '|---|---:|---:|');
      for (const a of p.summary.areas) lines.push(`| ${a.area} | ${a.selfMs} | ${a.percent.toFixed(1)} |`);
    }
  }
  lines.push('', '| figure | value |', '|---|---|');
  for (const s of r.scalars as ScalarFigure[]) lines.push(`| ${s.name} | ${s.measured ? `${s.value} ${s.unit}` : `not measured: ${s.reason}`}${s.detail ? ` <br>${JSON.stringify(s.detail).replace(/\|/g, '/')}` : ''} |`);
  lines.push('', '| target | holds | figure |', '|---|---|---|');
  for (const t of r.targets as Target[]) lines.push(`| ${t.rule} | ${verdictOf(t)} | ${t.figure} |`);
  return `${lines.join('\n')}\n`;
}

runCommand({
  name: 'bench',
  home: __dirname,
  usage: USAGE,
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
  async run({ values }) {
    DURATION = whole('duration', values.duration, DURATION, 1);
    WARMUP = whole('warmup', values.warmup, WARMUP, 0);
    ROUNDS = whole('rounds', values.rounds, ROUNDS, 1);
    CONNECTIONS = whole('connections', values.connections, CONNECTIONS, 1);
    if (values.only !== undefined) {
      const parts = values.only.split(',');
      const unknown = parts.find((part) => !PARTS.includes(part));
      if (unknown) throw new UsageError(`--only: unknown part '${unknown}' (one of ${PARTS.join(', ')}).`);
      ONLY = new Set(parts);
    }
    if (values['cpu-prof']) profileServersInto(values['cpu-prof']);
    await main();
    return 0;
  },
});
