// Runs the Arazzo workflows with Redocly's `respect` (@redocly/cli) as a child process and reads its JSON
// log back into the report shape of every check: one case per step of every selected workflow.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ReportedCase, ReportedRun } from '../contract-tests/report';
import { SOURCE_NAME, type Journey } from './journeys';

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

/** The failed checks of an attempt, with the request that got them. */
function describeFailure(step: RespectStep): string {
  const failed = (step.checks ?? []).filter((c) => !c.passed && c.severity !== 'off' && c.severity !== 'warn');
  const exchange = step.request
    ? `${(step.request.method ?? '').toUpperCase()} ${step.request.url} → ${step.response?.statusCode ?? 'no answer'}`
    : 'no request was made';
  return [`${exchange}`, ...failed.map((c) => `${c.name}: ${plain(c.message ?? '').trim()}`)].join('\n');
}

/**
 * One case per step of every journey that was asked for: passed or failed as its last attempt ended (a
 * retried step that ends well passes), skipped when the workflow stopped before it.
 */
export function respectRun(opts: { log: RespectLog; journeys: Journey[]; baseUrl: string; startedAt: number; durationMs: number }): ReportedRun {
  // one Arazzo file per run, so the log holds one file
  const [logged] = Object.values(opts.log.files);
  const cases: ReportedCase[] = [];
  for (const journey of opts.journeys) {
    const executed = logged?.executedWorkflows.find((w) => w.workflowId === journey.workflowId);
    const attempts = (executed?.executedSteps ?? []).filter((s): s is RespectStep => s.type === 'step');
    let stoppedAt: string | undefined;
    for (const step of journey.steps) {
      const tries = attempts.filter((a) => a.stepId === step.stepId);
      const last = tries[tries.length - 1];
      const base = { suite: ['workflows', journey.workflowId], name: `${step.stepId}: ${step.description}`, durationMs: tries.reduce((sum, t) => sum + (t.totalTimeMs ?? 0), 0) };
      if (!executed) cases.push({ ...base, outcome: 'skipped', message: 'not run: Respect did not run this workflow (see its output)' });
      else if (!last) cases.push({ ...base, outcome: 'skipped', message: stoppedAt ? `not run: step ${stoppedAt} failed before it` : 'not run' });
      else if (last.status === 'success') cases.push({ ...base, outcome: 'passed' });
      else {
        stoppedAt ??= step.stepId;
        const retried = tries.length > 1 ? ` (after ${tries.length} attempts)` : '';
        cases.push({ ...base, outcome: 'failed', message: `${journey.workflowId} / ${step.stepId}${retried}: ${describeFailure(last)}` });
      }
    }
  }
  return { tool: 'workflows', title: `partner journeys (Arazzo) against ${opts.baseUrl}`, cases, startedAt: opts.startedAt, durationMs: opts.durationMs };
}
