// The `details` of a JSON body that breaks the contract, worked out from the contract itself, so the reference
// server and the mock answer the same request with the same details whatever their validators report
// (express-openapi-validator stops at the first error of a discriminated `oneOf`; Prism reports the errors
// of every branch). Where the schema offers a choice (`oneOf`, `anyOf`), the branch the body means is found
// first, then only its errors are told:
//   - by a property every branch fixes (`const` or `enum`, e.g. a send's `type`): an unknown value is
//     "must be one of text, image, …", a known one selects its branch;
//   - by the body's JSON type (an array or an object of `parameters`);
//   - by the keys only one branch requires (`template_ref` or `template`): none is "one of template_ref,
//     template is required", both is "give exactly one of template_ref, template".
// A part of the schema without a choice inside is checked by the contract's Ajv validator as a whole. The
// body as a whole is named WHOLE_BODY.
import type { Contract, Json, Operation } from '../../spec';
import { deref } from '../../spec';
import { WHOLE_BODY, foldValidationDetails, ownProperties, toFieldIssue, validationError, type ValidationError, type ValidatorIssue } from './validation-details';

interface Issue {
  /** Dotted path from the body ('' for the body itself). */
  path: string;
  message: string;
}

/** Keywords that describe what is inside a value (walked here), not the value itself (checked by Ajv). */
const INNER = ['properties', 'items', 'additionalProperties', 'patternProperties', 'prefixItems'];
const CHOICES = ['oneOf', 'anyOf'] as const;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);
const admits = (types: unknown, value: unknown): boolean => {
  if (types === undefined) return true;
  const type = jsonType(value);
  return (Array.isArray(types) ? types : [types]).some((t) => t === type || (t === 'number' && type === 'integer'));
};

/** What one contract can explain, built once per contract document. */
class BodyExplainer {
  private readonly choiceWithin = new WeakMap<object, boolean>();
  /** Each schema node with its `$ref` followed, once (a followed node is a new object). */
  private readonly resolved = new WeakMap<object, unknown>();

  constructor(private readonly contract: Contract) {}

  /** The issues of `value` against `schema` (none when it holds). */
  explain(schema: unknown, value: unknown, path = ''): Issue[] {
    const node = this.resolve(schema);
    if (!isObject(node)) return [];
    if (!this.hasChoiceWithin(node)) return this.checked(node, value, path);
    const issues: Issue[] = [];
    const choice = CHOICES.find((keyword) => Array.isArray(node[keyword]));
    const parts: unknown[] = Array.isArray(node.allOf) ? node.allOf : [];
    const own = Object.fromEntries(Object.entries(node).filter(([keyword]) => keyword !== 'allOf' && keyword !== choice && !INNER.includes(keyword)));
    issues.push(...this.checked(own, value, path));
    if (!admits(node.type, value)) return issues;
    for (const part of parts) issues.push(...this.explain(part, value, path));
    if (choice) issues.push(...this.explainChoice(node[choice] as unknown[], choice, value, path));
    if (isObject(value)) {
      for (const [key, inner] of Object.entries(value)) {
        const declared = isObject(node.properties) && Object.hasOwn(node.properties, key);
        if (!declared && node.additionalProperties === false) {
          issues.push({ path: join(path, key), message: 'is not a field' });
          continue;
        }
        const sub = declared ? node.properties[key] : isObject(node.additionalProperties) ? node.additionalProperties : undefined;
        if (sub !== undefined) issues.push(...this.explain(sub, inner, join(path, key)));
      }
    }
    if (Array.isArray(value) && node.items !== undefined) value.forEach((item, index) => issues.push(...this.explain(node.items, item, join(path, index))));
    return issues;
  }

