// The breaking-change gate: lists the breaking changes between the released contract (the baseline) and the
// working openapi.yaml, and fails unless info.version's major was raised.
//
//   npm run breaking [-- --base contract-baseline/openapi-1.6.0.yaml --head openapi.yaml --skip-optic --json]
//
// Two checkers run:
// 1. @useoptic/optic (its breaking-changes ruleset, configured in contract-baseline/optic-standard.yml to report
//    even on a major bump: this script decides what a major bump excuses). Optic covers operations, parameters,
//    request and response bodies and status codes, but not the 3.1 `webhooks` and not narrowed limits.
// 2. A focused structural check of our own over the dereferenced documents: removed or renamed operations,
//    removed status codes and new success codes, new required inputs, removed fields, removed enum values,
//    narrowed types and limits (maxLength/maximum/maxItems down, minLength/minimum/minItems up, new or changed
//    pattern, format or const), and every webhook payload (removed event kinds, removed or no-longer-required
//    fields, changed types, changed enum values).
//
// A change that breaks in the strict sense but no partner in practice (a limit the service always enforced,
// now written down) may be accepted without a new major version: listed, exactly as the gate prints it, in
// `<baseline>.accepted.yaml` beside the baseline, with the reason. An accepted change that no longer occurs
// fails the gate, so the list stays true.
//
// Exit codes: 0 no breaking change (or only accepted ones), or the major version was raised; 1 breaking
// changes without a major bump, or a stale acceptance; 2 the gate itself could not run (unreadable spec,
// optic crashed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { deref, indexOperations, indexWebhooks, readDocument, type Json, type Operation } from '../spec';

export interface BreakingChange {
  /** Which checker found it. */
  source: 'optic' | 'focused';
  /** Operation or webhook, e.g. `POST /messages/send` or `webhook message.status`. */
  where: string;
  /** Short rule name, e.g. `field removed`. */
  rule: string;
  detail: string;
}

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

/** A change as the gate prints it and the acceptance list names it. */
export const describeChange = (c: BreakingChange) => `${c.where}: ${c.rule}: ${c.detail}`;

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

type Direction = 'request' | 'response';

const root = resolve(__dirname, '..');

export const DEFAULT_BASE = resolve(root, 'contract-baseline/openapi-1.6.0.yaml');
export const DEFAULT_HEAD = resolve(root, 'openapi.yaml');
export const OPTIC_STANDARD = resolve(root, 'contract-baseline/optic-standard.yml');

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


export function majorOf(version: string): number {
  const match = /^v?(\d+)\./.exec(version.trim());
  if (!match?.[1]) throw new Error(`info.version ${JSON.stringify(version)} is not a semantic version`);
  return Number(match[1]);
}

function typesOf(schema: Json): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return undefined;
}

const fmt = (value: unknown): string => JSON.stringify(value);

class FocusedCheck {
  readonly changes: BreakingChange[] = [];

  constructor(
    private readonly base: Json,
    private readonly head: Json,
  ) {}

  private add(where: string, rule: string, detail: string): void {
    this.changes.push({ source: 'focused', where, rule, detail });
  }

  run(): BreakingChange[] {
    this.operations();
    this.webhooks();
    return this.changes;
  }

  private operations(): void {
    const head = new Map(indexOperations(this.head).map((op) => [`${op.method} ${op.path}`, op]));
    const headOperationIds = new Map([...head.values()].map((op) => [op.operationId, `${op.method.toUpperCase()} ${op.path}`]));
    for (const baseOp of indexOperations(this.base)) {
      const where = `${baseOp.method.toUpperCase()} ${baseOp.path}`;
      const headOp = head.get(`${baseOp.method} ${baseOp.path}`);
      if (!headOp) {
        const movedTo = headOperationIds.get(baseOp.operationId);
        this.add(where, movedTo ? 'operation renamed' : 'operation removed', movedTo ? `moved to ${movedTo}` : `${where} no longer exists`);
        continue;
      }
      if (baseOp.operationId !== headOp.operationId) {
        this.add(where, 'operationId changed', `${fmt(baseOp.operationId)} → ${fmt(headOp.operationId)}`);
      }
      this.parameters(where, baseOp, headOp);
      this.requestBody(where, baseOp, headOp);
      this.responses(where, baseOp.definition, headOp.definition);
    }
  }

  private parameterMap(op: Operation): Map<string, Json> {
    const map = new Map<string, Json>();
    for (const param of op.parameters) {
      if (isObject(param) && typeof param.name === 'string' && typeof param.in === 'string') {
        map.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
      }
    }
    return map;
  }

  private parameters(where: string, baseOp: Operation, headOp: Operation): void {
    const before = this.parameterMap(baseOp);
    const after = this.parameterMap(headOp);
    for (const [key, headParam] of after) {
      const baseParam = before.get(key);
      const label = `${headParam.in} parameter ${fmt(headParam.name)}`;
      if (!baseParam) {
        if (headParam.required === true) this.add(where, 'new required input', `new required ${label}`);
        continue;
      }
      if (headParam.required === true && baseParam.required !== true) {
        this.add(where, 'new required input', `${label} became required`);
      }
      this.schema(where, 'request', label, baseParam.schema, headParam.schema, 0);
    }
  }

