// The breaking-change gate: lists the breaking changes between the released contract (the baseline) and the
// working openapi.yaml, and fails unless info.version's major was raised.
//
//   npm run breaking [-- --base contract-baseline/openapi-1.6.0.yaml --head openapi.yaml --skip-optic --json]
//
// Two checkers run:
// 1. @useoptic/optic's breaking-changes ruleset (./breaking-changes/optic.ts), set to report even on a major
//    bump: this script decides what a major bump excuses.
// 2. A focused structural check of our own over the dereferenced documents (./breaking-changes/focused-check.ts),
//    which also covers what optic does not: the 3.1 `webhooks` and narrowed limits.
//
// A change that breaks in the strict sense but no partner in practice (a limit the service always enforced,
// now written down) may be accepted without a new major version: listed, exactly as the gate prints it, in
// `<baseline>.accepted.yaml` beside the baseline, with the reason. An accepted change that no longer occurs
// fails the gate, so the list stays true.
//
// Exit codes: 0 no breaking change (or only accepted ones), or the major version was raised; 1 breaking
// changes without a major bump, or a stale acceptance; 2 the gate itself could not run (unreadable spec,
// optic crashed).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { readDocument, type Json } from '../spec';
import { describeChange, type BreakingChange } from './breaking-changes/breaking-change';
import { focusedBreakingChanges } from './breaking-changes/focused-check';
import { opticBreakingChanges } from './breaking-changes/optic';

export interface GateResult {
  baseVersion: string;
  headVersion: string;
  majorRaised: boolean;
  /** Every breaking change found, accepted ones included. */
  changes: BreakingChange[];
  /** The changes of `changes` the baseline's acceptance list names, with its reason. */
  accepted: { change: string; reason: string }[];
  /** Acceptances whose change no longer occurs. */
  stale: string[];
  /** Exit code: 0 pass, 1 unaccepted breaking changes (or stale acceptances) without a major bump. */
  exitCode: 0 | 1;
}

/** `<baseline without .yaml>.accepted.yaml`: the changes accepted against that baseline. */
export function acceptanceFileOf(baseFile: string): string {
  return baseFile.replace(/\.ya?ml$/, '') + '.accepted.yaml';
}

function readAcceptances(file: string): Map<string, string> {
  const accepted = new Map<string, string>();
  if (!existsSync(file)) return accepted;
  const entries = load(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${file} must be a list of {reason, changes}`);
  for (const entry of entries as { reason?: unknown; changes?: unknown }[]) {
    if (typeof entry.reason !== 'string' || !Array.isArray(entry.changes)) throw new Error(`${file}: every entry needs a reason and a list of changes`);
    for (const change of entry.changes) accepted.set(String(change), entry.reason.trim());
  }
  return accepted;
}

const root = resolve(__dirname, '..');

export const DEFAULT_BASE = resolve(root, 'contract-baseline/openapi-1.6.0.yaml');
export const DEFAULT_HEAD = resolve(root, 'openapi.yaml');

export function majorOf(version: string): number {
  const match = /^v?(\d+)\./.exec(version.trim());
  if (!match?.[1]) throw new Error(`info.version ${JSON.stringify(version)} is not a semantic version`);
  return Number(match[1]);
}

export interface GateOptions {
  base?: string;
  head?: string;
  /** Skip optic and run the focused check only (faster; used by the fixture tests). */
  skipOptic?: boolean;
  /** The acceptance list (default: the baseline's `.accepted.yaml`, when it exists). */
  accepted?: string;
}

export function runGate(options: GateOptions = {}): GateResult {
  const baseFile = resolve(options.base ?? DEFAULT_BASE);
  const headFile = resolve(options.head ?? DEFAULT_HEAD);
  for (const file of [baseFile, headFile]) if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const base = readDocument(baseFile);
  const head = readDocument(headFile);
  const baseVersion = String((base.info as Json | undefined)?.version ?? '');
  const headVersion = String((head.info as Json | undefined)?.version ?? '');
  const majorRaised = majorOf(headVersion) > majorOf(baseVersion);
  const changes = [
    ...(options.skipOptic ? [] : opticBreakingChanges(baseFile, headFile)),
    ...focusedBreakingChanges(base, head),
  ];
  const acceptances = readAcceptances(resolve(options.accepted ?? acceptanceFileOf(baseFile)));
  const found = new Set(changes.map(describeChange));
  const accepted = [...found].filter((c) => acceptances.has(c)).map((change) => ({ change, reason: acceptances.get(change)! }));
  const stale = [...acceptances.keys()].filter((c) => !found.has(c));
  const unaccepted = changes.filter((c) => !acceptances.has(describeChange(c)));
  const failing = (unaccepted.length > 0 || stale.length > 0) && !majorRaised;
  return { baseVersion, headVersion, majorRaised, changes, accepted, stale, exitCode: failing ? 1 : 0 };
}

export function formatReport(result: GateResult): string {
  const lines = [`Breaking-change gate: ${result.baseVersion} (baseline) → ${result.headVersion} (working)`];
  const acceptedChanges = new Set(result.accepted.map((a) => a.change));
  const unaccepted = result.changes.filter((c) => !acceptedChanges.has(describeChange(c)));
  if (result.accepted.length > 0) {
    lines.push(`${result.accepted.length} accepted change(s) (see the baseline's .accepted.yaml for why):`);
    for (const { change } of result.accepted) lines.push(`  - ${change}`);
  }
  if (result.stale.length > 0) {
    lines.push(`${result.stale.length} acceptance(s) of a change that no longer occurs (remove them):`);
    for (const change of result.stale) lines.push(`  - ${change}`);
  }
  if (unaccepted.length === 0) {
    lines.push(result.accepted.length + result.stale.length === 0 ? 'No breaking changes.' : 'No breaking change beyond the accepted ones.');
    if (result.stale.length > 0 && !result.majorRaised) lines.push('FAIL: the acceptance list names changes that no longer occur.');
    return lines.join('\n');
  }
  lines.push(`${unaccepted.length} breaking change(s):`);
  for (const change of unaccepted) {
    lines.push(`  - [${change.source}] ${describeChange(change)}`);
  }
  lines.push(
    result.majorRaised
      ? `The major version was raised (${result.baseVersion} → ${result.headVersion}): allowed.`
      : `FAIL: breaking changes need a new major version (info.version ${result.headVersion} keeps major ${majorOf(result.baseVersion)}). ` +
          'Make the change additive, or raise the major version (and ship it under a new path version).',
  );
  return lines.join('\n');
}

function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  try {
    const result = runGate({
      base: argValue(args, '--base'),
      head: argValue(args, '--head'),
      skipOptic: args.includes('--skip-optic'),
    });
    console.log(args.includes('--json') ? JSON.stringify(result, null, 2) : formatReport(result));
    process.exit(result.exitCode);
  } catch (error) {
    console.error(`breaking-change gate could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}
