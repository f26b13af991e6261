// `npm run docs`: renders the API reference as one self-contained HTML file, docs/site/index.html.
//
// openapi.yaml is never edited: a temporary copy gets `x-codeSamples` on every operation (curl and the typed
// client), generated from the operation's first request example (or its parameter examples), and Redocly
// renders that copy with `--inlineBundle` so the page needs no network (no CDN).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';

type Json = Record<string, unknown>;

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const root = resolve(__dirname, '..');
export const SPEC_FILE = resolve(root, 'openapi.yaml');
export const SITE_FILE = resolve(root, 'docs/site/index.html');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** The package name users import the client from. */
export const PACKAGE_NAME = '@partner-messaging/contract';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deref(doc: Json, value: unknown): unknown {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    let target: unknown = doc;
    for (const raw of current.$ref.replace(/^#\//, '').split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

/** The default server address: `{protocol}://{host}/v1` with the variables' defaults. */
export function defaultServerUrl(spec: Json): string {
  const server = Array.isArray(spec.servers) && isObject(spec.servers[0]) ? spec.servers[0] : {};
  let url = typeof server.url === 'string' ? server.url : 'http://localhost:4000/v1';
  const variables = isObject(server.variables) ? server.variables : {};
  for (const [name, variable] of Object.entries(variables)) {
    if (isObject(variable) && typeof variable.default === 'string') url = url.replace(`{${name}}`, variable.default);
  }
  return url.replace(/\/$/, '');
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  example: unknown;
  default: unknown;
}

function parametersOf(spec: Json, item: Json, op: Json): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [item.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = deref(spec, raw);
      if (!isObject(param) || typeof param.name !== 'string' || typeof param.in !== 'string') continue;
      const schema = deref(spec, param.schema);
      const schemaExamples = isObject(schema) && Array.isArray(schema.examples) ? schema.examples : [];
      byKey.set(`${param.in}:${param.name}`, {
        name: param.name,
        in: param.in,
        required: param.required === true,
        example: param.example ?? schemaExamples[0],
        default: isObject(schema) ? schema.default : undefined,
      });
    }
  }
  return [...byKey.values()];
}

interface RequestShape {
  kind: 'none' | 'json' | 'multipart';
  body?: Json | unknown[];
  /** multipart: text fields and the file field names */
  fields?: Record<string, string>;
  files?: string[];
}

function requestShape(spec: Json, op: Json): RequestShape {
  const body = deref(spec, op.requestBody);
  if (!isObject(body) || !isObject(body.content)) return { kind: 'none' };
  const json = body.content['application/json'];
  if (isObject(json)) {
    const examples = isObject(json.examples) ? Object.values(json.examples) : [];
    const first = deref(spec, examples[0]);
    const value = isObject(first) ? first.value : json.example;
    return { kind: 'json', body: (value ?? {}) as Json };
  }
  const multipart = body.content['multipart/form-data'];
  if (isObject(multipart)) {
    const schema = deref(spec, multipart.schema);
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const fields: Record<string, string> = {};
    const files: string[] = [];
    for (const [name, rawProp] of Object.entries(properties)) {
      const prop = deref(spec, rawProp);
      if (!isObject(prop)) continue;
      if (prop.format === 'binary' || typeof prop.contentMediaType === 'string') files.push(name);
      else if (Array.isArray(prop.examples) && prop.examples.length) fields[name] = String(prop.examples[0]);
      else if (Array.isArray(prop.enum) && prop.enum.length) fields[name] = String(prop.enum[0]);
    }
    return { kind: 'multipart', fields, files };
  }
  return { kind: 'none' };
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

function tsLiteral(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, '$1:')
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_match, inner: string) => `'${inner.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`)
    .split('\n')
    .join(`\n${indent}`);
}

/** The sample file a multipart upload sends, by operation. */
function sampleFile(operationId: string): { path: string; type: string } {
  return operationId === 'uploadTemplateMedia'
    ? { path: 'shipping-banner.jpg', type: 'image/jpeg' }
    : { path: 'photo.jpg', type: 'image/jpeg' };
}

