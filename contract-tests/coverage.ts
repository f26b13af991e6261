// Coverage per target: operation × documented status × error code, exercised or not, and the request enum
// values the run sent. The documented cells come from openapi.yaml (each status of each operation; for error
// statuses, the `error.code` of every named example). Anything a target answered that the document does not
// name is listed as "undocumented". An operation counts as checked only once one of its documented 2xx
// answers was: refusals (a 401, a 404) prove nothing about what it does when it works. The verdict per
// operation says whether it is covered, answered without a success, or not implemented at all (only 404 or
// 405, besides key refusals); the conformance figure is the share of documented statuses, error codes and
// request enum values the run observed.
import { contract, type Operation } from '../spec';
import { branchesOf, flatSchema } from './generation/schema-arbitrary';

export interface CoverageCell {
  operation: string;
  status: string;
  code: string | null;
  documented: boolean;
  hits: number;
}

const cellKey = (op: string, status: string, code: string | null) => `${op} ${status} ${code ?? ''}`;

/** A place in an operation's requests whose values the contract enumerates (an enum, or the const that picks a oneOf branch). */
export interface EnumLocation {
  operation: string;
  location: 'query' | 'path' | 'body';
  /** Dotted path in the body (`*` for array items), or the parameter's name. */
  path: string;
  values: unknown[];
}

const enumCache = new Map<string, EnumLocation[]>();

/** Every enumerated place of an operation's requests. */
export function enumLocations(op: Operation): EnumLocation[] {
  if (!enumCache.has(op.operationId)) enumCache.set(op.operationId, findEnumLocations(op));
  return enumCache.get(op.operationId)!;
}

function findEnumLocations(op: Operation): EnumLocation[] {
  const found = new Map<string, EnumLocation>();
  const add = (location: EnumLocation['location'], path: string, values: unknown[]) => {
    const key = `${location} ${path}`;
    const entry = found.get(key) ?? { operation: op.operationId, location, path, values: [] };
    for (const v of values) if (!entry.values.some((seen) => JSON.stringify(seen) === JSON.stringify(v))) entry.values.push(v);
    found.set(key, entry);
  };
  const doc = contract().document;
  for (const p of op.parameters.filter((q) => q.in === 'query' || q.in === 'path')) {
    const s = flatSchema(doc, p.schema ?? {});
    if (Array.isArray(s.enum)) add(p.in, String(p.name), s.enum);
  }
  const walk = (schema: unknown, prefix: string, depth: number) => {
    if (depth > 8 || schema === undefined) return;
    const s = flatSchema(doc, schema, depth);
    if (Array.isArray(s.enum) && prefix) add('body', prefix, s.enum);
    for (const b of branchesOf(doc, s, depth) ?? []) {
      for (const [name, sub] of Object.entries<unknown>(b.schema.properties ?? {})) {
        const constant = flatSchema(doc, sub, depth + 1).const;
        if (constant !== undefined && typeof constant !== 'boolean') add('body', prefix ? `${prefix}.${name}` : name, [constant]);
      }
      walk(b.schema, prefix, depth + 1);
    }
    if (s.items) walk(s.items, prefix ? `${prefix}.*` : '*', depth + 1);
    for (const [name, sub] of Object.entries<unknown>(s.properties ?? {})) walk(sub, prefix ? `${prefix}.${name}` : name, depth + 1);
  };
  const media = op.requestBody?.content ?? {};
  walk((media['application/json'] ?? media['multipart/form-data'])?.schema, '', 0);
  return [...found.values()];
}

/** The values at a dotted path (`*` over array items). */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) return [value];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v) => valuesAt(v, rest)) : [];
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, head!)) return [];
  return valuesAt((value as Record<string, unknown>)[head!], rest);
}

/** What a request sent: its query, and its JSON body (parsed) or its form's text fields. */
export interface SentValues {
  query: URLSearchParams;
  json?: unknown;
  fields?: Record<string, string>;
}