  /** The branch of a choice the value means, explained; or what is wrong with the choice itself. */
  private explainChoice(options: unknown[], keyword: (typeof CHOICES)[number], value: unknown, path: string): Issue[] {
    const branches = options.map((option) => this.resolve(option)).filter(isObject);
    const holding = branches.filter((branch) => this.explain(branch, value, path).length === 0).length;
    if (holding === 1 || (keyword === 'anyOf' && holding > 1)) return [];
    const fixed = isObject(value) ? this.fixedProperty(branches) : undefined;
    if (isObject(value) && fixed) {
      const given = value[fixed.name];
      const allowed = [...new Set(fixed.values.flat())].map(String).join(', ');
      if (given === undefined) return [{ path: join(path, fixed.name), message: `is required: one of ${allowed}` }];
      const meant = branches.filter((_, index) => fixed.values[index]!.includes(given));
      if (meant.length === 0) return [{ path: join(path, fixed.name), message: `must be one of ${allowed}` }];
      if (meant.length === 1) return this.explain(meant[0], value, path);
    }
    const ofType = branches.filter((branch) => admits(this.typesOf(branch), value));
    if (ofType.length === 0) {
      const types = [...new Set(branches.flatMap((branch) => [this.typesOf(branch)].flat().map(String)))];
      return [{ path, message: `must be ${types.join(' or ')}` }];
    }
    if (ofType.length === 1) return this.explain(ofType[0], value, path);
    if (isObject(value)) {
      const own = ofType.map((branch) => this.ownRequired(branch, ofType));
      const given = own.map((keys) => keys.filter((key) => key in value));
      const named = ofType.filter((_, index) => given[index]!.length > 0);
      if (named.length === 1) return this.explain(named[0], value, path);
      if (named.length > 1) return [{ path, message: `give exactly one of ${[...new Set(given.flat())].join(', ')}` }];
      if (own.every((keys) => keys.length > 0)) return [{ path, message: `one of ${[...new Set(own.flat())].join(', ')} is required` }];
    }
    // nothing tells the branches apart: the one the value comes closest to
    return ofType.map((branch) => this.explain(branch, value, path)).reduce((best, issues) => (issues.length < best.length ? issues : best));
  }

  /** A property every branch fixes to a `const` or an `enum`, with each branch's values. */
  private fixedProperty(branches: Json[]): { name: string; values: unknown[][] } | undefined {
    const fixedOf = (branch: Json): Map<string, unknown[]> => {
      const found = new Map<string, unknown[]>();
      for (const part of [branch, ...(Array.isArray(branch.allOf) ? branch.allOf.map((p: unknown) => this.resolve(p)) : [])]) {
        if (!isObject(part) || !isObject(part.properties)) continue;
        for (const [name, schema] of Object.entries(part.properties)) {
          const property = this.resolve(schema);
          if (isObject(property) && 'const' in property) found.set(name, [property.const]);
          else if (isObject(property) && Array.isArray(property.enum)) found.set(name, property.enum);
        }
      }
      return found;
    };
    const all = branches.map(fixedOf);
    const name = [...(all[0]?.keys() ?? [])].find((candidate) => all.every((fixed) => fixed.has(candidate)));
    return name === undefined ? undefined : { name, values: all.map((fixed) => fixed.get(name)!) };
  }

  /** The JSON types a branch admits (its own `type`, or its parts'). */
  private typesOf(branch: Json): unknown {
    if (branch.type !== undefined) return branch.type;
    const parts = (Array.isArray(branch.allOf) ? branch.allOf : []).map((p: unknown) => this.resolve(p)).filter(isObject);
    return parts.find((part: Json) => part.type !== undefined)?.type;
  }

  /** The keys a branch requires that no other of `among` requires. */
  private ownRequired(branch: Json, among: Json[]): string[] {
    const requiredOf = (b: Json): string[] => [
      ...(Array.isArray(b.required) ? b.required : []),
      ...(Array.isArray(b.allOf) ? b.allOf.flatMap((p: unknown) => requiredOf(this.resolve(p) as Json)) : []),
    ];
    const others = new Set(among.filter((other) => other !== branch).flatMap(requiredOf));
    return requiredOf(branch).filter((key) => !others.has(key));
  }