/** The curl and typed-client samples of one operation. */
export function codeSamples(spec: Json, path: string, method: string, item: Json, op: Json): CodeSample[] {
  const baseUrl = defaultServerUrl(spec);
  const operationId = String(op.operationId ?? `${method} ${path}`);
  const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
  const params = parametersOf(spec, item, op).filter(
    (param) => param.example !== undefined && (param.required || param.default === undefined),
  );
  const pathParams = params.filter((param) => param.in === 'path');
  const queryParams = params.filter((param) => param.in === 'query');
  const shape = requestShape(spec, op);
  const binaryResponse = isObject(op.responses) && Object.values(op.responses).some((raw) => {
    const response = deref(spec, raw);
    return isObject(response) && isObject(response.content) && 'application/octet-stream' in response.content;
  });

  let concretePath = path;
  for (const param of pathParams) concretePath = concretePath.replace(`{${param.name}}`, encodeURIComponent(String(param.example)));
  const query = new URLSearchParams(queryParams.map((param) => [param.name, String(param.example)])).toString();
  const url = `${baseUrl}${concretePath}${query ? `?${query}` : ''}`;

  // curl
  const curl: string[] = [`curl ${method === 'get' ? '' : `-X ${method.toUpperCase()} `}${shellQuote(url)}`];
  if (authenticated) curl.push(`-H "Authorization: Bearer $PARTNER_API_KEY"`);
  if (shape.kind === 'json') {
    curl.push(`-H 'Content-Type: application/json'`);
    curl.push(`-d ${shellQuote(JSON.stringify(shape.body, null, 2))}`);
  } else if (shape.kind === 'multipart') {
    for (const [name, value] of Object.entries(shape.fields ?? {})) curl.push(`-F ${shellQuote(`${name}=${value}`)}`);
    const file = sampleFile(operationId);
    for (const name of shape.files ?? []) curl.push(`-F ${shellQuote(`${name}=@${file.path};type=${file.type}`)}`);
  }
  if (binaryResponse) curl.push('-D - -o media.bin');
  const curlSource = curl.join(' \\\n  ');

  // typed client
  const methodName = method.toUpperCase();
  const init: string[] = [];
  const paramLines: string[] = [];
  if (pathParams.length) {
    paramLines.push(`path: ${tsLiteral(Object.fromEntries(pathParams.map((p) => [p.name, p.example])), '    ')}`);
  }
  if (queryParams.length) {
    paramLines.push(`query: ${tsLiteral(Object.fromEntries(queryParams.map((p) => [p.name, p.example])), '    ')}`);
  }
  if (paramLines.length) init.push(`params: {\n    ${paramLines.join(',\n    ')},\n  }`);
  const preamble: string[] = [];
  if (shape.kind === 'json') init.push(`body: ${tsLiteral(shape.body, '  ')}`);
  if (shape.kind === 'multipart') {
    const file = sampleFile(operationId);
    preamble.push(
      `// multipart/form-data: give the file as a Blob or File; the client builds the form`,
      `const file = new File([await readFile('${file.path}')], '${file.path}', { type: '${file.type}' });`,
    );
    const entries = [
      ...Object.entries(shape.fields ?? {}).map(([name, value]) => `${name}: '${value}'`),
      ...(shape.files ?? []).map((name) => (name === 'file' ? 'file' : `${name}: file`)),
    ];
    init.push(`body: { ${entries.join(', ')} }`);
  }
  if (binaryResponse) init.push(`parseAs: 'arrayBuffer'`);
  const call = init.length
    ? `await api.${methodName}('${path}', {\n  ${init.join(',\n  ')},\n})`
    : `await api.${methodName}('${path}')`;
  const imports = [`import { createPartnerClient } from '${PACKAGE_NAME}';`];
  if (shape.kind === 'multipart') imports.unshift(`import { readFile } from 'node:fs/promises';`);
  const clientSource = [
    ...imports,
    '',
    `const api = createPartnerClient({ baseUrl: '${baseUrl}', apiKey: process.env.PARTNER_API_KEY! });`,
    '',
    ...preamble,
    `const { ${method === 'delete' ? '' : 'data, '}error, response } = ${call};`,
    `if (error) throw new Error(\`\${response.status} \${error.error.code}: \${error.error.message}\`);`,
    binaryResponse
      ? `console.log(response.headers.get('X-Media-Sha256'), data.byteLength);`
      : method === 'delete'
        ? `console.log(response.status); // 204`
        : `console.log(data);`,
  ].join('\n');

  return [
    { lang: 'Shell', label: 'curl', source: curlSource },
    { lang: 'TypeScript', label: 'Typed client', source: clientSource },
  ];
}

