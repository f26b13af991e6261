// The generated phase of the drift check: requests drawn from openapi.yaml by the generator the fuzzer uses
// (../generation/), every boundary the contract states sent valid (probes of kind `valid`) and one step past
// it (kind `invalid`), fitted to the run's fixtures (./fit.ts), each answer judged (./judge.ts) and held to
// openapi.yaml by the checked transport. A request that breaks a rule is shrunk by fast-check to the smallest
// that still breaks it and reported with a curl command. Bounded by a number of requests and a time budget;
// reproducible with its seed; it only ever sends to the target.
import fc from 'fast-check';
import { contract, type Operation } from '../../spec';
import { CheckedTransport, type Exchange, type Occurrence, type RunState } from '../harness';
import type { Coverage } from '../coverage';
import { agreeing, fileOf, probesOf, requestOf, describeProbe, type GeneratedRequest, type Probe, type RequestContext, type RequestParts } from '../generation/requests';
import type { RunningTarget } from '../targets';
import { curlOf } from './curl';
import { fitToWorld, uniqueName, unsendable, type PhaseWorld, type TemplateHandle } from './fit';
import { judgeAnswer, type Problem } from './judge';
import { failureCause } from '../../client/request-failure';

export interface GeneratedPhaseOptions {
  /** The seed of every draw (the same seed and fixtures send the same requests in the same order). */
  seed: number;
  /** At most this many requests (shrinking included); 0 skips the phase. */
  maxRequests: number;
  /** At most this long, in milliseconds (shrinking included; the clean-up after it is not). */
  budgetMs: number;
  /** Only the probes of these operations (all when absent), and of those only the ones `select` keeps: for the drift harness. */
  operations?: string[];
  select?: (probe: Probe) => boolean;
}

/** Defaults that keep a full run against the reference server well under 2 minutes on 2 cores. */
export const GENERATED_DEFAULTS = { maxRequests: 1500, budgetSeconds: 25 };

/** Templates the phase creates at most per run (each deleted at its end); later valid creations go to the social client (refused, nothing made). */
export const MAX_CREATED_TEMPLATES = 40;
/** Requests spent shrinking one finding at most. */
const MAX_SHRINK_REQUESTS = 40;
/**
 * The share of a key's window the phase leaves untouched: half, so a run with the phase leaves the next run
 * on the same key (CI reruns, a second job) as much of the window as the cases alone would.
 */
const WINDOW_RESERVE = 0.5;

export interface GeneratedPhaseStats {
  seed: number;
  maxRequests: number;
  budgetMs: number;
  sent: number;
  sentValid: number;
  sentInvalid: number;
  probes: { valid: number; invalid: number };
  /** Probes whose every request reached the target at least once. */
  probesSent: number;
  /** Full passes over every probe. */
  rounds: number;
  /** Probes that could not be sent, with why (a live send, no value the contract accepts after fitting). */
  unsent: { probe: string; why: string }[];
  stoppedBy: 'max-requests' | 'budget' | 'rate-limit' | 'done';
  rateLimitNote?: string;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A run-unique token of lowercase letters and digits. */
const runToken = () => `${Date.now().toString(36)}${process.pid.toString(36)}`.slice(-10);

/** Small files of the types the uploads accept, by template media format. */
function supportedFiles(): PhaseWorld['files'] {
  const filler = new Uint8Array(64).fill(0x2a);
  return { IMAGE: fileOf('image/png', filler, 'generated'), VIDEO: fileOf('video/mp4', filler, 'generated'), DOCUMENT: fileOf('application/pdf', filler, 'generated') };
}

/** A finding of the phase: the rule, the request that showed it (shrunk for the first rule of a probe) and its answer. */
interface Finding {
  problem: Problem;
  request: GeneratedRequest;
  answer: string;
}

/** Thrown by a probe's property when the target broke the rule it is shrinking for. */
class Found extends Error {}

class Phase {
  readonly transport: CheckedTransport;
  readonly world: PhaseWorld;
  readonly ctx: RequestContext;
  readonly deadline: number;
  sent = 0;
  sentValid = 0;
  sentInvalid = 0;
  stoppedBy: GeneratedPhaseStats['stoppedBy'] = 'done';
  rateLimitNote: string | undefined;
  readonly created: (TemplateHandle & { id?: string })[] = [];