  /** Ajv's errors of `value` against a schema without a choice inside, as issues. */
  private checked(schema: Json, value: unknown, path: string): Issue[] {
    const validate = this.contract.validators.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => {
      const at = error.instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      const where = at.reduce(join, path);
      const params = error.params as Record<string, unknown>;
      switch (error.keyword) {
        case 'required':
          return { path: join(where, String(params.missingProperty)), message: 'is required' };
        case 'enum':
          return { path: where, message: `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}` };
        case 'const':
          return { path: where, message: `must be ${String(params.allowedValue)}` };
        case 'additionalProperties':
          return { path: join(where, String(params.additionalProperty)), message: 'is not a field' };
        default:
          return { path: where, message: error.message ?? 'is invalid' };
      }
    });
  }

  private resolve(schema: unknown): unknown {
    if (!isObject(schema)) return schema;
    let resolved = this.resolved.get(schema);
    if (resolved === undefined) this.resolved.set(schema, (resolved = deref(this.contract.document, schema)));
    return resolved;
  }

  private hasChoiceWithin(node: Json, seen = new Set<object>()): boolean {
    const known = this.choiceWithin.get(node);
    if (known !== undefined) return known;
    if (seen.has(node)) return false;
    seen.add(node);
    const inner = [
      ...(Array.isArray(node.allOf) ? node.allOf : []),
      ...(isObject(node.properties) ? Object.values(node.properties) : []),
      node.items,
      node.additionalProperties,
    ];
    const found = CHOICES.some((keyword) => Array.isArray(node[keyword])) || inner.some((sub) => {
      const resolved = this.resolve(sub);
      return isObject(resolved) && this.hasChoiceWithin(resolved, seen);
    });
    this.choiceWithin.set(node, found);
    return found;
  }
}

const explainers = new WeakMap<Contract, BodyExplainer>();

/** `details` of a JSON body against a schema of the contract: dotted field path → its messages (empty when it holds). */
export function bodyDetails(contract: Contract, schema: unknown, body: unknown): Record<string, string[]> {
  let explainer = explainers.get(contract);
  if (!explainer) explainers.set(contract, (explainer = new BodyExplainer(contract)));
  const details = new Map<string, string[]>();
  for (const { path, message } of explainer.explain(schema, body)) {
    const field = path === '' ? WHOLE_BODY : path;
    const messages = details.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    details.set(field, messages);
  }
  return ownProperties(details);
}

/** The JSON body schema an operation declares, if any. */
const jsonBodySchema = (operation: Operation | undefined): unknown => operation?.requestBody?.content?.['application/json']?.schema;

/**
 * The 400 answer to a request that breaks the contract, as the server and the mock both give it: the
 * validator's issues of the query, path and headers folded (validation-details.ts), and, when it found the
 * JSON body at fault, the body's details worked out from the contract (bodyDetails) in place of its own.
 */
export function requestValidationError(contract: Contract, operation: Operation | undefined, issues: readonly ValidatorIssue[], body: unknown): ValidationError {
  const answer = validationError(issues, operation?.codeWhenMissing, body);
  const schema = jsonBodySchema(operation);
  if (answer.code !== 'bad_request' || schema === undefined || body === undefined) return answer;
  const located = issues.map((issue) => ({ issue, location: toFieldIssue(issue).location }));
  const aboutBody = located.filter(({ location }) => location === 'body' || location === null);
  if (aboutBody.length === 0) return answer;
  const explained = bodyDetails(contract, schema, body);
  if (Object.keys(explained).length === 0) return answer;
  const others = foldValidationDetails(located.filter(({ location }) => location !== 'body' && location !== null).map(({ issue }) => issue));
  return { ...answer, details: ownProperties(new Map([...Object.entries(others), ...Object.entries(explained)])) };
}
