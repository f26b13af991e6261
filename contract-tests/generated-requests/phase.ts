// The generated phase of the drift check: requests drawn from openapi.yaml by the generator the fuzzer uses
// (../generation/), every boundary the contract states sent valid (probes of kind `valid`) and one step past
// it (kind `invalid`), fitted to the run's fixtures (./fit.ts), each answer judged (./judge.ts) and held to
// openapi.yaml by the checked transport (./probe-run.ts). Breadth first: every probe is sent once, valid and
// invalid of every operation interleaved, before any is shrunk or sent again; then the requests that broke a
// rule are shrunk to the smallest that still breaks it and reported with a curl command; then later rounds draw
// other values while the keys' windows have room. The requests go out paced by the keys' rate-limit windows
// (./sender.ts) within a number of requests and a time budget; what the phase made is deleted at its end
// (./own-templates.ts). Reproducible with its seed; it only ever sends to the target.
import fc from 'fast-check';
import { contract } from '../../spec';
import { CheckedTransport, runKeys, type Occurrence, type RunState } from '../harness';
import type { Coverage } from '../coverage';
import { fileOf } from '../generation/multipart';
import { describeProbe, probesOf, type Probe } from '../generation/probes';
import type { RunningTarget } from '../targets';
import { curlOf } from './curl';
import type { PhaseWorld } from './fit';
import { OwnTemplates } from './own-templates';
import { ready, runProbe, type ProbeSender, type Ready } from './probe-run';
import { Sender, type StopReason } from './sender';

export interface GeneratedPhaseOptions {
  /** The seed of every draw (the same seed and fixtures send the same requests in the same order). */
  seed: number;
  /** At most this many requests (shrinking included; the phase's own setting up and cleaning up not); 0 skips the phase. */
  maxRequests: number;
  /** At most this long, in milliseconds (waits for a window and shrinking included; the clean-up after it not). */
  budgetMs: number;
  /** Only the probes of these operations (all when absent), and of those only the ones `select` keeps: for the drift harness. */
  operations?: string[];
  select?: (probe: Probe) => boolean;
}

/**
 * Defaults under which a run with one key of 600 requests a minute sends every probe of the contract (about
 * 850, over two or three windows after the cases) well within the budget, and a full run stays under five
 * minutes (docs/contract-testing-in-ci.md gives the measured times).
 */
export const GENERATED_DEFAULTS = { maxRequests: 1500, budgetSeconds: 180 };

/** Probes sent and probes in the contract, of one operation and kind. */
export interface ProbeCoverage {
  operation: string;
  kind: Probe['kind'];
  sent: number;
  total: number;
}

export interface GeneratedPhaseStats {
  seed: number;
  maxRequests: number;
  budgetMs: number;
  sent: number;
  sentValid: number;
  sentInvalid: number;
  /** The contract's probes (those no request exists for, or that may not be sent, are not counted). */
  probes: { valid: number; invalid: number };
  /** Probes whose request reached the target at least once. */
  probesSent: number;
  /** Per operation and kind. */
  coverage: ProbeCoverage[];
  /** The contract's probes that were not sent, with why. */
  notSent: { probe: string; why: string }[];
  /** Probes not counted: no request exists for them, or the check may not send it. */
  excluded: { probe: string; why: string }[];
  /** Full rounds over every probe (the first one is the breadth). */
  rounds: number;
  /** `done`: every probe was sent, and the later rounds ended (see `note`). */
  stoppedBy: StopReason | 'done';
  note?: string;
  /** Requests per key (the main one first), and the waits for a window. */
  perKey: number[];
  waits: number;
  waitedMs: number;
  /** Valid edits sent to a template the phase made: how many were accepted, and how many met a state that refuses edits (409); the rest were refused for what they refer to (a media handle, a URL). */
  validEdits: { sent: number; accepted: number; conflicts: number };
  created: number;
  cleanedUp: number;
  cleanupFailures: string[];
  durationMs: number;
}

/** A case of the phase as the runner reports it. */
export interface GeneratedCase {
  operation: string;
  name: string;
  outcome: 'passed' | 'failed';
  occurrences: Occurrence[];
  durationMs: number;
}

export interface GeneratedPhaseResult {
  results: GeneratedCase[];
  stats: GeneratedPhaseStats;
}

