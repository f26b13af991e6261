// `npm run bench`: what partners do, measured against floors that do the same work on the same stack, in one
// run on this machine (bench/README.md). The data is prepared first (bench/preparation.ts), every load subject
// started (bench/subjects.ts) and run in interleaved rounds (bench/closed-loop.ts), the delivered send then
// offered at shares of its measured capacity (bench/open-loop.ts); then the profiles, the starts, the upload,
// the webhook deliveries and the storage over 90 simulated days with retention on (bench/retention.ts). Writes reports/bench.json and reports/bench.md and prints a verdict per target
// (bench/verdicts.ts).
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError, runCommand } from '../cli/command';
import { databaseFile } from '../server/config';
import { loadDuringRounds, measureClosedLoop, type LoadFigure, type LoadSettings } from './closed-loop';
import { measureOpenLoop, type OpenLoopFigure } from './open-loop';
import { CHAT_REF, prepareSqlite, preparePostgres, type PreparedPostgres, type PreparedSqlite } from './preparation';
import { buildServer, COMPILED_SERVER_MAIN, productionEnv, profileServersInto, ROOT, serverCommandLine, spawnNode, type Child } from './processes';
import { profileRequest, type RequestProfile } from './profile';
import { markdown, type Report } from './report';
import { bytesPerThousand, folderBytes, measureStarts, measureUpload } from './scalars';
import { REQUESTS, startSubjects, SUBJECTS, keyOf } from './subjects';
import { targetsOf } from './targets';
import { spreadOf } from './verdicts';
import { measureDeliveries, type ScalarFigure } from './webhooks';
import { RETENTION_FIGURES, measureRetention } from './retention';

