// The bench's targets, in the order the report lists them: what partners do first (the delivered send, the
// test-key send, the GETs on a hundred clients and templates, the open loop at shares of capacity, on SQLite
// and PostgreSQL), each against the floor doing the same work; then the dry-run rows kept from earlier
// reports, labelled as such; then the single figures.
import type { LoadFigure } from './closed-loop';
import type { OpenLoopFigure } from './open-loop';
import { basename } from 'node:path';
import { REQUESTS, SUBJECTS, compareSubject, keyOf } from './subjects';
import { boundTarget, ratioTarget, type Target } from './verdicts';
import { RETENTION_FIGURES } from './retention';
import type { ScalarFigure } from './webhooks';

/** The open loop's bound on the tail, at every share of capacity. */
const OPEN_LOOP_P99_MS = 25;

export function targetsOf(run: {
  loads: LoadFigure[];
  against: Record<string, string>;
  spread: number | undefined;
  openLoop: OpenLoopFigure[];
  scalars: ScalarFigure[];
  connections: number;
  compare?: string;
}): Target[] {
  const figure = (subject: string, request: string) => run.loads.find((l) => l.subject === subject && l.request === request);
  const baseOf = (l: LoadFigure | undefined) => (l ? run.loads.find((b) => keyOf(b.subject, b.request) === run.against[keyOf(l.subject, l.request)]) : undefined);
  const againstFloor = (rule: string, subject: string, request: string, factor: number) => {
    const f = figure(subject, request);
    return ratioTarget(rule, f, baseOf(f), 'its floor', factor, run.spread);
  };
  const scalar = (prefix: string) => run.scalars.find((s) => s.name.startsWith(prefix));
  const openLoop = (o: OpenLoopFigure): Target =>
    boundTarget(
      `open loop, ${o.subject} at ${Math.round(o.share * 100)} % of its measured capacity: p99 ≤ ${OPEN_LOOP_P99_MS} ms, no errors`,
      o.measured ? o.p99Ms! <= OPEN_LOOP_P99_MS && o.errors === 0 && o.non2xx === 0 : null,
      o.measured ? `${o.rate} req/s offered: p99 ${o.p99Ms} ms (rounds ${o.roundsP99!.join(', ')}), ${o.errors} errors, ${o.non2xx} non-2xx` : `not measured: ${o.reason}`,
    );
  const send = figure(SUBJECTS.sqlite, REQUESTS.dryRun);
  const cold = scalar('cold start');
  const restart = scalar('npm start');
  const upload = scalar('RSS growth');
  const hooks = scalar('signed webhook');
  const flat = scalar(RETENTION_FIGURES.flat);
  const compared = run.compare ? run.loads.filter((l) => l.subject === compareSubject(run.compare!)) : [];
  return [
    againstFloor('delivered live send ≥ 0.8 × its floor (the same statements on the same store), SQLite', SUBJECTS.sqlite, REQUESTS.delivered, 0.8),
    ratioTarget(
      "delivered live send with the partners' request logs ≥ 0.9 × without them (the log costs under 10 %), SQLite",
      figure(SUBJECTS.sqlite, REQUESTS.delivered),
      figure(SUBJECTS.sqliteWithoutLog, REQUESTS.delivered),
      'the request log off',
      0.9,
      run.spread,
    ),
    againstFloor('delivered live send over 20 keys of 5 partners ≥ 0.8 × its floor (the same statements on the same store), PostgreSQL', SUBJECTS.postgres, REQUESTS.deliveredSpread, 0.8),
    againstFloor('test-key send ≥ 0.8 × its floor (the same statements on the same store), SQLite', SUBJECTS.sqlite, REQUESTS.testKey, 0.8),
    againstFloor('GET /clients, a page of 20 of 100, ≥ 0.9 × its floor (the same page, validated), SQLite', SUBJECTS.sqlite, REQUESTS.clients, 0.9),
    againstFloor('GET /templates, 100 templates, ≥ 0.9 × its floor (the same list, validated), SQLite', SUBJECTS.sqlite, REQUESTS.templates, 0.9),
    ...run.openLoop.map(openLoop),
    againstFloor('dry run: send ≥ 0.9 × the dry-run floor (a constant answer), SQLite', SUBJECTS.sqlite, REQUESTS.dryRun, 0.9),
    ratioTarget('dry run: send ≥ 1.8 × Prism mock', send, figure(SUBJECTS.prism, REQUESTS.prismSend), 'Prism', 1.8, run.spread),
    ratioTarget('dry run: send on PostgreSQL, one instance, ≥ 0.85 × on SQLite', figure(SUBJECTS.postgres, REQUESTS.dryRun), send, 'SQLite', 0.85, run.spread),
    ratioTarget('dry run: send ≥ 0.6 × Express hello', send, figure(SUBJECTS.hello, REQUESTS.json), 'Express hello', 0.6, run.spread),
    ratioTarget('dry run: send ≥ 2.5 × Prism mock', send, figure(SUBJECTS.prism, REQUESTS.prismSend), 'Prism', 2.5, run.spread),
    ...run.loads
      .filter((l) => l.subject === SUBJECTS.sqlite)
      .map((l) => boundTarget(`p99 ≤ 30 ms at ${run.connections} connections: ${l.request}`, l.measured ? l.p99Ms! <= 30 : null, l.measured ? `p99 ${l.p99Ms} ms` : `not measured: ${l.reason}`)),
    ...compared.map((l) => ratioTarget(`this build ≥ 1.0 × the other build (${basename(run.compare!)}): ${l.request}`, baseOf(l), l, 'the other build', 1, run.spread)),
    boundTarget('cold start ≤ 1 s', cold?.measured ? cold.value! <= 1000 : null, cold?.measured ? `${cold.value} ms (median of ${(cold.detail?.runs as number[]).join(', ')})` : `not measured: ${cold?.reason ?? 'not run'}`),
    boundTarget('`npm start` with nothing changed ≤ 2 s', restart?.measured ? restart.value! <= 2000 : null, restart?.measured ? `${restart.value} ms (median of ${(restart.detail?.runs as number[]).join(', ')})` : `not measured: ${restart?.reason ?? 'not run'}`),
    boundTarget('RSS growth during the 100 MB upload ≤ 64 MB', upload?.measured ? upload.value! <= 64 : null, upload?.measured ? `${upload.value} MB` : `not measured: ${upload?.reason ?? 'not run'}`),
    boundTarget('≥ 500 signed webhook deliveries/s', hooks?.measured ? hooks.value! >= 500 : null, hooks?.measured ? `${hooks.value} /s` : `not measured: ${hooks?.reason ?? 'not run'}`),
    boundTarget(
      'data flat over 90 simulated days of steady traffic with retention on: day 90 ≤ 1.1 × day 30 (file, pages in use, DATA_DIR)',
      flat?.measured ? flat.value! <= 1.1 : null,
      flat?.measured ? `${flat.value} ×` : `not measured: ${flat?.reason ?? 'not run'}`,
    ),
  ];
}