  private content(doc: Json, holder: unknown): Json {
    const resolved = deref(doc, holder);
    return isObject(resolved) && isObject(resolved.content) ? resolved.content : {};
  }

  private requestBody(where: string, baseOp: Operation, headOp: Operation): void {
    const baseBody = baseOp.requestBody;
    const headBody = headOp.requestBody;
    if (!isObject(headBody)) return;
    if (!isObject(baseBody)) {
      if (headBody.required === true) this.add(where, 'new required input', 'a required request body was added');
      return;
    }
    if (headBody.required === true && baseBody.required !== true) {
      this.add(where, 'new required input', 'the request body became required');
    }
    const before = this.content(this.base, baseBody);
    const after = this.content(this.head, headBody);
    for (const [mediaType, media] of Object.entries(before)) {
      const headMedia = after[mediaType];
      if (!isObject(headMedia)) {
        this.add(where, 'request media type removed', `request body no longer accepts ${mediaType}`);
        continue;
      }
      this.schema(where, 'request', `request body (${mediaType})`, isObject(media) ? media.schema : undefined, headMedia.schema, 0);
    }
  }

  private responses(where: string, baseOp: Json, headOp: Json): void {
    const before = isObject(baseOp.responses) ? baseOp.responses : {};
    const after = isObject(headOp.responses) ? headOp.responses : {};
    for (const [status, baseResponse] of Object.entries(before)) {
      if (!(status in after)) {
        this.add(where, 'status code removed', `response ${status} is no longer documented`);
        continue;
      }
      const beforeContent = this.content(this.base, baseResponse);
      const afterContent = this.content(this.head, after[status]);
      for (const [mediaType, media] of Object.entries(beforeContent)) {
        const headMedia = afterContent[mediaType];
        if (!isObject(headMedia)) {
          this.add(where, 'response media type removed', `response ${status} no longer sends ${mediaType}`);
          continue;
        }
        this.schema(where, 'response', `response ${status}`, isObject(media) ? media.schema : undefined, headMedia.schema, 0);
      }
    }
    const baseSuccess = Object.keys(before).filter((status) => status.startsWith('2'));
    for (const status of Object.keys(after)) {
      if (status.startsWith('2') && !baseSuccess.includes(status)) {
        this.add(where, 'status code changed', `new success status ${status} (was ${baseSuccess.join(', ') || 'none'})`);
      }
    }
  }

  private webhooks(): void {
    const head = new Map(indexWebhooks(this.head).map((w) => [w.event, w]));
    for (const baseHook of indexWebhooks(this.base)) {
      const where = `webhook ${baseHook.event}`;
      const headHook = head.get(baseHook.event);
      if (!headHook) {
        this.add(where, 'event kind removed', `the ${baseHook.event} event is no longer sent`);
        continue;
      }
      const beforeContent = this.content(this.base, baseHook.definition.requestBody);
      const afterContent = this.content(this.head, headHook.definition.requestBody);
      for (const [mediaType, media] of Object.entries(beforeContent)) {
        const headMedia = afterContent[mediaType];
        if (!isObject(headMedia)) {
          this.add(where, 'payload media type changed', `payload is no longer sent as ${mediaType}`);
          continue;
        }
        // the service sends, the partner reads: a payload is checked like a response
        this.schema(where, 'response', 'payload', isObject(media) ? media.schema : undefined, headMedia.schema, 0);
      }
    }
  }