/** The case a probe's findings are reported under: one per operation and kind. */
export const generatedCaseName = (operationId: string, kind: Probe['kind']) =>
  kind === 'valid'
    ? `generated valid requests of ${operationId} at every boundary of the contract are answered with a success or a documented refusal`
    : `generated requests of ${operationId} breaking one constraint are refused with 400 naming the field`;

/** A run-unique token of lowercase letters and digits. */
const runToken = () => `${Date.now().toString(36)}${process.pid.toString(36)}`.slice(-10);

/** Small files of the types the uploads accept, by template media format. */
function supportedFiles(): PhaseWorld['files'] {
  const filler = new Uint8Array(64).fill(0x2a);
  return { IMAGE: fileOf('image/png', filler, 'generated'), VIDEO: fileOf('video/mp4', filler, 'generated'), DOCUMENT: fileOf('application/pdf', filler, 'generated') };
}

/**
 * Whether a valid edit goes to a template of the phase's own making: it names the template by what it was
 * given (a probe pinning the template's name, reference, client or language follows its own value instead).
 */
const editsOwnTemplate = (p: Probe) =>
  p.operation.operationId === 'updateTemplate' && p.kind === 'valid' && (!['template_ref', 'client_ref', 'name', 'language'].includes(p.field.split('.')[0]!) || p.what.startsWith('left out'));

/**
 * Probes of every operation, interleaved (an operation's probes spread over the run, so a budget cuts them all
 * alike), each operation's in an order of the seed's (so runs with other seeds reach other probes first).
 */
function interleaved(groups: Probe[][], seed: number): Probe[] {
  let state = seed >>> 0;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const shuffled = groups.map((g) => {
    const copy = [...g];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  });
  const out: Probe[] = [];
  for (let i = 0; shuffled.some((g) => i < g.length); i++) for (const g of shuffled) if (i < g.length) out.push(g[i]!);
  return out;
}

/** Requests left in the keys' windows for the clean-up beyond one per template: the list that checks it, and a valid creation or two still to come. */
const CLEAN_UP_MARGIN = 5;

/** Derives the seed of one probe's run in one round from the phase's seed. */
const seedOf = (seed: number, index: number, round: number) => (Math.imul(seed ^ 0x9e3779b9, 31) + index * 7919 + round * 104729) | 0;

class Phase implements ProbeSender {
  readonly world: PhaseWorld;
  readonly ctx: ProbeSender['ctx'];
  readonly sender: Sender;
  readonly templates: OwnTemplates;
  sentValid = 0;
  sentInvalid = 0;
  validEdits = { sent: 0, accepted: 0, conflicts: 0 };
  /** Whether the probe being run is sent for the first time. */
  firstSend = true;
  /** When the budget ends (by the run's clock). */
  readonly deadline: number;
  /** The template each valid edit went to on its first send: shrinking its finding edits the same one. */
  private readonly editedBy = new Map<Ready, PhaseWorld['editing']>();

  constructor(
    readonly target: RunningTarget,
    readonly coverage: Coverage,
    run: RunState,
    opts: GeneratedPhaseOptions,
  ) {
    const fx = target.fixtures;
    const transport = new CheckedTransport(target.baseUrl, coverage, run);
    this.deadline = run.windows.clock.now() + opts.budgetMs;
    this.sender = new Sender(transport, target.baseUrl, runKeys(fx), run.windows, { maxRequests: opts.maxRequests, deadline: this.deadline });
    this.world = {
      chatClientRef: fx.chatClientRef,
      socialClientRef: fx.socialClientRef,
      approved: fx.approvedTemplate ? { ref: fx.approvedTemplate.ref, language: fx.approvedTemplate.language } : undefined,
      inboundMediaId: fx.inboundMediaId,
      recipient: fx.testRecipient,
      token: runToken(),
      files: supportedFiles(),
      mayCreate: true,
    };
    const files = Object.values(this.world.files);
    this.ctx = {
      key: fx.apiKey,
      noScopeKey: fx.restrictedKey ?? fx.apiKey,
      clientRefs: [fx.chatClientRef, fx.socialClientRef].filter((c): c is string => c !== undefined),
      urlHost: new URL(target.baseUrl).host,
      files: fc.constantFrom(...files),
    };
    const webhooks = fx.webhooks;
    this.templates = new OwnTemplates(this.world, fx.apiKey, (r) => this.sender.send(r, true), run.windows.clock, webhooks ? () => webhooks.deliveries : undefined);
  }

