// The load subjects of a run, started once and kept up for all its rounds (the pid we hold is the subject's):
// the baselines, the floors, the reference server on SQLite and on PostgreSQL as `npm start` runs it, the
// Prism mock. Each subject's request is named, and so is the floor it is measured against. A subject that
// cannot start is "not measured: <reason>".
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startPrism } from '../mock/prism';
import type { LoadSpec, LoadSubject } from './closed-loop';
import { startFloor } from './floors';
import type { OpenLoopSubject } from './open-loop';
import type { PreparedPostgres, PreparedSqlite, Variant } from './preparation';
import { productionEnv, spawnNode, startServerChild, waitFor200 } from './processes';

export const SUBJECTS = {
  bare: 'node:http bare',
  hello: 'Express 5 hello',
  floor: 'Express + validator floor',
  control: 'Express + validator floor, a second process (the control)',
  sqliteFloor: 'floor of the SQLite store',
  postgresFloor: 'floor of the PostgreSQL store',
  sqlite: 'reference server, SQLite',
  sqliteWithoutLog: 'reference server, SQLite, request log off (REQUEST_LOG_LIMIT=0)',
  postgres: 'reference server, PostgreSQL',
  postgresPair: 'reference server, PostgreSQL, 2 instances',
  prism: 'Prism mock (-v silent)',
} as const;

export const REQUESTS = {
  json: 'GET / (JSON)',
  constant: 'POST /v1/messages/send, a constant dry-run answer',
  delivered: 'POST /messages/send, delivered (live key: persisted, counted, message.status published and delivered)',
  deliveredSpread: 'POST /messages/send, delivered, over 20 keys of 5 partners',
  testKey: 'POST /messages/send, test key (simulated)',
  clients: 'GET /clients (a page of 20 of 100)',
  templates: 'GET /templates (100 templates)',
  dryRun: 'POST /messages/send, dry run (no delivery, nothing stored)',
  prismSend: 'POST /messages/send',
} as const;

/** The subject of the other build (`--compare`), named by its file. */
export const compareSubject = (bundle: string) => `${SUBJECTS.sqlite}, the other build (${basename(bundle)})`;

/** A figure's key in the report: its subject and request. */
export const keyOf = (subject: string, request: string) => `${subject} · ${request}`;

export interface StartedSubjects {
  loads: LoadSubject[];
  openLoop: OpenLoopSubject[];
  /** The figure each figure is measured against (by key): its floor, or the run's other build. */
  against: Map<string, string>;
  stop(): Promise<void>;
}

const json = { 'content-type': 'application/json' };
const failed = (e: unknown) => `the subject failed: ${String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').slice(0, 300)}`;

/** A load of `variant` (or of each of `variants` in turn) on `url`. */
const load = (url: string, method: string, pid: number, variants: Variant[]): LoadSpec =>
  variants.length === 1 ? { url, method, pid, headers: { ...variants[0]!.headers, ...(variants[0]!.body ? json : {}) }, body: variants[0]!.body } : { url, method, pid, variants: variants.map((v) => ({ headers: { ...v.headers, ...json }, body: v.body })) };

export interface SubjectParts {
  baselines: boolean;
  server: boolean;
  postgres: boolean;
  prism: boolean;
  openloop: boolean;
  /** Another build of the server, run beside this one on a copy of its data (`--compare`). */
  compare?: string;
}