  constructor(
    readonly target: RunningTarget,
    readonly coverage: Coverage,
    run: RunState,
    readonly opts: GeneratedPhaseOptions,
  ) {
    this.transport = new CheckedTransport(target.baseUrl, coverage, run);
    const fx = target.fixtures;
    this.world = {
      chatClientRef: fx.chatClientRef,
      socialClientRef: fx.socialClientRef,
      approved: fx.approvedTemplate ? { ref: fx.approvedTemplate.ref, language: fx.approvedTemplate.language } : undefined,
      inboundMediaId: fx.inboundMediaId,
      token: runToken(),
      files: supportedFiles(),
      creationsLeft: MAX_CREATED_TEMPLATES,
    };
    const files = Object.values(this.world.files);
    this.ctx = {
      key: fx.apiKey,
      noScopeKey: fx.restrictedKey ?? fx.apiKey,
      clientRefs: [fx.chatClientRef, fx.socialClientRef].filter((c): c is string => c !== undefined),
      urlHost: new URL(target.baseUrl).host,
      files: fc.constantFrom(...files),
    };
    this.deadline = Date.now() + opts.budgetMs;
  }

  get exhausted(): boolean {
    if (this.stoppedBy !== 'done') return true;
    if (this.sent >= this.opts.maxRequests) this.stoppedBy = 'max-requests';
    else if (Date.now() >= this.deadline) this.stoppedBy = 'budget';
    return this.stoppedBy !== 'done';
  }

  /** Sends a generated request; a 429 is waited out once when the budget allows. Undefined when the phase is over. */
  async send(r: GeneratedRequest): Promise<Exchange | { noAnswer: string } | undefined> {
    let waited = false;
    for (;;) {
      if (this.exhausted) return undefined;
      this.sent++;
      if (r.kind === 'valid') this.sentValid++;
      else this.sentInvalid++;
      const body = r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : new Uint8Array(r.body);
      let exchange: Exchange;
      try {
        exchange = await this.exchange(r.path, { method: r.method, headers: r.headers, body });
      } catch (error) {
        return { noAnswer: failureCause(error) };
      }
      this.keepWindowReserve(exchange);
      if (exchange.status !== 429) return exchange;
      const wait = Number(exchange.headers.get('retry-after') ?? 1) * 1000;
      if (waited || Date.now() + wait >= this.deadline) {
        this.stoppedBy = 'rate-limit';
        this.rateLimitNote = `a 429 (Retry-After ${exchange.headers.get('retry-after') ?? 'missing'}) the budget could not wait out`;
        return undefined;
      }
      waited = true;
      await sleep(wait);
    }
  }

  /** Stops the phase when it would take the key's window below its reserve. */
  private keepWindowReserve(e: Exchange): void {
    const limit = Number(e.headers.get('x-ratelimit-limit'));
    const remaining = Number(e.headers.get('x-ratelimit-remaining'));
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0 || e.headers.get('x-ratelimit-remaining') === null) return;
    if (remaining <= Math.ceil(limit * WINDOW_RESERVE) && this.stoppedBy === 'done') {
      this.stoppedBy = 'rate-limit';
      this.rateLimitNote = `X-RateLimit-Remaining fell to ${remaining} of ${limit}: the phase leaves half of the key's window`;
    }
  }