  send: ProbeSender['send'] = async (r) => {
    const body = r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : new Uint8Array(r.body);
    const e = await this.sender.send({ path: r.path, method: r.method, headers: r.headers, body });
    if (e) {
      if (r.kind === 'valid') this.sentValid++;
      else this.sentInvalid++;
    }
    return e;
  };

  answered: ProbeSender['answered'] = (op, probe, e) => {
    this.templates.remember(op, e, this.firstSend);
    if (probe.kind === 'invalid') this.coverage.recordInvalidAnswer(op.operationId, e.status);
    if (this.world.editing && this.firstSend && op.operationId === 'updateTemplate' && probe.kind === 'valid') {
      this.validEdits.sent++;
      if (e.status >= 200 && e.status < 300) this.validEdits.accepted++;
      else if (e.status === 409) this.validEdits.conflicts++;
    }
  };

  /** Runs a probe, timing it; with `firstSend`, its valid creation makes a template and its valid edit takes one of the phase's. */
  async runProbe(r: Ready, seed: number, opts: { firstSend: boolean; shrink: boolean }): Promise<void> {
    this.firstSend = opts.firstSend;
    this.templates.setCreating(opts.firstSend);
    this.world.editing = this.editedBy.get(r);
    if (editsOwnTemplate(r.probe) && opts.firstSend && this.templates.takeEditable()) this.editedBy.set(r, this.world.editing);
    const started = Date.now();
    await runProbe(this, r, seed, opts.shrink);
    r.ms += Date.now() - started;
  }
}

/**
 * Sends every probe once, in order. A valid edit that finds none of the phase's templates out of review yet goes
 * once to the end of the queue; met again, it waits for the oldest one to be (6 s at most), then goes to
 * whatever is there.
 */
async function breadth(phase: Phase, readies: Ready[], seed: number): Promise<void> {
  const queue = readies.map((r, i) => ({ r, i })).filter(({ r }) => r.arb);
  const deferred = new Set<Ready>();
  while (queue.length && !phase.sender.over) {
    const { r, i } = queue.shift()!;
    if (editsOwnTemplate(r.probe) && !phase.templates.hasEditable()) {
      if (!deferred.has(r)) {
        deferred.add(r);
        queue.push({ r, i });
        continue;
      }
      await phase.templates.untilEditable(phase.deadline);
    }
    await phase.runProbe(r, seedOf(seed, i, 0), { firstSend: true, shrink: false });
  }
}

/** The phase's findings as case results: one per operation and kind that sent a request. */
function resultsOf(readies: Ready[], phase: Phase): GeneratedCase[] {
  const results: GeneratedCase[] = [];
  for (const op of contract().operations) {
    for (const kind of ['valid', 'invalid'] as const) {
      const mine = readies.filter((r) => r.probe.operation === op && r.probe.kind === kind);
      if (!mine.some((r) => r.sent)) continue;
      const occurrences: Occurrence[] = mine.flatMap((r) =>
        (r.found ?? []).map((f) => ({ rule: f.problem.rule, where: f.problem.where, example: `${curlOf(f.request, phase.target.baseUrl, phase.target.fixtures.apiKey)}  → ${f.answer}` })),
      );
      const durationMs = mine.reduce((sum, r) => sum + r.ms, 0);
      results.push({ operation: op.operationId, name: generatedCaseName(op.operationId, kind), outcome: occurrences.length ? 'failed' : 'passed', occurrences, durationMs });
    }
  }
  return results;
}

export const CLEAN_UP_CASE = 'every template the generated phase made and deleted is gone: no list carries it afterwards';

/** The phase's clean-up as a case: a template it deleted that a list still carries is used after delete (section 3). */
function cleanUpResult(stillListed: string[]): GeneratedCase {
  const rule = 'use after delete: a template the generated phase deleted is still listed — section 3, DELETE /templates/{template_ref}: the template is removed';
  return { operation: 'deleteTemplate', name: CLEAN_UP_CASE, outcome: stillListed.length ? 'failed' : 'passed', occurrences: stillListed.map((example) => ({ rule, where: 'listTemplates 200', example })), durationMs: 0 };
}

/** Probes sent of the contract's, per operation and kind. */
function coverageOf(counted: Ready[]): ProbeCoverage[] {
  const out: ProbeCoverage[] = [];
  for (const op of contract().operations) {
    for (const kind of ['valid', 'invalid'] as const) {
      const mine = counted.filter((r) => r.probe.operation === op && r.probe.kind === kind);
      if (mine.length) out.push({ operation: op.operationId, kind, sent: mine.filter((r) => r.sent).length, total: mine.length });
    }
  }
  return out;
}

