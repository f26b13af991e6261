// The report's verdicts. A ratio of one process to another carries the spread two processes of identical code
// show on this machine in this run (the floor's second process against the first, the control): a ratio
// "holds" only when it clears its target by that spread, "misses" only when it falls short by more than it,
// and is "within noise" between the two. A bound on an absolute figure (a p99, a cold start) holds or misses.
import { pairedRatio, type LoadFigure } from './closed-loop';

export type Verdict = 'holds' | 'within noise' | 'misses' | 'not measured';

export interface Target {
  rule: string;
  verdict: Verdict;
  figure: string;
}

const fmt = (n: number) => n.toFixed(2);

/** The spread of the run: how far from 1 the control's paired ratio to the floor is (undefined when either is unmeasured). */
export function spreadOf(control: LoadFigure | undefined, floor: LoadFigure | undefined): number | undefined {
  const ratio = pairedRatio(control, floor);
  return ratio === undefined ? undefined : Math.abs(ratio - 1);
}

/** `figure` against `base`, to reach `factor` of it, judged by the run's `spread`. */
export function ratioTarget(rule: string, figure: LoadFigure | undefined, base: LoadFigure | undefined, baseName: string, factor: number, spread: number | undefined): Target {
  if (!figure?.measured) return { rule, verdict: 'not measured', figure: `not measured: ${figure?.reason ?? 'not run'}` };
  const paired = pairedRatio(figure, base);
  if (paired === undefined) return { rule, verdict: 'not measured', figure: `${baseName}: not measured${base?.reason ? ` (${base.reason})` : ''}` };
  const rounds = figure.rounds!.map((r, i) => fmt(r / base!.rounds![i]!)).join(', ');
  const detail = `${paired} × (rounds ${rounds}; medians ${figure.reqPerSec} vs ${baseName} ${base!.reqPerSec} req/s)`;
  if (spread === undefined) return { rule, verdict: 'within noise', figure: `${detail}; the control was not measured, so no ratio can be told from noise` };
  const verdict: Verdict = paired >= factor + spread ? 'holds' : paired < factor - spread ? 'misses' : 'within noise';
  return { rule, verdict, figure: `${detail}; spread of two identical processes in this run ±${fmt(spread)}: holds from ${fmt(factor + spread)}, misses below ${fmt(factor - spread)}` };
}

/** A bound on an absolute figure: holds or misses (null: not measured, with `figure` saying why). */
export function boundTarget(rule: string, holds: boolean | null, figure: string): Target {
  return { rule, verdict: holds === null ? 'not measured' : holds ? 'holds' : 'misses', figure };
}
