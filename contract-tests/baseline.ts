// The baseline of gradual adoption (`--baseline FILE`): findings a team has accepted for now, each by its
// stable id with the reason. An accepted finding is still reported, but does not fail the run; an entry whose
// finding no longer occurs is reported as stale (the drift was fixed: remove it). `--baseline-update` writes
// the file from the run's findings, keeping the reasons already given.
//
//   {"accepted": [{"id": "4b1e0c9a7f", "reason": "limit is clamped, not refused (ticket API-123)", "rule": "…"}]}
import { writeFileSync } from 'node:fs';
import { JsonFileError, parseJsonLines } from './json-lines';
import { FindingList, findingId, runFindings, type Finding } from './report';

export interface BaselineEntry {
  /** The finding's id (report.ts: from its rule). */
  id: string;
  /** Why it is accepted, for whoever reads the report. */
  reason: string;
  /** The rule, for the reader of the file (the id decides). */
  rule?: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

const ID = /^[0-9a-f]{10}$/;
const ENTRY_KEYS = new Set(['id', 'reason', 'rule']);

/** Reads a baseline file; a malformed one throws JsonFileError naming the file and the line. */
export function parseBaseline(text: string, file: string): Baseline {
  const parsed = parseJsonLines(text, file);
  const value = parsed.value as { accepted?: unknown } | null;
  const fail = (pointer: string, message: string): never => {
    throw new JsonFileError(`${file}:${parsed.lineOf(pointer)}: ${message}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('', 'a baseline is a JSON object {"accepted": [{"id", "reason"}, …]}');
  for (const key of Object.keys(value!)) if (key !== 'accepted') fail(`/${key}`, `unknown key "${key}" (a baseline has "accepted" only)`);
  if (!Array.isArray(value!.accepted)) fail('/accepted', '"accepted" must be an array of {"id", "reason"}');
  const seen = new Set<string>();
  const entries = (value!.accepted as unknown[]).map((entry, i): BaselineEntry => {
    const at = `/accepted/${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail(at, 'an accepted finding is an object {"id", "reason"}');
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!ENTRY_KEYS.has(key)) fail(`${at}/${key}`, `unknown key "${key}" (an accepted finding has id, reason and rule)`);
    if (typeof e.id !== 'string' || !ID.test(e.id)) fail(e.id === undefined ? at : `${at}/id`, 'id must be a finding id: 10 hexadecimal digits, as the report prints it');
    if (typeof e.reason !== 'string' || e.reason.trim() === '') fail(e.reason === undefined ? at : `${at}/reason`, 'reason must say why the finding is accepted (a non-empty string)');
    if (e.rule !== undefined && typeof e.rule !== 'string') fail(`${at}/rule`, 'rule must be a string');
    if (seen.has(e.id as string)) fail(`${at}/id`, `id ${e.id} is listed twice`);
    seen.add(e.id as string);
    return { id: e.id as string, reason: e.reason as string, ...(e.rule === undefined ? {} : { rule: e.rule as string }) };
  });
  return { file, entries };
}

/** A finding the baseline accepts, with the reason given. */
export interface AcceptedFinding extends Finding {
  reason: string;
}

/** What a baseline made of a run: the findings it accepted and its entries no finding matched. */
export interface BaselineOutcome {
  file: string;
  accepted: AcceptedFinding[];
  stale: BaselineEntry[];
  /** With `--baseline-update`: the entries the file is to hold (every finding of the run), and what it held before. */
  update?: { entries: BaselineEntry[]; previous: BaselineEntry[] };
}

/** How a run uses the baseline file: accept what it lists, or (`--baseline-update`) accept every finding of the run, which the file is then rewritten to hold. */
export interface BaselineUse {
  baseline: Baseline;
  update: boolean;
}

interface Judged {
  name: string;
  outcome: string;
  occurrences: { rule: string; where?: string; example?: string }[];
  accepted?: { rule: string; where?: string; example?: string }[];
}

/**
 * The results with every occurrence the baseline accepts set apart (`accepted`): a case left with none of its
 * own passes. Also what the baseline accepted and which of its entries are stale.
 */
export function withBaseline<R extends Judged>(results: R[], use: BaselineUse | undefined): { results: R[]; outcome?: BaselineOutcome } {
  if (!use) return { results };
  const update = use.update ? { entries: updatedBaseline(runFindings(results), use.baseline), previous: use.baseline.entries } : undefined;
  const baseline = update ? { file: use.baseline.file, entries: update.entries } : use.baseline;
  const byId = new Map(baseline.entries.map((e) => [e.id, e]));
  const accepted = new FindingList();
  const judged = results.map((r) => {
    const kept = r.occurrences.filter((o) => !byId.has(findingId(o.rule)));
    if (kept.length === r.occurrences.length) return r;
    const set = r.occurrences.filter((o) => byId.has(findingId(o.rule)));
    for (const o of set) accepted.add(o.rule, o.where, r.name, o.example);
    return { ...r, occurrences: kept, accepted: set, outcome: kept.length ? r.outcome : 'passed' };
  });
  const seen = new Set(results.flatMap((r) => r.occurrences.map((o) => findingId(o.rule))));
  return {
    results: judged,
    outcome: {
      file: baseline.file,
      accepted: accepted.all().map((f) => ({ ...f, reason: byId.get(f.id)!.reason })),
      stale: baseline.entries.filter((e) => !seen.has(e.id)),
      ...(update ? { update } : {}),
    },
  };
}

/** The baseline that accepts every finding of the run: reasons already given are kept, new entries say when they were accepted. */
export function updatedBaseline(findings: Finding[], previous: Baseline | undefined, now = new Date()): BaselineEntry[] {
  const reasons = new Map((previous?.entries ?? []).map((e) => [e.id, e.reason]));
  const day = now.toISOString().slice(0, 10);
  return findings.map((f) => ({ id: f.id, reason: reasons.get(f.id) ?? `accepted with --baseline-update on ${day}`, rule: f.rule }));
}

export function writeBaseline(file: string, entries: BaselineEntry[]): void {
  writeFileSync(file, `${JSON.stringify({ accepted: entries }, null, 2)}\n`);
}
