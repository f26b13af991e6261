// One probe of the generated phase sent: a fast-check run of one request drawn from the probe's arbitrary,
// fitted to the run's world, its answer judged (./judge.ts) and held to openapi.yaml by the checked
// transport. The first send of every probe goes without shrinking (breadth first); a probe that found
// something is run again with the same seed later, and fast-check shrinks its request to the smallest that
// still breaks the same rule.
import fc from 'fast-check';
import type { Operation } from '../../spec';
import type { Exchange } from '../harness';
import { agreeing, describeProbe, type Probe } from '../generation/probes';
import type { GeneratedRequest, RequestContext, RequestParts } from '../generation/request-parts';
import { requestOf } from '../generation/requests';
import { fitToWorld, unsendable, type PhaseWorld } from './fit';
import { judgeAnswer, type Problem } from './judge';

/** Requests spent shrinking one finding at most. */
const MAX_SHRINK_REQUESTS = 40;

/** A finding of the phase: the rule, the request that showed it (shrunk for the first rule of a probe) and its answer. */
export interface Finding {
  problem: Problem;
  request: GeneratedRequest;
  answer: string;
}

/** A probe ready to run: its fitted arbitrary, or why it cannot be sent. */
export interface Ready {
  probe: Probe;
  arb?: fc.Arbitrary<RequestParts>;
  /** Why the probe cannot be sent at all. */
  why?: string;
  /** Whether that is by design (no such request may be sent, or none exists): such a probe is not counted as one of the contract's. */
  excluded?: boolean;
  found?: Finding[];
  /** Whether the found request is the smallest fast-check shrank it to. */
  shrunk?: boolean;
  sent: boolean;
  /** Time spent on it. */
  ms: number;
}

/** The probe's parts fitted to the world, kept when the contract agrees with the probe's kind. */
export function ready(probe: Probe, world: PhaseWorld, seed: number): Ready {
  const op = probe.operation;
  const why = unsendable(op, probe);
  if (why) return { probe, why, excluded: true, sent: false, ms: 0 };
  const fitted = fc.tuple(probe.arb, fc.nat()).map(([parts, choice]) => fitToWorld(op, parts, probe, choice, world));
  const arb = agreeing(op, probe.kind, fitted, seed);
  if (arb) return { probe, arb, sent: false, ms: 0 };
  if (probe.kind === 'valid') return { probe, why: 'no drawn value stays valid once fitted to the fixtures', sent: false, ms: 0 };
  return { probe, why: 'no drawn value is invalid (another branch of the schema accepts it): no such request exists', excluded: true, sent: false, ms: 0 };
}

/** The problems of one exchange: the probe's rules and every way the answer breaks openapi.yaml. */
function problemsOf(op: Operation, probe: Probe, e: Exchange, parts: RequestParts): Problem[] {
  const shape = e.violations.map((v) => ({
    rule: `${v.field.replace(/\/\d+(?=\/|$)/g, '/*')}: ${v.message}`,
    where: `${v.operation} ${v.status}`,
    seen: v.value ?? '',
  }));
  return [...judgeAnswer(op, probe, { status: e.status, errorCode: e.errorCode, json: e.json }, parts), ...shape];
}

/** What running a probe needs of the phase. */
export interface ProbeSender {
  ctx: RequestContext;
  send(r: GeneratedRequest): Promise<Exchange | { noAnswer: string } | undefined>;
  /** Called with every answer (what it made, what it told the coverage). */
  answered(op: Operation, probe: Probe, e: Exchange): void;
}

/** Thrown by a probe's property when the target broke the rule it is looking for. */
class Found extends Error {}

/**
 * Runs one probe once: a fast-check run of one request. With `shrink`, a request that breaks a rule is shrunk
 * to the smallest that still breaks it (at most MAX_SHRINK_REQUESTS more requests).
 */
export async function runProbe(phase: ProbeSender, r: Ready, seed: number, shrink: boolean): Promise<void> {
  const op = r.probe.operation;
  let locked: string | undefined;
  let shrinkSends = 0;
  let first: Finding[] | undefined;
  let smallest: Finding | undefined;
  let crash: unknown;
  const once = async (parts: RequestParts) => {
    const request = requestOf(phase.ctx, op, parts, r.probe.kind, describeProbe(r.probe));
    const e = await phase.send(request);
    if (!e) return;
    r.sent = true;
    if ('noAnswer' in e) {
      const problem = { rule: `no answer: ${op.operationId} (${describeProbe(r.probe)}) got no HTTP answer`, where: op.operationId, seen: e.noAnswer };
      if (locked === undefined) [locked, first] = [problem.rule, [{ problem, request, answer: e.noAnswer }]];
      if (problem.rule !== locked) return;
      smallest = { problem, request, answer: e.noAnswer };
      throw new Found(locked);
    }
    phase.answered(op, r.probe, e);
    const problems = problemsOf(op, r.probe, e, parts);
    const answer = `${e.status}${e.errorCode ? ` ${e.errorCode}` : ''} ${JSON.stringify(e.json ?? null).slice(0, 300)}`;
    const relevant = locked === undefined ? problems : problems.filter((p) => p.rule === locked);
    if (relevant.length === 0) return;
    if (locked === undefined) {
      locked = relevant[0]!.rule;
      first = problems.map((problem) => ({ problem, request, answer }));
    }
    smallest = { problem: relevant[0]!, request, answer };
    throw new Found(locked);
  };
  const property = fc.asyncProperty(r.arb!, async (parts) => {
    if (crash !== undefined || (locked !== undefined && ++shrinkSends > MAX_SHRINK_REQUESTS)) return;
    try {
      await once(parts);
    } catch (error) {
      if (error instanceof Found) throw error;
      // A fault of the check itself, not of the target: no shrinking, no more requests.
      crash = error;
    }
  });
  const details = await fc.check(property, { numRuns: 1, seed, endOnFailure: !shrink });
  if (crash !== undefined) throw crash;
  if (details.failed && first) {
    r.found = first.map((f) => (f.problem.rule === locked && smallest ? smallest : f));
    r.shrunk = shrink;
  }
}