/** The partner guides rendered into the reference, in this order, under a "Guides" group. */
export const GUIDES: ReadonlyArray<{ file: string; title: string }> = [
  { file: 'quickstart.md', title: 'Quickstart' },
  { file: 'authentication-and-keys.md', title: 'Authentication, keys and scopes' },
  { file: 'errors-and-retries.md', title: 'Errors and retries' },
  { file: 'sending-templates.md', title: 'Sending templates' },
  { file: 'webhooks.md', title: 'Webhooks guide' },
  { file: 'testing-against-the-mock.md', title: 'Testing against the mock' },
  { file: 'contract-testing-in-ci.md', title: 'Contract testing in CI' },
  { file: 'checking-your-webhook-receiver.md', title: 'Checking your webhook receiver' },
  { file: 'partner-journeys.md', title: 'Partner journeys (Arazzo)' },
  { file: 'decisions.md', title: 'Decisions' },
];

const slug = (title: string): string => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Adds the guides (docs/*.md) to a copy of the contract as description-only tags in a "Guides" group, so
 * the rendered reference carries them too; links between guides become links between the rendered pages.
 */
export function withGuides(spec: Json, readGuide: (file: string) => string | undefined): Json {
  const copy = structuredClone(spec);
  const present = GUIDES.map((guide) => ({ ...guide, text: readGuide(guide.file) })).filter(
    (guide): guide is { file: string; title: string; text: string } => typeof guide.text === 'string',
  );
  const pageOf = new Map(present.map((guide) => [guide.file, `#/${slug(guide.title)}`]));
  const tags = Array.isArray(copy.tags) ? copy.tags : [];
  for (const guide of present) {
    const body = guide.text
      .replace(/^# .*\n+/, '') // the page title is the tag's name
      .replace(/\]\(([a-z0-9-]+\.md)(#[^)]*)?\)/g, (match, file: string) => (pageOf.has(file) ? `](${pageOf.get(file)})` : match));
    tags.push({ name: guide.title, description: body });
  }
  copy.tags = tags;
  const groups = Array.isArray(copy['x-tagGroups']) ? copy['x-tagGroups'] : [];
  copy['x-tagGroups'] = [{ name: 'Guides', tags: present.map((guide) => guide.title) }, ...groups];
  return copy;
}

/** A copy of the contract with `x-codeSamples` on every operation (the input is not modified). */
export function withCodeSamples(spec: Json): Json {
  const copy = structuredClone(spec);
  const paths = isObject(copy.paths) ? copy.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op)) op['x-codeSamples'] = codeSamples(copy, path, method, item, op);
    }
  }
  return copy;
}

export interface BuildResult {
  output: string;
  bytes: number;
  ms: number;
  operations: number;
  webhooks: number;
}

export function buildDocs(output: string = SITE_FILE): BuildResult {
  const started = Date.now();
  const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as Json;
  const copy = withGuides(withCodeSamples(spec), (file) => {
    const path = resolve(root, 'docs', file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  });
  const work = mkdtempSync(join(tmpdir(), 'partner-docs-'));
  try {
    const tempSpec = join(work, 'openapi.yaml');
    writeFileSync(tempSpec, stringify(copy, { lineWidth: 0 }));
    mkdirSync(dirname(output), { recursive: true });
    const redocly = require.resolve('@redocly/cli/bin/cli.js');
    const info = isObject(spec.info) ? spec.info : {};
    const run = spawnSync(
      process.execPath,
      [
        redocly,
        'build-docs',
        tempSpec,
        '--inlineBundle',
        '--output',
        output,
        '--title',
        `${String(info.title ?? 'API')} ${String(info.version ?? '')} reference`,
        '--lint-config',
        'off',
        '--openapi.expandResponses=200,201',
        '--openapi.jsonSamplesExpandLevel=3',
        '--openapi.sortTagsAlphabetically=false',
      ],
      // the temp dir as cwd keeps the repository's lint config (redocly.yaml) out of the render
      { cwd: work, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    if (run.status !== 0) {
      throw new Error(`redocly build-docs failed (exit ${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const paths = isObject(spec.paths) ? spec.paths : {};
  const operations = Object.values(paths).reduce<number>(
    (count, item) => count + (isObject(item) ? METHODS.filter((method) => isObject(item[method])).length : 0),
    0,
  );
  const webhooks = isObject(spec.webhooks) ? Object.keys(spec.webhooks).length : 0;
  return { output, bytes: statSync(output).size, ms: Date.now() - started, operations, webhooks };
}

if (require.main === module) {
  try {
    const result = buildDocs(process.argv[2] ? resolve(process.argv[2]) : SITE_FILE);
    console.log(
      `docs: ${result.output} (${(result.bytes / 1024 / 1024).toFixed(2)} MB, ${result.operations} operations, ` +
        `${result.webhooks} webhooks, ${result.ms} ms)`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
