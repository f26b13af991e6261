// reports/bench.md from the run's figures: the loads with their ratios, the spread of the run, the open loop,
// the profiles, the single figures and the verdicts.
import { pairedRatio, type LoadFigure } from './closed-loop';
import type { OpenLoopFigure } from './open-loop';
import type { RequestProfile } from './profile';
import { SUBJECTS, keyOf } from './subjects';
import type { Target } from './verdicts';
import type { ScalarFigure } from './webhooks';

export interface Report {
  generatedAt: string;
  command: string;
  machine: { node: string; cores: number; cpu?: string; loadAverageBefore: number[]; loadAverageAfter: number[]; loadAverageDuringRounds: number[] | null; gitHead: string | null };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; rounds: number; loadGenerator: string; server: string };
  load: LoadFigure[];
  /** For each figure (by key), the figure it is measured against. */
  against: Record<string, string>;
  spread?: number;
  openLoop: OpenLoopFigure[];
  profiles: RequestProfile[];
  scalars: ScalarFigure[];
  targets: Target[];
  seconds: number;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));

export function markdown(r: Report): string {
  const lines: string[] = [];
  const find = (key: string | undefined) => r.load.find((l) => keyOf(l.subject, l.request) === key);
  lines.push('# Benchmark report', '');
  const during = r.machine.loadAverageDuringRounds ? `, 1-minute load average during the rounds ${r.machine.loadAverageDuringRounds.map((l) => l.toFixed(2)).join('–')}` : '';
  lines.push(`${r.generatedAt} · \`${r.command}\` · ${r.machine.gitHead ?? ''} · Node ${r.machine.node} · ${r.machine.cores} cores · load average (1, 5, 15 min) before ${r.machine.loadAverageBefore.map((l) => l.toFixed(2)).join(' ')}, after ${r.machine.loadAverageAfter.map((l) => l.toFixed(2)).join(' ')}${during}`, '');
  lines.push(
    `${r.settings.loadGenerator}, ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up, then ${r.settings.rounds} interleaved rounds of ${r.settings.durationSeconds} s per subject; each figure is the median of its rounds, each ratio the median of the ratios of the rounds (both sides of a ratio measured in the same round). ` +
      `"× its floor": against the floor doing the same work on the same stack (bench/README.md), or for another build (\`--compare\`) against this one. CPU µs per request: the subject's user + system time during a round over its answers (/proc), median of the rounds; of it, the main thread's, where the JavaScript runs. Server: ${r.settings.server}.`,
    '',
  );
  lines.push('| subject | request | req/s | p50 ms | p99 ms | CPU µs per request | of it, main thread | × its floor | against | req/s of each round |', '|---|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const l of r.load) {
    const base = find(r.against[keyOf(l.subject, l.request)]);
    if (!l.measured) lines.push(`| ${l.subject} | ${l.request} | not measured: ${l.reason} | | | | | | | |`);
    else lines.push(`| ${l.subject} | ${l.request} | ${l.reqPerSec} | ${fmt(l.p50Ms)} | ${fmt(l.p99Ms)} | ${fmt(l.cpuUsPerRequest)} | ${fmt(l.mainThreadUsPerRequest)} | ${fmt(pairedRatio(l, base), 2)} | ${base ? `${base.subject}, ${base.request}` : ''} | ${l.rounds?.join(', ')} |`);
  }
  lines.push('', 'Dry-run rows measure a send that delivers nothing and stores nothing (a partner\'s test of a request): they are kept for comparison with earlier reports, not as what partners\' sends cost.');
  if (r.spread !== undefined) {
    lines.push('', `"${SUBJECTS.control}": the dry-run floor started again. Two processes of identical code measured ${fmt(1 + r.spread, 2)} or ${fmt(1 - r.spread, 2)} × each other in this run (paired median): every ratio of one process to another carries a spread of ±${fmt(r.spread, 2)}, and a ratio target holds only when it clears its target by that much.`);
  }
  if (r.openLoop.length > 0) {
    lines.push('', `Open loop: the delivered send offered at a fixed arrival rate, a share of what the subject answered closed-loop in this run (requests started on schedule whether or not earlier ones answered; latency from each request's scheduled start), ${r.settings.warmupSeconds} s warm-up then ${r.settings.rounds} interleaved rounds of ${r.settings.durationSeconds} s per share; percentiles are the median of the rounds, errors and non-2xx their sum:`, '');
    lines.push('| subject | share of capacity | req/s offered | p50 ms | p99 ms | p99.9 ms | max ms | requests | errors | non-2xx | p99 of each round |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const o of r.openLoop) {
      if (!o.measured) lines.push(`| ${o.subject} | ${Math.round(o.share * 100)} % | not measured: ${o.reason} | | | | | | | | |`);
      else lines.push(`| ${o.subject} | ${Math.round(o.share * 100)} % | ${o.rate} | ${fmt(o.p50Ms, 2)} | ${fmt(o.p99Ms, 2)} | ${fmt(o.p999Ms, 2)} | ${fmt(o.maxMs, 1)} | ${o.sent} | ${o.errors} | ${o.non2xx} | ${o.roundsP99!.join(', ')} |`);
    }
  }
  for (const p of r.profiles) {
    lines.push('', `Where the time of ${p.request} goes: a server of its own with a V8 CPU profile, under the closed-loop load of this request alone for ${r.settings.durationSeconds} s after the warm-up; self time of the load's samples only, as a share of the time the process was busy (idle left out)${p.file ? `; the profile is \`${p.file}\` (Chrome DevTools, Performance)` : ''}.`, '');
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
  for (const s of r.scalars) lines.push(`| ${s.name} | ${s.measured ? `${s.value} ${s.unit}` : `not measured: ${s.reason}`}${s.detail ? ` <br>${JSON.stringify(s.detail).replace(/\|/g, '/')}` : ''} |`);
  lines.push('', '| target | verdict | figure |', '|---|---|---|');
  for (const t of r.targets) lines.push(`| ${t.rule} | ${t.verdict} | ${t.figure} |`);
  return `${lines.join('\n')}\n`;
}