/** What a request sent (read from a clone: its body is consumed); a malformed body gives neither `json` nor `fields`. */
export async function sentValues(request: Request): Promise<SentValues> {
  const query = new URL(request.url).searchParams;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (/json/.test(type)) return { query, json: JSON.parse(await request.text()) };
    if (/multipart\/form-data/.test(type)) {
      const fields: Record<string, string> = {};
      (await request.formData()).forEach((v, name) => {
        if (typeof v === 'string') fields[name] = v;
      });
      return { query, fields };
    }
  } catch {
    // A malformed body (sent on purpose) enumerates nothing.
  }
  return { query };
}

/** How the run left an operation. */
export type OperationVerdict = 'covered' | 'no success' | 'not implemented' | 'not exercised';

/** Statuses an operation that does not exist answers too (a key refused before routing, an unknown route or method). */
const ROUTING_ANSWERS = new Set(['401', '403', '404', '405']);

export class Coverage {
  private readonly cells = new Map<string, CoverageCell>();
  /** `<operation> <location> <path>` → the enumerated values sent there. */
  private readonly sent = new Map<string, Set<string>>();
  /** Operations that answered 404 or 405 to a request made invalid on purpose (any implementation of them answers it 400). */
  private readonly routedAway = new Set<string>();

  constructor(readonly target: string) {
    for (const op of contract().operations) {
      for (const [status, res] of Object.entries(op.responses)) {
        if (res.errorCodes.length === 0) this.add(op.operationId, status, null, true);
        for (const code of res.errorCodes) this.add(op.operationId, status, code, true);
      }
    }
  }