  /**
   * Compares two schemas. `request`: the partner writes it, so narrowing breaks; `response`: the partner reads
   * it, so removing or loosening what it relies on breaks.
   */
  private schema(where: string, direction: Direction, at: string, baseRaw: unknown, headRaw: unknown, depth: number): void {
    if (depth > 40) return;
    const base = deref(this.base, baseRaw);
    const head = deref(this.head, headRaw);
    if (!isObject(base) || !isObject(head)) return;

    const baseTypes = typesOf(base);
    const headTypes = typesOf(head);
    if (baseTypes && headTypes) {
      if (direction === 'request') {
        const lost = [...baseTypes].filter((type) => !headTypes.has(type) && !(type === 'integer' && headTypes.has('number')));
        if (lost.length) this.add(where, 'type narrowed', `${at}: type ${fmt([...baseTypes])} → ${fmt([...headTypes])}`);
      } else {
        const gained = [...headTypes].filter((type) => !baseTypes.has(type) && !(type === 'integer' && baseTypes.has('number')));
        if (gained.length) this.add(where, 'type changed', `${at}: type ${fmt([...baseTypes])} → ${fmt([...headTypes])}`);
      }
    } else if (!baseTypes && headTypes && direction === 'request') {
      this.add(where, 'type narrowed', `${at}: now restricted to type ${fmt([...headTypes])}`);
    }

    // enum values: a removed value breaks both writers and readers relying on it; a new value breaks readers
    if (Array.isArray(base.enum)) {
      const headEnum = Array.isArray(head.enum) ? head.enum : undefined;
      if (headEnum) {
        const removed = base.enum.filter((value) => !headEnum.some((other) => fmt(other) === fmt(value)));
        if (removed.length) this.add(where, 'enum value removed', `${at}: ${removed.map(fmt).join(', ')} removed`);
        if (direction === 'response') {
          const baseEnum = base.enum;
          const added = headEnum.filter((value) => !baseEnum.some((other) => fmt(other) === fmt(value)));
          if (added.length) this.add(where, 'enum value added', `${at}: ${added.map(fmt).join(', ')} added to a value the partner reads`);
        }
      } else if (direction === 'response') {
        this.add(where, 'enum removed', `${at}: no longer limited to ${fmt(base.enum)}`);
      }
    } else if (Array.isArray(head.enum) && direction === 'request') {
      this.add(where, 'type narrowed', `${at}: now limited to ${fmt(head.enum)}`);
    }
    if ('const' in head || 'const' in base) {
      if (fmt(base.const) !== fmt(head.const) && (direction === 'response' || 'const' in head)) {
        this.add(where, 'const changed', `${at}: const ${fmt(base.const)} → ${fmt(head.const)}`);
      }
    }

    if (direction === 'request') this.limits(where, at, base, head);

    // object properties
    const baseProps = isObject(base.properties) ? base.properties : {};
    const headProps = isObject(head.properties) ? head.properties : {};
    const baseRequired = new Set(Array.isArray(base.required) ? base.required.map(String) : []);
    const headRequired = new Set(Array.isArray(head.required) ? head.required.map(String) : []);
    for (const [name, baseProp] of Object.entries(baseProps)) {
      if (!(name in headProps)) {
        this.add(where, 'field removed', `${at}: field ${fmt(name)} removed`);
        continue;
      }
      this.schema(where, direction, `${at}.${name}`, baseProp, headProps[name], depth + 1);
    }
    if (direction === 'request') {
      for (const name of headRequired) {
        if (!baseRequired.has(name)) this.add(where, 'new required input', `${at}: field ${fmt(name)} became required`);
      }
      if (head.additionalProperties === false && base.additionalProperties !== false) {
        this.add(where, 'type narrowed', `${at}: additional properties are no longer accepted`);
      }
    } else {
      for (const name of baseRequired) {
        if (!headRequired.has(name) && name in headProps) {
          this.add(where, 'field made optional', `${at}: field ${fmt(name)} is no longer always present`);
        }
      }
    }

    if (base.items !== undefined && head.items !== undefined) {
      this.schema(where, direction, `${at}[]`, base.items, head.items, depth + 1);
    }
    if (isObject(base.additionalProperties) && isObject(head.additionalProperties)) {
      this.schema(where, direction, `${at}{*}`, base.additionalProperties, head.additionalProperties, depth + 1);
    }
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const baseList = base[keyword];
      const headList = head[keyword];
      if (!Array.isArray(baseList)) continue;
      if (!Array.isArray(headList)) {
        this.add(where, 'type changed', `${at}: ${keyword} removed`);
        continue;
      }
      if (keyword !== 'allOf' && direction === 'request' && headList.length < baseList.length) {
        this.add(where, 'type narrowed', `${at}: ${keyword} lost ${baseList.length - headList.length} variant(s)`);
      }
      if (keyword !== 'allOf' && direction === 'response' && headList.length > baseList.length) {
        this.add(where, 'type changed', `${at}: ${keyword} gained ${headList.length - baseList.length} variant(s)`);
      }
      const count = Math.min(baseList.length, headList.length);
      for (let index = 0; index < count; index += 1) {
        const variant = deref(this.base, baseList[index]);
        const title = isObject(variant) && typeof variant.title === 'string' ? variant.title : String(index);
        this.schema(where, direction, `${at}<${title}>`, baseList[index], headList[index], depth + 1);
      }
    }
  }

  private limits(where: string, at: string, base: Json, head: Json): void {
    const upper = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
    const lower = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
    for (const keyword of upper) {
      const before = base[keyword];
      const after = head[keyword];
      if (typeof after !== 'number') continue;
      if (typeof before !== 'number' || after < before) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${before ?? 'none'} → ${after}`);
      }
    }
    for (const keyword of lower) {
      const before = base[keyword];
      const after = head[keyword];
      if (typeof after !== 'number') continue;
      const counts = keyword === 'minLength' || keyword === 'minItems' || keyword === 'minProperties';
      if (typeof before !== 'number' ? !counts || after > 0 : after > before) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${before ?? 'none'} → ${after}`);
      }
    }
    for (const keyword of ['pattern', 'format', 'contentMediaType'] as const) {
      if (head[keyword] !== undefined && head[keyword] !== base[keyword]) {
        this.add(where, 'limit narrowed', `${at}: ${keyword} ${fmt(base[keyword] ?? null)} → ${fmt(head[keyword])}`);
      }
    }
  }
}

/** The focused check alone (no optic): every breaking change it finds. */
export function focusedBreakingChanges(base: Json, head: Json): BreakingChange[] {
  return new FocusedCheck(base, head).run();
}

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
