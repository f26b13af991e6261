// The optic checker of the breaking-change gate (../breaking-changes.ts): @useoptic/optic's breaking-changes
// ruleset, configured in contract-baseline/optic-standard.yml to report even on a major bump (the gate decides
// what a major bump excuses). Optic covers operations, parameters, request and response bodies and status
// codes, but not the 3.1 `webhooks` and not narrowed limits: ./focused-check.ts covers those.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readDocument, type Json } from '../../spec';
import type { BreakingChange } from './breaking-change';

const OPTIC_STANDARD = resolve(__dirname, '..', '..', 'contract-baseline/optic-standard.yml');

/**
 * A copy of a document without its `links`, for optic: its 3.1 schema refuses a link whose `requestBody` is
 * an object (its `anyOrExpression` is a `oneOf` of two definitions that both match an object), which the
 * specification allows. Links say how answers feed other operations, not what a partner may send or gets
 * back, so no breaking change hides in them.
 */
function withoutLinks(file: string, copy: string): string {
  const doc = readDocument(resolve(file));
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) for (const response of Object.values<Json>(operation?.responses ?? {})) delete response.links;
  }
  for (const response of Object.values<Json>(doc.components?.responses ?? {})) delete response.links;
  if (doc.components) delete doc.components.links;
  writeFileSync(copy, JSON.stringify(doc));
  return copy;
}

/** Runs optic's breaking-changes ruleset and reads its findings from the plain-text report. */
export function opticBreakingChanges(baseFile: string, headFile: string): BreakingChange[] {
  const bin = require.resolve('@useoptic/optic/build/index.js');
  // In CI mode optic writes ci-run-details.json into its working directory: give it a throwaway one.
  const workDir = mkdtempSync(join(tmpdir(), 'optic-'));
  const run = spawnSync(
    process.execPath,
    [bin, 'diff', withoutLinks(baseFile, join(workDir, 'base.json')), withoutLinks(headFile, join(workDir, 'head.json')), '--check', '--standard', OPTIC_STANDARD],
    {
      cwd: workDir,
      encoding: 'utf8',
      env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true' },
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  rmSync(workDir, { recursive: true, force: true });
  if (run.error) throw new Error(`optic did not run: ${run.error.message}`);
  const output = `${run.stdout ?? ''}`;
  // optic answers 0 (checks passed) or 1 (checks failed); anything else, or 1 without findings, is a crash
  const changes: BreakingChange[] = [];
  let where = '(document)';
  for (const line of output.split('\n')) {
    const operation = /^[x✔]\s+([A-Z]+ \/\S*):/.exec(line);
    if (operation?.[1]) where = operation[1];
    const finding = /^\s*x \[([^\]]+)\] (.*)$/.exec(line);
    if (finding?.[1] && finding[2]) changes.push({ source: 'optic', where, rule: finding[1], detail: finding[2] });
  }
  if (run.status !== 0 && !(run.status === 1 && changes.length > 0)) {
    throw new Error(`optic failed (exit ${run.status ?? run.signal}):\n${output}\n${run.stderr ?? ''}`.trim());
  }
  return changes;
}
