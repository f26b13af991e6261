/** One error of express-openapi-validator: `path` like `/body/text/body`, `/query/limit`, `text/body` or `foo`. */
export interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

const LOCATIONS = new Set(['body', 'query', 'params', 'path', 'headers', 'header', 'cookies']);
const REQUIRED = /must have required property '([^']+)'/;
/** A validator's enum message, with or without the values it lists. */
const ENUM = /^must be equal to one of the allowed values:? ?(.*)$/;

/**
 * The name `details` gives the request body as a whole: not `body`, which is also a field (a template's
 * `body`), and in parentheses so it never reads as one.
 */
export const WHOLE_BODY = '(request body)';

export interface FieldIssue {
  /** `body`, `query`, `path`, `headers` or null when the validator did not say (discriminator paths). */
  location: string | null;
  /** Dotted field path (`text.body`, `client_ref`, `limit`, `contacts.0.name`); WHOLE_BODY for the body as a whole. */
  field: string;
  message: string;
  missing: boolean;
}

/** Normalizes one validator error into a field and a message a partner can read. */
export function toFieldIssue(issue: ValidatorIssue): FieldIssue {
  const raw = issue.message ?? 'is invalid';
  const segments = (issue.path ?? '').split(/[/.]/).filter((s) => s !== '');
  let location: string | null = null;
  if (segments.length > 0 && LOCATIONS.has(segments[0]!)) location = segments.shift()!;
  if (location === 'params') location = 'path';
  if (location === 'header') location = 'headers';
  const required = REQUIRED.exec(raw);
  if (required && segments[segments.length - 1] !== required[1]) segments.push(required[1]!);
  const listed = ENUM.exec(raw.trim());
  const message = required ? 'is required' : listed ? (listed[1] ? `must be one of ${listed[1]}` : 'must be one of the allowed values') : raw.trim();
  const whole = location === null || location === 'body' ? WHOLE_BODY : location;
  return { location, field: segments.length > 0 ? segments.join('.') : whole, message, missing: required !== null };
}

/** Generic `oneOf` summaries say nothing a more specific message of the same request does not. */
const SUMMARY = /^must match (exactly one|a schema in anyOf)/;

/**
 * Folds validator errors into `details`: dotted field path → distinct messages. For a body with `oneOf`
 * branches (errors of every branch come mixed): the summary is dropped when specific messages exist;
 * errors every branch reports are kept; of the branch-specific ones, only the branch the body selects
 * is kept (a top-level string value naming the field, e.g. `type: "text"` selects `text.*`), and when
 * none is selected, alternative missing fields fold into one message on the whole body ("one of a, b is
 * required").
 */
export function foldValidationDetails(issues: readonly ValidatorIssue[], body?: unknown): Record<string, string[]> {
  const all = issues.map(toFieldIssue);
  const specific = all.filter((i) => !SUMMARY.test(i.message));
  let kept = specific.length > 0 ? specific : all;
  if (specific.length < all.length) kept = selectBranch(kept, body);
  // A Map, not an object literal: a field may be named like a built-in property (`constructor`,
  // `__proto__`, `toString`), which an object would read from its prototype.
  const details = new Map<string, string[]>();
  for (const { field, message } of kept) {
    const messages = details.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    details.set(field, messages);
  }
  return ownProperties(details);
}

/** A plain object with exactly these own properties (`__proto__` included, as an own key). */
export function ownProperties<V>(entries: Map<string, V>): Record<string, V> {
  const object: Record<string, V> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** The section 7 error of a request that breaks the contract (always status 400). */
export interface ValidationError {
  code: string;
  message: string;
  details: Record<string, string[]>;
}

/**
 * The 400 answer to a request that breaks the contract: `bad_request`, or the code a missing parameter
 * declares with `x-error-code-when-missing` (`codeWhenMissing`: `<in>.<name>` → code), with `details`.
 * The reference server and the mock both answer with it.
 */
export function validationError(
  issues: readonly ValidatorIssue[],
  codeWhenMissing: Readonly<Record<string, string>> = {},
  body?: unknown,
): ValidationError {
  const special = issues
    .map(toFieldIssue)
    .map((issue) => (issue.missing && issue.location ? codeWhenMissing[`${issue.location}.${issue.field}`] : undefined))
    .find((code) => code !== undefined);
  const code = special ?? 'bad_request';
  const details = foldValidationDetails(issues, body);
  const message = code === 'bad_request' ? 'The request is invalid.' : `Missing ${Object.keys(details).join(', ')}.`;
  return { code, message, details };
}

/**
 * The 400 answer to a path that is not valid percent-encoding (`/clients/%E0%A4%A`): every path parameter
 * of its operation named, since which one holds the broken escape cannot be told once decoding failed.
 */
export function malformedPathError(parameters: ReadonlyArray<Record<string, unknown>>): ValidationError {
  const pathParameters = parameters.filter((p) => p.in === 'path').map((p) => String(p.name));
  const details = ownProperties(new Map(pathParameters.map((name) => [name, ['is not valid percent-encoding']])));
  return { code: 'bad_request', message: 'A path parameter is not valid percent-encoding.', details };
}

/** Whether every segment of a path decodes (`decodeURIComponent` refuses a broken escape). */
export function isPercentDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function selectBranch(issues: FieldIssue[], body: unknown): FieldIssue[] {
  const keyOf = (i: FieldIssue) => `${i.field}\u0000${i.message}`;
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(keyOf(issue), (counts.get(keyOf(issue)) ?? 0) + 1);
  const shared = (i: FieldIssue) => counts.get(keyOf(i))! > 1;
  const branchOnly = issues.filter((i) => !shared(i));
  if (branchOnly.length < 2) return issues;
  const top = (i: FieldIssue) => i.field.split('.')[0];
  const values = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.values(body) : [];
  const selected = values.find((v): v is string => typeof v === 'string' && branchOnly.some((i) => top(i) === v));
  if (selected !== undefined) return issues.filter((i) => shared(i) || top(i) === selected);
  const alternatives = branchOnly.filter((i) => i.missing && !i.field.includes('.'));
  if (alternatives.length < 2) return issues;
  const rest = issues.filter((i) => !alternatives.includes(i));
  const names = alternatives.map((i) => i.field).join(', ');
  return [...rest, { location: 'body', field: WHOLE_BODY, message: `one of ${names} is required`, missing: true }];
}