  /**
   * One request through the checked transport. A connection the target closed before it answered is tried once
   * more (a kept-alive connection it had just dropped); a second failure is thrown.
   */
  private async exchange(path: string, init: RequestInit): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.transport.fetch(`${this.target.baseUrl}${path}`, init);
        await response.arrayBuffer();
        return this.transport.exchanges.at(-1)!;
      } catch (error) {
        if (attempt > 0) throw error;
      }
    }
  }

  /** A plain request of the phase's own (setting up and cleaning up), outside the probes. */
  async call(method: string, path: string, body?: unknown, form?: FormData): Promise<Exchange> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.target.fixtures.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.exchange(path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  }

  /** What the phase's requests may refer to beyond the fixtures: the approved template's placeholders, two templates of its own, a header media handle. */
  async prepare(): Promise<void> {
    const chat = this.world.chatClientRef;
    if (!chat) return;
    const approved = this.world.approved;
    if (approved) {
      const query = new URLSearchParams({ client_ref: chat, ...(approved.language ? { language: approved.language } : {}) });
      const e = await this.call('GET', `/templates/${encodeURIComponent(approved.ref)}?${query}`);
      const t = e.json as { name?: string; language?: string; variables?: { body?: unknown[] } } | undefined;
      if (e.status === 200 && t) this.world.approved = { ...approved, language: approved.language ?? t.language, placeholders: t.variables?.body?.length };
    }
    for (const role of ['own', 'doomed'] as const) {
      const name = uniqueName('x'.repeat(40), this.world.token, 0) as string;
      const e = await this.call('POST', '/templates', { client_ref: chat, name: `${name}_${role}`, language: 'en_US', category: 'UTILITY', body: { text: 'Hello {{1}}.', examples: ['Anna'] } });
      const t = e.json as { id?: string | null; name?: string; language?: string } | undefined;
      if (e.status === 201 && t?.name) {
        const handle = { name: t.name, language: t.language ?? 'en_US' };
        this.created.push({ ...handle, id: t.id ?? undefined });
        this.world[role] = handle;
      }
    }
    const form = new FormData();
    form.append('client_ref', chat);
    form.append('file', new Blob([new Uint8Array(this.world.files.IMAGE.bytes)], { type: 'image/png' }), 'generated.png');
    form.append('format', 'IMAGE');
    const upload = await this.call('POST', '/templates/media', undefined, form);
    const handle = (upload.json as { handle?: string } | undefined)?.handle;
    if (upload.status === 201 && handle) this.world.handle = handle;
  }

  /** Deletes every template the phase created (the doomed one may already be gone). */
  async cleanUp(): Promise<{ cleanedUp: number; failures: string[] }> {
    const chat = this.world.chatClientRef;
    let cleanedUp = 0;
    const failures: string[] = [];
    for (const t of this.created) {
      const query = new URLSearchParams({ client_ref: chat ?? '', language: t.language });
      const e = await this.call('DELETE', `/templates/${encodeURIComponent(t.id ?? t.name)}?${query}`);
      if (e.status === 204 || e.status === 404) cleanedUp++;
      else failures.push(`${t.name} (${t.language}): DELETE answered ${e.status}${e.errorCode ? ` ${e.errorCode}` : ''}`);
    }
    return { cleanedUp, failures };
  }

  /** Notes what a request made, for the clean-up. */
  remember(op: Operation, e: Exchange): void {
    if (op.operationId !== 'createTemplate' || e.status !== 201) return;
    const t = e.json as { id?: string | null; name?: string; language?: string } | undefined;
    if (t?.name) this.created.push({ name: t.name, language: t.language ?? 'en_US', id: t.id ?? undefined });
    this.world.creationsLeft = MAX_CREATED_TEMPLATES - this.created.length;
  }
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

/** A probe ready to run: its fitted arbitrary, or why it cannot be sent. */
interface Ready {
  probe: Probe;
  arb?: fc.Arbitrary<RequestParts>;
  why?: string;
  found?: Finding[];
  sent: boolean;
  /** Time spent on it. */
  ms: number;
}