export async function startSubjects(parts: SubjectParts, sqlite: PreparedSqlite | undefined, postgres: PreparedPostgres | undefined): Promise<StartedSubjects> {
  const loads: LoadSubject[] = [];
  const openLoop: OpenLoopSubject[] = [];
  const against = new Map<string, string>();
  const children: { stop(): Promise<void> }[] = [];
  /** Run once every child has stopped. */
  const cleanups: (() => void)[] = [];
  const add = (subject: string, request: string, spec: LoadSpec, base?: [string, string]) => {
    loads.push({ subject, request, spec, samples: [] });
    if (base) against.set(keyOf(subject, request), keyOf(...base));
  };
  const unavailable = (subject: string, requests: string[], e: unknown) => {
    for (const request of requests) loads.push({ subject, request, spec: { url: '' }, samples: [], reason: failed(e) });
  };
  const attempt = async (subject: string, requests: string[], start: () => Promise<void>) => {
    try {
      await start();
    } catch (e) {
      unavailable(subject, requests, e);
    }
  };

  if (parts.baselines) {
    for (const [file, subject] of [['bare-http.ts', SUBJECTS.bare], ['express-hello.ts', SUBJECTS.hello]] as const) {
      await attempt(subject, [REQUESTS.json], async () => {
        const since = performance.now();
        const child = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', file)]);
        children.push(child);
        await waitFor200(`${child.origin}/`, child, since);
        add(subject, REQUESTS.json, { url: `${child.origin}/`, pid: child.pid });
      });
    }
  }
  // The dry-run floor twice, in two processes of the same code: the second's ratio to the first is the spread
  // every ratio of one process to another carries in this run (bench/verdicts.ts).
  const dryRunBody = sqlite?.dryRun.body ?? postgres?.dryRun.body ?? '{}';
  for (const subject of [SUBJECTS.control, SUBJECTS.floor]) {
    await attempt(subject, [REQUESTS.constant], async () => {
      const probe = { path: '/v1/messages/send', method: 'POST', headers: { authorization: 'Bearer x', ...json }, body: dryRunBody };
      const child = await startFloor(undefined, probe);
      children.push(child);
      add(subject, REQUESTS.constant, { url: `${child.origin}${probe.path}`, method: 'POST', headers: probe.headers, body: probe.body, pid: child.pid }, subject === SUBJECTS.control ? [SUBJECTS.floor, REQUESTS.constant] : undefined);
    });
  }

  if (sqlite && (parts.server || parts.openloop)) {
    const sqliteRequests = [REQUESTS.delivered, REQUESTS.testKey, REQUESTS.clients, REQUESTS.templates];
    if (parts.server) {
      await attempt(SUBJECTS.sqliteFloor, sqliteRequests, async () => {
        const child = await startFloor(sqlite.floor, { path: `/v1${sqlite.listing.clients}`, headers: sqlite.listing.headers });
        children.push(child);
        add(SUBJECTS.sqliteFloor, REQUESTS.delivered, load(`${child.origin}/v1/messages/send`, 'POST', child.pid, [sqlite.delivered]));
        add(SUBJECTS.sqliteFloor, REQUESTS.testKey, load(`${child.origin}/v1/messages/send`, 'POST', child.pid, [sqlite.testSend]));
        add(SUBJECTS.sqliteFloor, REQUESTS.clients, load(`${child.origin}/v1${sqlite.listing.clients}`, 'GET', child.pid, [{ headers: sqlite.listing.headers }]));
        add(SUBJECTS.sqliteFloor, REQUESTS.templates, load(`${child.origin}/v1${sqlite.listing.templates}`, 'GET', child.pid, [{ headers: sqlite.listing.headers }]));
      });
    }
    // The server without a request log (below) gets a copy of the data taken before this build's server writes to it.
    const withoutLogDir = parts.server ? mkdtempSync(join(tmpdir(), 'bench-no-request-log-')) : undefined;
    if (withoutLogDir) {
      cpSync(sqlite.dataDir, withoutLogDir, { recursive: true });
      cleanups.push(() => rmSync(withoutLogDir, { recursive: true, force: true }));
    }
    // The other build gets a copy of the data taken before this build's server writes to it.
    const compareDir = parts.compare ? mkdtempSync(join(tmpdir(), 'bench-compare-')) : undefined;
    if (compareDir) {
      cpSync(sqlite.dataDir, compareDir, { recursive: true });
      cleanups.push(() => rmSync(compareDir, { recursive: true, force: true }));
    }
    const servers: [string, string, string[]][] = [[SUBJECTS.sqlite, sqlite.dataDir, []]];
    if (parts.compare && compareDir) servers.push([compareSubject(parts.compare), compareDir, [parts.compare]]);
    for (const [subject, dataDir, bundle] of servers) {
      await attempt(subject, [...sqliteRequests, REQUESTS.dryRun], async () => {
        const server = await startServerChild(productionEnv(dataDir), { build: 'compiled', bundle: bundle[0] });
        children.push(server);
        const send = (v: Variant) => load(`${server.baseUrl}/messages/send`, 'POST', server.pid, [v]);
        const base = (request: string, floorSubject: string, floorRequest: string): [string, string] => (bundle.length ? [SUBJECTS.sqlite, request] : [floorSubject, floorRequest]);
        if (parts.server) {
          add(subject, REQUESTS.delivered, send(sqlite.delivered), base(REQUESTS.delivered, SUBJECTS.sqliteFloor, REQUESTS.delivered));
          add(subject, REQUESTS.testKey, send(sqlite.testSend), base(REQUESTS.testKey, SUBJECTS.sqliteFloor, REQUESTS.testKey));
          add(subject, REQUESTS.clients, load(`${server.baseUrl}${sqlite.listing.clients}`, 'GET', server.pid, [{ headers: sqlite.listing.headers }]), base(REQUESTS.clients, SUBJECTS.sqliteFloor, REQUESTS.clients));
          add(subject, REQUESTS.templates, load(`${server.baseUrl}${sqlite.listing.templates}`, 'GET', server.pid, [{ headers: sqlite.listing.headers }]), base(REQUESTS.templates, SUBJECTS.sqliteFloor, REQUESTS.templates));
          add(subject, REQUESTS.dryRun, send(sqlite.dryRun), base(REQUESTS.dryRun, SUBJECTS.floor, REQUESTS.constant));
        }
        if (!bundle.length) openLoop.push({ subject: `${subject} · ${REQUESTS.delivered}`, request: send(sqlite.delivered) });
      });
    }
    // The same server with no request log, on its copy of the data: what the partners' request logs cost the
    // delivered send (bench/targets.ts).
    if (withoutLogDir) {
      await attempt(SUBJECTS.sqliteWithoutLog, [REQUESTS.delivered], async () => {
        const server = await startServerChild(productionEnv(withoutLogDir, { REQUEST_LOG_LIMIT: '0' }), { build: 'compiled' });
        children.push(server);
        add(SUBJECTS.sqliteWithoutLog, REQUESTS.delivered, load(`${server.baseUrl}/messages/send`, 'POST', server.pid, [sqlite.delivered]), [SUBJECTS.sqlite, REQUESTS.delivered]);
      });
    }
  }

  if (postgres && (parts.postgres || parts.openloop)) {
    const env = productionEnv(postgres.dataDir, { DATABASE_URL: postgres.databaseUrl, SANDBOX_ADMIN_TOKEN: postgres.sandboxToken });
    if (parts.postgres) {
      await attempt(SUBJECTS.postgresFloor, [REQUESTS.deliveredSpread], async () => {
        const child = await startFloor(postgres.floor, { path: '/v1/messages/send', method: 'POST', headers: { ...postgres.delivered[0]!.headers, ...json }, body: postgres.delivered[0]!.body });
        children.push(child);
        add(SUBJECTS.postgresFloor, REQUESTS.deliveredSpread, load(`${child.origin}/v1/messages/send`, 'POST', child.pid, postgres.delivered));
      });
    }
    await attempt(SUBJECTS.postgres, [REQUESTS.deliveredSpread, REQUESTS.dryRun], async () => {
      const one = await startServerChild(env, { build: 'compiled' });
      children.push(one);
      const delivered = load(`${one.baseUrl}/messages/send`, 'POST', one.pid, postgres.delivered);
      if (parts.postgres) {
        add(SUBJECTS.postgres, REQUESTS.deliveredSpread, delivered, [SUBJECTS.postgresFloor, REQUESTS.deliveredSpread]);
        add(SUBJECTS.postgres, REQUESTS.dryRun, load(`${one.baseUrl}/messages/send`, 'POST', one.pid, [postgres.dryRun]), [SUBJECTS.sqlite, REQUESTS.dryRun]);
      }
      openLoop.push({ subject: `${SUBJECTS.postgres} · ${REQUESTS.deliveredSpread}`, request: delivered });
    });
    if (parts.postgres) {
      await attempt(SUBJECTS.postgresPair, [REQUESTS.dryRun], async () => {
        const pair = [await startServerChild(env, { build: 'compiled' }), await startServerChild(env, { build: 'compiled' })];
        children.push(...pair);
        const specs = pair.map((server) => load(`${server.baseUrl}/messages/send`, 'POST', server.pid, [postgres.dryRun]));
        loads.push({ subject: SUBJECTS.postgresPair, request: REQUESTS.dryRun, spec: specs[0]!, spread: specs, samples: [] });
        against.set(keyOf(SUBJECTS.postgresPair, REQUESTS.dryRun), keyOf(SUBJECTS.sqlite, REQUESTS.dryRun));
      });
    }
  }

  if (parts.prism) {
    await attempt(SUBJECTS.prism, [REQUESTS.prismSend], async () => {
      const prism = await startPrism({ mode: 'mock', verbosity: 'silent' });
      children.push({ stop: () => prism.close() });
      add(SUBJECTS.prism, REQUESTS.prismSend, { url: `${prism.url}/messages/send`, method: 'POST', headers: { authorization: 'Bearer ik_live_bench', ...json }, body: dryRunBody, pid: prism.child.pid });
    });
  }
  const stop = async () => {
    await Promise.all(children.map((c) => c.stop()));
    for (const cleanup of cleanups) cleanup();
  };
  return { loads, openLoop, against, stop };
}