  private add(operation: string, status: string, code: string | null, documented: boolean): CoverageCell {
    const key = cellKey(operation, status, code);
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = { operation, status, code, documented, hits: 0 }));
    return cell;
  }

  record(operation: string, status: string, code: string | undefined): void {
    const exact = this.cells.get(cellKey(operation, status, code ?? null));
    if (exact) {
      exact.hits++;
      return;
    }
    // A success status with no documented code, or a code the document does not name for this status.
    const plain = code === undefined ? this.cells.get(cellKey(operation, status, null)) : undefined;
    if (plain) plain.hits++;
    else this.add(operation, status, code ?? null, false).hits++;
  }

  all(): CoverageCell[] {
    return [...this.cells.values()];
  }

  /** Notes the enumerated values a request of the operation sent to `url`. */
  recordRequest(operation: string, url: string, sent: SentValues): void {
    const op = contract().byId(operation);
    if (!op) return;
    const path = new URL(url).pathname.split('/');
    const template = op.path.split('/');
    for (const e of enumLocations(op)) {
      const values =
        e.location === 'query'
          ? sent.query.getAll(e.path)
          : e.location === 'path'
            ? [decodeURIComponent(path[path.length - template.length + template.indexOf(`{${e.path}}`)] ?? '')]
            : valuesAt(sent.json ?? sent.fields, e.path.split('.'));
      const key = `${operation} ${e.location} ${e.path}`;
      for (const v of values) {
        if (!e.values.some((documented) => documented === v)) continue;
        if (!this.sent.has(key)) this.sent.set(key, new Set());
        this.sent.get(key)!.add(JSON.stringify(v));
      }
    }
  }

  /** Notes the status a request made invalid on purpose got: a 404 or 405 there is no domain refusal. */
  recordInvalidAnswer(operation: string, status: number): void {
    if (status === 404 || status === 405) this.routedAway.add(operation);
  }

  /** Every enumerated request value of the contract, sent or not. */
  enumValues(): { location: EnumLocation; value: unknown; sent: boolean }[] {
    return contract().operations.flatMap((op) =>
      enumLocations(op).flatMap((location) => location.values.map((value) => ({ location, value, sent: this.sent.get(`${op.operationId} ${location.location} ${location.path}`)?.has(JSON.stringify(value)) ?? false }))),
    );
  }

  /**
   * The verdict on each operation: covered (a documented 2xx checked), not implemented, no success (answered,
   * never with a documented 2xx), or not exercised (never answered). Not implemented: every answer a 404 or
   * 405 but for key refusals, no 404 carrying an error code of the operation's own, and one of them no domain
   * refusal — a 405, a 404 the operation does not document, or one to a request made invalid on purpose (an
   * unknown client is a 404 too: the run must have seen the route itself missing).
   */
  verdicts(): { operation: string; verdict: OperationVerdict }[] {
    const without = new Set(this.operationsWithoutSuccess());
    return contract().operations.map((op) => {
      const id = op.operationId;
      if (!without.has(id)) return { operation: id, verdict: 'covered' as const };
      const answered = this.all().filter((c) => c.operation === id && c.hits > 0);
      if (answered.length === 0) return { operation: id, verdict: 'not exercised' as const };
      const routing = answered.every((c) => (c.status === '404' ? c.code === null || c.code === 'not_found' : ROUTING_ANSWERS.has(c.status)));
      const routedAway = this.routedAway.has(id) || answered.some((c) => c.status === '405' || (c.status === '404' && !c.documented));
      return { operation: id, verdict: routing && routedAway ? ('not implemented' as const) : ('no success' as const) };
    });
  }

  /** The share of documented statuses, error codes and request enum values the run observed. */
  conformance(): { statuses: [number, number]; errorCodes: [number, number]; enumValues: [number, number]; share: number } {
    const documented = this.all().filter((c) => c.documented);
    const statusKeys = new Map<string, boolean>();
    for (const c of documented) statusKeys.set(`${c.operation} ${c.status}`, (statusKeys.get(`${c.operation} ${c.status}`) ?? false) || c.hits > 0);
    const codes = documented.filter((c) => c.code !== null);
    const enums = this.enumValues();
    const statuses: [number, number] = [[...statusKeys.values()].filter(Boolean).length, statusKeys.size];
    const errorCodes: [number, number] = [codes.filter((c) => c.hits > 0).length, codes.length];
    const enumValues: [number, number] = [enums.filter((e) => e.sent).length, enums.length];
    const share = (statuses[0] + errorCodes[0] + enumValues[0]) / Math.max(1, statuses[1] + errorCodes[1] + enumValues[1]);
    return { statuses, errorCodes, enumValues, share };
  }

  /** The conformance figure in one line: `71.4% (statuses 40/52, error codes 61/90, request enum values 48/53)`. */
  conformanceLine(): string {
    const c = this.conformance();
    const pair = ([seen, all]: [number, number]) => `${seen}/${all}`;
    return `${(c.share * 100).toFixed(1)}% (documented statuses ${pair(c.statuses)}, error codes ${pair(c.errorCodes)}, request enum values ${pair(c.enumValues)})`;
  }

  /** Operations none of whose documented 2xx answers was checked. */
  operationsWithoutSuccess(): string[] {
    return contract()
      .operations.map((o) => o.operationId)
      .filter((id) => !this.all().some((c) => c.operation === id && c.documented && c.status.startsWith('2') && c.hits > 0));
  }

  /** A markdown table: one row per operation, documented cells marked ✔ (exercised) or ✘. */
  table(): string {
    const lines = [
      `#### Coverage on ${this.target}`,
      '',
      `Conformance: ${this.conformanceLine()}.`,
      '',
      '| operation | verdict | 2xx checked | documented status × code (✔ exercised, ✘ not) | request enum values (✔ sent, ✘ not) | undocumented answers |',
      '|---|---|---|---|---|---|',
    ];
    const verdicts = new Map(this.verdicts().map((v) => [v.operation, v.verdict]));
    const enums = this.enumValues();
    for (const op of contract().operations) {
      const cells = this.all().filter((c) => c.operation === op.operationId);
      const documented = cells.filter((c) => c.documented);
      const success = documented.some((c) => c.status.startsWith('2') && c.hits > 0);
      const list = documented.map((c) => `${c.hits > 0 ? '✔' : '✘'} ${c.status}${c.code ? ` ${c.code}` : ''}`).join(', ');
      const extra = cells.filter((c) => !c.documented).map((c) => `${c.status}${c.code ? ` ${c.code}` : ''}`).join(', ');
      const sent = enums
        .filter((e) => e.location.operation === op.operationId)
        .map((e) => `${e.sent ? '✔' : '✘'} ${e.location.path}=${typeof e.value === 'string' ? e.value : JSON.stringify(e.value)}`)
        .join(', ');
      const verdict = verdicts.get(op.operationId)!;
      lines.push(`| ${op.operationId} | ${verdict === 'covered' ? verdict : `**${verdict}**`} | ${success ? 'yes' : '**no**'} | ${list} | ${sent} | ${extra} |`);
    }
    return lines.join('\n');
  }
}