const named = (r: Ready) => `${r.probe.operation.operationId} ${r.probe.kind} ${describeProbe(r.probe)}`;

export async function runGeneratedPhase(target: RunningTarget, coverage: Coverage, run: RunState, opts: GeneratedPhaseOptions): Promise<GeneratedPhaseResult> {
  const clock = run.windows.clock;
  const started = clock.now();
  const waitsBefore = { waits: run.windows.waits, ms: run.windows.waitedMs };
  const phase = new Phase(target, coverage, run, opts);
  if (opts.maxRequests > 0) await phase.templates.prepare();
  const operations = contract().operations.filter((op) => !opts.operations || opts.operations.includes(op.operationId));
  const groups = operations.flatMap((op) => [probesOf(phase.ctx, op, 'valid'), probesOf(phase.ctx, op, 'invalid')].map((g) => g.filter((p) => opts.select?.(p) ?? true)));
  const probes = interleaved(groups, opts.seed);
  const readies = probes.map((p, i) => ready(p, phase.world, seedOf(opts.seed, i, -1)));
  const sender = phase.sender;
  let rounds = 0;
  let note: string | undefined;
  if (opts.maxRequests > 0) {
    await breadth(phase, readies, opts.seed);
    if (!sender.over) rounds = 1;
    // The findings of the breadth, shrunk to their smallest request (the same first draw, then fast-check's shrinking).
    for (const [i, r] of readies.entries()) if (r.found && !r.shrunk && !sender.over) await phase.runProbe(r, seedOf(opts.seed, i, 0), { firstSend: false, shrink: true });
    // Later rounds draw other values while the keys' windows have room now, beyond what the clean-up needs:
    // depth never waits for a window, nor leaves the clean-up waiting for one.
    for (let round = 1; !sender.over && !note; round++) {
      for (const [i, r] of readies.entries()) {
        if (sender.over) break;
        if (!sender.roomFor(phase.templates.count + CLEAN_UP_MARGIN)) {
          note = "the later rounds went on while the keys' windows had room (they never wait for a window)";
          break;
        }
        if (r.arb && !r.found) await phase.runProbe(r, seedOf(opts.seed, i, round), { firstSend: false, shrink: true });
      }
      if (sender.over || note) break;
      rounds++;
      if (readies.every((r) => !r.arb || r.found)) note = 'every probe found something or cannot be sent: another round sends nothing new';
    }
  }
  const { cleanedUp, failures, stillListed } = await phase.templates.cleanUp();
  const counted = readies.filter((r) => !r.excluded);
  return {
    results: [...resultsOf(readies, phase), ...(phase.templates.count ? [cleanUpResult(stillListed)] : [])],
    stats: {
      seed: opts.seed,
      maxRequests: opts.maxRequests,
      budgetMs: opts.budgetMs,
      sent: sender.sent,
      sentValid: phase.sentValid,
      sentInvalid: phase.sentInvalid,
      probes: { valid: counted.filter((r) => r.probe.kind === 'valid').length, invalid: counted.filter((r) => r.probe.kind === 'invalid').length },
      probesSent: counted.filter((r) => r.sent).length,
      coverage: coverageOf(counted),
      notSent: counted.filter((r) => !r.sent).map((r) => ({ probe: named(r), why: r.why ?? (opts.maxRequests > 0 ? `not reached: ${stopWhy(sender.stoppedBy)}` : 'the phase was skipped (--max-requests 0)') })),
      excluded: readies.filter((r) => r.excluded).map((r) => ({ probe: named(r), why: r.why! })),
      rounds,
      stoppedBy: sender.stoppedBy ?? 'done',
      note: sender.note ?? note,
      perKey: sender.perKey,
      waits: run.windows.waits - waitsBefore.waits,
      waitedMs: run.windows.waitedMs - waitsBefore.ms,
      validEdits: phase.validEdits,
      created: phase.templates.count,
      cleanedUp,
      cleanupFailures: failures,
      durationMs: clock.now() - started,
    },
  };
}

const stopWhy = (reason: StopReason | undefined) =>
  ({ 'max-requests': 'the phase stopped at --max-requests', budget: 'the phase stopped at its budget', 'rate-limit': "the keys' next window opens after the budget" })[reason ?? 'budget'];