/** The probe's parts fitted to the world, kept when the contract agrees with the probe's kind. */
function ready(probe: Probe, world: PhaseWorld, seed: number): Ready {
  const op = probe.operation;
  const why = unsendable(op, probe);
  if (why) return { probe, why, sent: false, ms: 0 };
  const fitted = fc.tuple(probe.arb, fc.nat()).map(([parts, choice]) => fitToWorld(op, parts, probe, choice, world));
  const arb = agreeing(op, probe.kind, fitted, seed);
  if (!arb) return { probe, why: probe.kind === 'valid' ? 'no drawn value stays valid once fitted to the fixtures' : 'no drawn value is invalid (another branch of the schema accepts it)', sent: false, ms: 0 };
  return { probe, arb, sent: false, ms: 0 };
}

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

/** Runs one probe once (a fast-check run of one request), shrinking what it finds. */
async function runProbe(phase: Phase, r: Ready, seed: number): Promise<void> {
  const op = r.probe.operation;
  let locked: string | undefined;
  let shrinkSends = 0;
  let first: Finding[] | undefined;
  let smallest: Finding | undefined;
  let crash: unknown;
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
    phase.remember(op, e);
    if (r.probe.kind === 'invalid') phase.coverage.recordInvalidAnswer(op.operationId, e.status);
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
  const details = await fc.check(property, { numRuns: 1, seed });
  if (crash !== undefined) throw crash;
  if (details.failed && first) {
    r.found = first.map((f) => (f.problem.rule === locked && smallest ? smallest : f));
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

/** Derives the seed of one probe's run in one round from the phase's seed. */
const seedOf = (seed: number, index: number, round: number) => (Math.imul(seed ^ 0x9e3779b9, 31) + index * 7919 + round * 104729) | 0;

export async function runGeneratedPhase(target: RunningTarget, coverage: Coverage, run: RunState, opts: GeneratedPhaseOptions): Promise<GeneratedPhaseResult> {
  const started = Date.now();
  const phase = new Phase(target, coverage, run, opts);
  if (opts.maxRequests > 0) await phase.prepare();
  const operations = contract().operations.filter((op) => !opts.operations || opts.operations.includes(op.operationId));
  const groups = operations.flatMap((op) => [probesOf(phase.ctx, op, 'valid'), probesOf(phase.ctx, op, 'invalid')].map((g) => g.filter((p) => opts.select?.(p) ?? true)));
  const probes = interleaved(groups, opts.seed);
  const readies = probes.map((p, i) => ready(p, phase.world, seedOf(opts.seed, i, -1)));
  let rounds = 0;
  if (opts.maxRequests > 0) {
    for (let round = 0; !phase.exhausted; round++) {
      for (const [i, r] of readies.entries()) {
        if (phase.exhausted) break;
        if (!r.arb || r.found) continue;
        const t = Date.now();
        await runProbe(phase, r, seedOf(opts.seed, i, round));
        r.ms += Date.now() - t;
      }
      if (!phase.exhausted) rounds++;
      // Every probe found something or cannot be sent: another round sends nothing new.
      if (readies.every((r) => !r.arb || r.found)) break;
    }
  }
  const { cleanedUp, failures } = await phase.cleanUp();
  const durationMs = Date.now() - started;
  return {
    results: resultsOf(readies, phase),
    stats: {
      seed: opts.seed,
      maxRequests: opts.maxRequests,
      budgetMs: opts.budgetMs,
      sent: phase.sent,
      sentValid: phase.sentValid,
      sentInvalid: phase.sentInvalid,
      probes: { valid: probes.filter((p) => p.kind === 'valid').length, invalid: probes.filter((p) => p.kind === 'invalid').length },
      probesSent: readies.filter((r) => r.sent).length,
      rounds,
      unsent: readies.filter((r) => r.why).map((r) => ({ probe: `${r.probe.operation.operationId} ${r.probe.kind} ${describeProbe(r.probe)}`, why: r.why! })),
      stoppedBy: phase.stoppedBy,
      rateLimitNote: phase.rateLimitNote,
      created: phase.created.length,
      cleanedUp,
      cleanupFailures: failures,
      durationMs,
    },
  };
}
