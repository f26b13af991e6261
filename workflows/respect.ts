// Runs the Arazzo workflows with Redocly's `respect` (@redocly/cli) as a child process, reads its JSON log
// back into one case per step of every selected workflow, and makes that run a report of every check
// (contract-tests/report.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, exitCodeOf, type ExitCode } from '../contract-tests/exit-codes';
import { FindingList, markdownTable, plural, textTable, verdictOf, type CheckReport } from '../contract-tests/report';
import { NEEDS_CHAT_CLIENT, ONBOARDING, SIGNUP_STEP, SOURCE_NAME, type Journey } from './journeys';

export interface RespectOptions {
  file: string;
  baseUrl: string;
  inputs: Record<string, string>;
  /** Workflow ids to run; all when empty. */
  workflows: string[];
  /** Where Respect writes its JSON log (kept as a report of its own). */
  jsonOutput: string;
  /** Let Respect print its step-by-step output. */
  echo: boolean;
  /** Bound of the whole Respect run. */
  executionTimeoutMs?: number;
}

export interface RespectProcess {
  exitCode: number | null;
  /** What Respect printed on stderr (the Node 20 banner included). */
  stderr: string;
}

/**
 * Inputs travel in REDOCLY_CLI_RESPECT_INPUT (JSON), not on the command line, so the API key never shows in
 * a process list; `apiKey` is declared `format: password`, so Respect masks it in its output and log.
 */
export function runRespect(o: RespectOptions): Promise<RespectProcess> {
  mkdirSync(dirname(o.jsonOutput), { recursive: true });
  rmSync(o.jsonOutput, { force: true }); // a log left by an earlier run must not pass for this one's
  const cli = require.resolve('@redocly/cli/bin/cli.js');
  const args = [
    cli,
    'respect',
    o.file,
    '--server',
    `${SOURCE_NAME}=${o.baseUrl}`,
    '--json-output',
    o.jsonOutput,
    '--execution-timeout',
    String(o.executionTimeoutMs ?? 600_000),
    ...(o.workflows.length ? ['--workflow', ...o.workflows] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', o.echo ? 'inherit' : 'ignore', 'pipe'],
      env: {
        ...process.env,
        REDOCLY_CLI_RESPECT_INPUT: JSON.stringify(o.inputs),
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve({ exitCode, stderr }));
  });
}

interface RespectCheck {
  name: string;
  passed: boolean;
  message?: string;
  severity?: string;
}

interface RespectStep {
  type: 'step';
  stepId: string;
  status?: string;
  checks?: RespectCheck[];
  request?: { method?: string; url?: string };
  response?: { statusCode?: number };
  totalTimeMs?: number;
}

interface RespectWorkflow {
  workflowId: string;
  status?: string;
  executedSteps: Array<RespectStep | { type: 'workflow' }>;
}

interface RespectLog {
  status?: string;
  totalTime?: number;
  files: Record<string, { executedWorkflows: RespectWorkflow[]; globalTimeoutError?: boolean }>;
}