const PARTS = ['baselines', 'server', 'postgres', 'prism', 'openloop', 'profile', 'coldstart', 'upload', 'webhooks', 'retention'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `Usage: npm run bench [-- options]

Measures the reference server beside floors and baselines run on this machine in the same run (see
bench/README.md) and writes reports/bench.json and reports/bench.md, with every target and its verdict.

Options:
  --duration S      measured seconds per load run (default 5; 1 with --short)
  --warmup S        warm-up seconds per subject (default 3; 1 with --short)
  --rounds N        interleaved rounds per subject (default 5; 2 with --short)
  --connections N   concurrent connections of each load (default 50)
  --short           short rounds, one start of each kind, fewer webhook events, 20 instead of 100 sends a
                    simulated day over the 90 days of the retention part: every row runs and prints,
                    in about a quarter of the time; its figures are not for comparing
  --only a,b        a subset of: ${PARTS.join(', ')}
  --compare FILE    also run FILE, the server bundle of another build (server/dist/server.js of another
                    commit, copied out of server/dist: building empties it), on a copy of the SQLite data,
                    each of its rows against this build's
  --cpu-prof DIR    every reference server child writes a V8 CPU profile into DIR when it stops
  -h, --help`;

interface Settings extends LoadSettings {
  only: Set<Part>;
  short: boolean;
  compare?: string;
}

const whole = (name: string, text: string | undefined, fallback: number, min: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} must be a whole number of at least ${min}, got '${text}'.`);
  return Number(text);
};

const failed = (e: unknown) => `the subject failed: ${String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').slice(0, 300)}`;

/** The webhook receiver the prepared partners' events go to (bench/subjects/webhook-receiver.ts). */
async function startReceiver(): Promise<Child & { url: string; secret: string }> {
  const secret = `whsec_bench_${Date.now().toString(36)}_receiver`;
  const child = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', 'webhook-receiver.ts')], { WEBHOOK_SECRET: secret });
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    try {
      await (await fetch(`${child.origin}/__ping`, { method: 'POST' })).arrayBuffer();
      return { ...child, url: `${child.origin}/hooks`, secret };
    } catch {
      /* not listening yet */
    }
  }
  await child.stop();
  throw new Error(`the webhook receiver did not listen: ${child.output()}`);
}

/** What the SQLite data holds now: the file's bytes (after a clean stop, no WAL), the folder's, and the delivered sends. */
function sqliteData(dataDir: string): { file: number; folder: number; sends: number } {
  const file = databaseFile({ dataDir });
  const db = new Database(file, { readonly: true });
  try {
    const sends = (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
    const wal = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
    return { file: statSync(file).size + wal, folder: folderBytes(dataDir), sends };
  } finally {
    db.close();
  }
}

/** The loads (closed loop, then the open loop at shares of what they measured), and what the delivered sends left in the data. */
async function measureLoads(settings: Settings, sqlite: PreparedSqlite | undefined, postgres: PreparedPostgres | undefined) {
  const has = (part: Part) => settings.only.has(part);
  const before = { sqlite: sqlite && sqliteData(sqlite.dataDir), postgres: postgres && { bytes: await postgres.databaseBytes(), sends: await postgres.messages() } };
  const started = await startSubjects({ baselines: has('baselines'), server: has('server'), postgres: has('postgres'), prism: has('prism'), openloop: has('openloop'), compare: settings.compare }, sqlite, postgres);
  let loads: LoadFigure[] = [];
  let openLoop: OpenLoopFigure[] = [];
  try {
    loads = await measureClosedLoop(started.loads, settings);
    if (has('openloop')) {
      for (const s of started.openLoop) s.capacity = loads.find((l) => keyOf(l.subject, l.request) === s.subject && l.measured)?.reqPerSec;
      openLoop = await measureOpenLoop(started.openLoop, settings);
    }
  } finally {
    await started.stop();
  }
  const storage: ScalarFigure[] = [];
  if (sqlite && before.sqlite) {
    const after = sqliteData(sqlite.dataDir);
    const detail = { store: 'SQLite', after: 'a clean stop of the server' };
    storage.push(bytesPerThousand('database bytes per 1,000 delivered sends, SQLite (reference.sqlite)', { bytes: before.sqlite.file, sends: before.sqlite.sends }, { bytes: after.file, sends: after.sends }, detail));
    storage.push(bytesPerThousand('data folder bytes per 1,000 delivered sends, SQLite (DATA_DIR)', { bytes: before.sqlite.folder, sends: before.sqlite.sends }, { bytes: after.folder, sends: after.sends }, detail));
  }
  if (postgres && before.postgres) {
    const after = { bytes: await postgres.databaseBytes(), sends: await postgres.messages() };
    storage.push(bytesPerThousand('database bytes per 1,000 delivered sends, PostgreSQL (pg_database_size)', before.postgres, after, { store: 'PostgreSQL' }));
  }
  return { loads, openLoop, storage, against: Object.fromEntries(started.against) };
}

async function main(settings: Settings): Promise<void> {
  const has = (part: Part) => settings.only.has(part);
  const started = Date.now();
  const loadBefore = loadavg();
  process.stdout.write(`bench: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s per run, ${settings.rounds} rounds; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; ${cpus().length} cores\n`);
  buildServer();
  // Another build runs from this build's folder, beside the resources it reads (the contract, the docs); the
  // build above empties the folder, so it is copied in now.
  const compare = settings.compare && join(dirname(COMPILED_SERVER_MAIN), `compare-${basename(settings.compare)}`);
  if (compare) copyFileSync(settings.compare!, compare);
  const scalars: ScalarFigure[] = [];
  const profiles: RequestProfile[] = [];
  const receiver = await startReceiver();
  let sqlite: PreparedSqlite | undefined;
  let postgres: PreparedPostgres | undefined;
  let measured: Awaited<ReturnType<typeof measureLoads>> = { loads: [], openLoop: [], storage: [], against: {} };
  try {
    sqlite = await prepareSqlite(receiver);
    const usesPostgres = has('postgres') || has('openloop');
    if (usesPostgres) postgres = await preparePostgres(receiver).catch((e) => (process.stdout.write(`  PostgreSQL not prepared: ${failed(e)}\n`), undefined));
    measured = await measureLoads({ ...settings, compare }, sqlite, postgres);
    postgres?.stop();
    postgres = undefined;
    scalars.push(...measured.storage);

    if (has('profile')) {
      const env = productionEnv(sqlite.dataDir);
      const profiled: [string, string, { url: string; method?: string; headers: Record<string, string>; body?: string }][] = [
        [REQUESTS.delivered, 'send', { url: '/messages/send', method: 'POST', headers: { ...sqlite.delivered.headers, 'content-type': 'application/json' }, body: sqlite.delivered.body }],
        [REQUESTS.clients, 'clients', { url: sqlite.listing.clients, headers: sqlite.listing.headers }],
        [REQUESTS.templates, 'templates', { url: sqlite.listing.templates, headers: sqlite.listing.headers }],
      ];
      for (const [request, name, load] of profiled) {
        const profile = await profileRequest(env, request, name, load, settings).catch((e): RequestProfile => ({ request, reason: failed(e) }));
        profiles.push(profile);
        process.stdout.write(`  profile of ${request}: ${profile.summary ? `${profile.summary.busyMs} ms busy, ${profile.summary.idleMs} ms idle` : `not measured: ${profile.reason}`}\n`);
      }
    }
    if (has('coldstart')) scalars.push(...(await measureStarts(sqlite.dataDir, settings.short ? 1 : 3)));
    if (has('upload')) scalars.push(await measureUpload(sqlite.dataDir, sqlite.key, CHAT_REF));
    if (has('webhooks')) {
      const result = await measureDeliveries({ dataDir: sqlite.dataDir, key: sqlite.key, chatRef: CHAT_REF }, settings.short ? 200 : 1000).catch(
        (e): ScalarFigure => ({ name: 'signed webhook deliveries per second to a local receiver', measured: false, reason: failed(e), unit: '/s' }),
      );
      scalars.push(result);
      process.stdout.write(`  webhooks: ${result.measured ? `${result.value} deliveries/s` : `not measured: ${result.reason}`}\n`);
    }
    if (has('retention')) {
      const figures = await measureRetention(settings.short ? 20 : 100, (line) => process.stdout.write(`${line}\n`)).catch((e): ScalarFigure[] => [
        { name: RETENTION_FIGURES.flat, measured: false, reason: failed(e), unit: '×' },
      ]);
      scalars.push(...figures);
    }
  } finally {
    postgres?.stop();
    sqlite?.remove();
    await receiver.stop();
    if (compare) rmSync(compare, { force: true });
  }

  const { loads, openLoop } = measured;
  const spread = spreadOf(
    loads.find((l) => l.subject === SUBJECTS.control),
    loads.find((l) => l.subject === SUBJECTS.floor),
  );
  const targets = targetsOf({ loads, against: measured.against, spread, openLoop, scalars, connections: settings.connections, compare });
  const git = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })();
  const report: Report = {
    generatedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: {
      node: process.version,
      cores: cpus().length,
      cpu: cpus()[0]?.model,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
      loadAverageDuringRounds: loadDuringRounds.length ? [Math.min(...loadDuringRounds), Math.max(...loadDuringRounds)] : null,
      gitHead: git,
    },
    settings: {
      connections: settings.connections,
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      rounds: settings.rounds,
      loadGenerator: 'autocannon 9.0.0 in a separate process',
      server: `${serverCommandLine('compiled')} (as npm start runs it); LOG_LEVEL=warn; SQLite file in a temp DATA_DIR, or PostgreSQL (a throwaway local cluster, DATABASE_URL) for the PostgreSQL subjects; RATE_LIMIT_MAX=1000000; webhooks to a local receiver verifying every signature`,
    },
    load: loads,
    against: measured.against,
    spread,
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
  for (const t of targets) process.stdout.write(`${t.verdict.padEnd(13)} ${t.rule}: ${t.figure}\n`);
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
    short: { type: 'boolean' },
    only: { type: 'string' },
    compare: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
  async run({ values }) {
    const short = values.short === true;
    let only = new Set<Part>(PARTS);
    if (values.only !== undefined) {
      const parts = String(values.only).split(',');
      const unknown = parts.find((part) => !(PARTS as readonly string[]).includes(part));
      if (unknown) throw new UsageError(`--only: unknown part '${unknown}' (one of ${PARTS.join(', ')}).`);
      only = new Set(parts as Part[]);
    }
    const compare = values.compare === undefined ? undefined : resolve(String(values.compare));
    if (compare && !existsSync(compare)) throw new UsageError(`--compare: no file ${compare}.`);
    if (values['cpu-prof']) profileServersInto(String(values['cpu-prof']));
    await main({
      duration: whole('duration', values.duration as string | undefined, short ? 1 : 5, 1),
      warmup: whole('warmup', values.warmup as string | undefined, short ? 1 : 3, 0),
      rounds: whole('rounds', values.rounds as string | undefined, short ? 2 : 5, 1),
      connections: whole('connections', values.connections as string | undefined, 50, 1),
      only,
      short,
      compare,
    });
    return 0;
  },
});