export function readRespectLog(file: string): RespectLog | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RespectLog;
  } catch {
    return undefined;
  }
}

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '').replace(/\[0m/g, '');

/** The request of an attempt and its answer: `GET http://…/v1/clients/x → 404`. */
function exchangeOf(step: RespectStep): string {
  if (!step.request) return 'no request was made';
  return `${(step.request.method ?? '').toUpperCase()} ${step.request.url} → ${step.response?.statusCode ?? 'no answer'}`;
}

/** The checks an attempt failed, as Respect words them (`schema check: …`, with its excerpt of the body). */
function failedChecks(step: RespectStep): string[] {
  const failed = (step.checks ?? []).filter((c) => !c.passed && c.severity !== 'off' && c.severity !== 'warn');
  return failed.map((c) => `${c.name}: ${plain(c.message ?? '').trim()}`);
}

/** A failed check as a rule: its first line, without the excerpt of the body that varies between runs. */
const ruleOfCheck = (check: string) => check.split('\n')[0]!.trim();

export interface StepResult {
  workflowId: string;
  /** `stepId: description`. */
  name: string;
  outcome: 'passed' | 'failed' | 'skipped';
  /** Failed: the workflow, step, request and failed checks; skipped: why it was not run or not judged. */
  message?: string;
  /** Skipped: `not run` (the workflow stopped before it) or `not judged` (it ran on a stand-in the implementation refused). */
  skipKind?: 'not run' | 'not judged';
  /** Failed: the checks it failed (none when the step failed without a check, e.g. no answer). */
  broke?: string[];
  /** Failed: the request of its last attempt and the answer. */
  exchange?: string;
  durationMs: number;
}

export interface JourneysRun {
  baseUrl: string;
  cases: StepResult[];
  startedAt: number;
  durationMs: number;
}

/**
 * The inputs the runner made up because the run was given none: a refusal of a made-up value is the run's
 * shortfall, not the implementation's violation.
 */
export interface StandIns {
  /** The signup code is made up (no --auth-code, no signup_auth_code fixture). */
  authCode: boolean;
  /** The template and media journeys use the client the onboarding journey connects (no chat client given). */
  chatClientFromOnboarding: boolean;
}

const NO_STAND_INS: StandIns = { authCode: false, chatClientFromOnboarding: false };

/** Respect's checks of an answer against openapi.yaml (the rest are the journey's own criteria and outputs). */
const CONTRACT_CHECKS = new Set(['status code check', 'content-type check', 'schema check']);

/**
 * The exchange of a made-up signup code refused with a 4xx answer that holds to the contract (only the
 * journey's own criteria failed): the implementation did what a real one should.
 */
function refusedStandInCode(step: RespectStep): boolean {
  const status = step.response?.statusCode ?? 0;
  const failed = (step.checks ?? []).filter((c) => !c.passed && c.severity !== 'off' && c.severity !== 'warn');
  return status >= 400 && status < 500 && !failed.some((c) => CONTRACT_CHECKS.has(c.name));
}

/**
 * One case per step of every journey that was asked for: passed or failed as its last attempt ended (a
 * retried step that ends well passes), skipped when the workflow stopped before it. A step that ran on a
 * stand-in the implementation refused, and the journeys that needed what it would have made, are not judged.
 */
export function respectRun(opts: { log: RespectLog; journeys: Journey[]; baseUrl: string; startedAt: number; durationMs: number; standIns?: StandIns }): JourneysRun {
  const standIns = opts.standIns ?? NO_STAND_INS;
  // one Arazzo file per run, so the log holds one file
  const [logged] = Object.values(opts.log.files);
  const cases: StepResult[] = [];
  // the file lists the onboarding journey first, so its outcome is known before the journeys on its client
  let onboarded = true;
  for (const journey of opts.journeys) {
    const executed = logged?.executedWorkflows.find((w) => w.workflowId === journey.workflowId);
    const attempts = (executed?.executedSteps ?? []).filter((s): s is RespectStep => s.type === 'step');
    const onClientOfOnboarding = standIns.chatClientFromOnboarding && NEEDS_CHAT_CLIENT.includes(journey.workflowId);
    /** Why the workflow stopped: `step X failed`. */
    let stoppedBy: string | undefined;
    for (const step of journey.steps) {
      const tries = attempts.filter((a) => a.stepId === step.stepId);
      const last = tries[tries.length - 1];
      const base = { workflowId: journey.workflowId, name: `${step.stepId}: ${step.description}`, durationMs: tries.reduce((sum, t) => sum + (t.totalTimeMs ?? 0), 0) };
      if (onClientOfOnboarding && !onboarded) {
        cases.push({ ...base, outcome: 'skipped', skipKind: 'not judged', message: `not judged: the journey needs a connected chat client, and ${ONBOARDING} did not connect one; give --chat-client-ref, or chat_client_ref in --fixtures` });
      } else if (!executed) cases.push({ ...base, outcome: 'skipped', skipKind: 'not run', message: 'not run: Respect did not run this workflow (see its output)' });
      else if (!last) cases.push({ ...base, outcome: 'skipped', skipKind: 'not run', message: stoppedBy ? `not run: ${stoppedBy} before it` : 'not run' });
      else if (last.status === 'success') cases.push({ ...base, outcome: 'passed' });
      else if (standIns.authCode && journey.workflowId === ONBOARDING && step.stepId === SIGNUP_STEP && refusedStandInCode(last)) {
        stoppedBy ??= `step ${step.stepId} was not judged`;
        cases.push({
          ...base,
          outcome: 'skipped',
          skipKind: 'not judged',
          message: `not judged: ${exchangeOf(last)}: the implementation refused the signup code the run made up; give an unused one with --auth-code, or signup_auth_code in --fixtures (an issuer gives a fresh one every run)`,
        });
      } else {
        stoppedBy ??= `step ${step.stepId} failed`;
        const retried = tries.length > 1 ? ` (after ${tries.length} attempts)` : '';
        const [exchange, broke] = [exchangeOf(last), failedChecks(last)];
        cases.push({ ...base, outcome: 'failed', message: [`${journey.workflowId} / ${step.stepId}${retried}: ${exchange}`, ...broke].join('\n'), broke, exchange });
      }
    }
    if (journey.workflowId === ONBOARDING) onboarded = cases.every((c) => c.workflowId !== ONBOARDING || c.outcome === 'passed');
  }
  return { baseUrl: opts.baseUrl, cases, startedAt: opts.startedAt, durationMs: opts.durationMs };
}

/** A failed step stops its workflow, so what follows is not run; Respect failing where no step did leaves the run unconcluded. */
function journeysExitCode(run: JourneysRun, respectExitCode: number | null): ExitCode {
  const code = exitCodeOf({ violations: run.cases.filter((c) => c.outcome === 'failed').length, incomplete: run.cases.filter((c) => c.outcome === 'skipped').length });
  return code === EXIT.passed && respectExitCode !== 0 ? EXIT.incomplete : code;
}

/** The run as a report: a finding per failed check (where: the workflow and step; e.g. the request), one case per step. */
export function journeysReport(run: JourneysRun, respectExitCode: number | null): CheckReport {
  const findings = new FindingList();
  const ruleOf = (c: StepResult) => (c.broke?.length ? [...new Set(c.broke.map(ruleOfCheck))] : ['the step did not succeed']);
  for (const c of run.cases.filter((x) => x.outcome === 'failed')) {
    for (const rule of ruleOf(c)) findings.add(rule, `${c.workflowId} / ${c.name.split(':')[0]}`, c.name, c.exchange);
  }
  const exitCode = journeysExitCode(run, respectExitCode);
  const notRun = run.cases.filter((c) => c.outcome === 'skipped').length;
  const incomplete = notRun ? `${plural(notRun, 'step')} not run or not judged although none failed` : `Respect exited with ${respectExitCode} although no step failed`;
  const count = (o: StepResult['outcome']) => run.cases.filter((c) => c.outcome === o).length;
  return {
    tool: { name: 'workflows' },
    title: `Partner journeys (Arazzo) against ${run.baseUrl}`,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    exitCode,
    verdict: verdictOf(exitCode, { findings: findings.all().length, failedCases: count('failed'), incomplete }),
    cases: run.cases.map((c) => ({
      name: c.name,
      group: c.workflowId,
      outcome: c.outcome,
      durationMs: c.durationMs,
      ...(c.outcome === 'skipped' ? { skipKind: c.skipKind, skipReason: c.message?.replace(/^not (run|judged)(: )?/, '') } : {}),
      ...(c.outcome === 'failed' ? { broke: ruleOf(c) } : {}),
    })),
    findings: findings.all(),
    warnings: exitCode === EXIT.incomplete ? [{ title: 'journeys not concluded', message: incomplete }] : [],
    sections: [{ title: 'Steps', body: markdownTable(STEP_HEADER, stepRows(run)) }],
  };
}

const STEP_HEADER = ['workflow', 'step', 'result', 'time'];
const stepRows = (run: JourneysRun) => run.cases.map((c) => [c.workflowId, c.name.split(':')[0] ?? '', c.outcome === 'skipped' ? (c.skipKind ?? 'not run') : { passed: 'pass', failed: 'FAIL' }[c.outcome], `${c.durationMs} ms`]);

/** The table printed at the end of a run. */
export const journeysTable = (run: JourneysRun): string => textTable(STEP_HEADER, stepRows(run));
