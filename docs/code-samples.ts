// The code samples of the rendered reference. Each operation's request is built once from the contract (its
// first request example, or its parameter examples), then written in every language: curl, JavaScript,
// Python, Go, Java, PHP, Ruby and C# by @scalar/snippetz from that request, and TypeScript with the typed
// client of this package (which no generic generator knows).
import { snippetz } from '@scalar/snippetz';
import { deref, type Json, type Operation } from '../spec';

/** An entry of `x-codeSamples`: `lang` picks the highlighter, `label` names the tab. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The package name users import the client from. */
export const PACKAGE_NAME = '@partner-messaging/client';

/** The placeholder the samples send as the key: visibly not a key, so a copied sample cannot leak one. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

type SnippetzTarget = Parameters<ReturnType<typeof snippetz>['print']>[0];
type SnippetzRequest = NonNullable<Parameters<ReturnType<typeof snippetz>['print']>[2]>;

/**
 * The tabs of the reference, in order. `key` is how Redoc identifies a language (the lowercased label, or
 * its own key for the languages it knows: `C#` is `csharp`); the same list configures Redoc's
 * `codeSamples.languages`, since Redoc shows only the languages listed there.
 */
export const SAMPLE_LANGUAGES = [
  { key: 'curl', label: 'curl', lang: 'bash', snippetz: ['shell', 'curl'] },
  { key: 'typescript', label: 'TypeScript', lang: 'typescript', snippetz: null },
  { key: 'javascript', label: 'JavaScript', lang: 'javascript', snippetz: ['js', 'fetch'] },
  { key: 'python', label: 'Python', lang: 'python', snippetz: ['python', 'requests'] },
  { key: 'go', label: 'Go', lang: 'go', snippetz: ['go', 'native'] },
  { key: 'java', label: 'Java', lang: 'java', snippetz: ['java', 'nethttp'] },
  { key: 'php', label: 'PHP', lang: 'php', snippetz: ['php', 'guzzle'] },
  { key: 'ruby', label: 'Ruby', lang: 'ruby', snippetz: ['ruby', 'native'] },
  { key: 'csharp', label: 'C#', lang: 'csharp', snippetz: ['csharp', 'httpclient'] },
] as const satisfies ReadonlyArray<{ key: string; label: string; lang: string; snippetz: readonly [SnippetzTarget, string] | null }>;

/** One operation's example request, in the terms every language needs. */
export interface SampleRequest {
  method: string;
  /** The path as written in the contract (`/templates/{template_ref}`). */
  path: string;
  pathParams: Record<string, unknown>;
  queryParams: Record<string, unknown>;
  authenticated: boolean;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'multipart'; fields: Record<string, string>; files: Array<{ name: string; fileName: string; contentType: string }> };
  /** The success answer is bytes (a media download), not JSON. */
  binaryResponse: boolean;
}

/** The file a multipart sample uploads, by operation. */
function sampleFile(operationId: string): { fileName: string; contentType: string } {
  return operationId === 'uploadTemplateMedia'
    ? { fileName: 'shipping-banner.jpg', contentType: 'image/jpeg' }
    : { fileName: 'photo.jpg', contentType: 'image/jpeg' };
}

function exampleOf(doc: Json, parameter: Json): unknown {
  const schema = deref(doc, parameter.schema) as Json | undefined;
  return parameter.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined);
}

function bodyOf(doc: Json, op: Operation): SampleRequest['body'] {
  const content: Json = op.requestBody?.content ?? {};
  const json: Json | undefined = content['application/json'];
  if (json) {
    const first = deref(doc, Object.values<unknown>(json.examples ?? {})[0]) as Json | undefined;
    return { kind: 'json', value: first?.value ?? json.example ?? {} };
  }
  const multipart: Json | undefined = content['multipart/form-data'];
  if (multipart) {
    const schema = deref(doc, multipart.schema) as Json | undefined;
    const fields: Record<string, string> = {};
    const files: Array<{ name: string; fileName: string; contentType: string }> = [];
    for (const [name, raw] of Object.entries<unknown>(schema?.properties ?? {})) {
      const property = deref(doc, raw) as Json;
      if (property.format === 'binary' || typeof property.contentMediaType === 'string') files.push({ name, ...sampleFile(op.operationId) });
      else if (Array.isArray(property.examples) && property.examples.length) fields[name] = String(property.examples[0]);
      else if (Array.isArray(property.enum) && property.enum.length) fields[name] = String(property.enum[0]);
    }
    return { kind: 'multipart', fields, files };
  }
  return { kind: 'none' };
}

/** The operation's example request: required parameters and optional ones without a default, from their examples. */
export function sampleRequest(doc: Json, op: Operation): SampleRequest {
  const pathParams: Record<string, unknown> = {};
  const queryParams: Record<string, unknown> = {};
  for (const parameter of op.parameters) {
    const example = exampleOf(doc, parameter);
    const schema = deref(doc, parameter.schema) as Json | undefined;
    if (example === undefined || (parameter.required !== true && schema?.default !== undefined)) continue;
    if (parameter.in === 'path') pathParams[parameter.name] = example;
    if (parameter.in === 'query') queryParams[parameter.name] = example;
  }
  const binaryResponse = Object.values(op.responses).some((response) => 'application/octet-stream' in response.content);
  return { method: op.method, path: op.path, pathParams, queryParams, authenticated: op.secured, body: bodyOf(doc, op), binaryResponse };
}

/** The request as a HAR request, what @scalar/snippetz writes code from. */
function harRequest(request: SampleRequest, baseUrl: string): SnippetzRequest {
  let path = request.path;
  for (const [name, value] of Object.entries(request.pathParams)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const headers: Array<{ name: string; value: string }> = [];
  if (request.authenticated) headers.push({ name: 'Authorization', value: `Bearer ${API_KEY_PLACEHOLDER}` });
  const har: SnippetzRequest = {
    method: request.method.toUpperCase(),
    url: `${baseUrl}${path}`,
    headers,
    queryString: Object.entries(request.queryParams).map(([name, value]) => ({ name, value: String(value) })),
  };
  if (request.body.kind === 'json') {
    headers.push({ name: 'Content-Type', value: 'application/json' });
    har.postData = { mimeType: 'application/json', text: JSON.stringify(request.body.value, null, 2) };
  } else if (request.body.kind === 'multipart') {
    har.postData = {
      mimeType: 'multipart/form-data',
      params: [
        ...Object.entries(request.body.fields).map(([name, value]) => ({ name, value })),
        ...request.body.files.map(({ name, fileName, contentType }) => ({ name, fileName, contentType })),
      ],
    };
  }
  return har;
}

function tsLiteral(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, '$1:')
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_match, inner: string) => `'${inner.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`)
    .split('\n')
    .join(`\n${indent}`);
}

/** The TypeScript sample: the same request through the package's typed client (checked by tsc in the tests). */
export function typedClientSample(request: SampleRequest, baseUrl: string): string {
  const method = request.method.toUpperCase();
  const init: string[] = [];
  const params: string[] = [];
  if (Object.keys(request.pathParams).length) params.push(`path: ${tsLiteral(request.pathParams, '    ')}`);
  if (Object.keys(request.queryParams).length) params.push(`query: ${tsLiteral(request.queryParams, '    ')}`);
  if (params.length) init.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  const preamble: string[] = [];
  const imports = [`import { createPartnerClient } from '${PACKAGE_NAME}';`];
  if (request.body.kind === 'json') init.push(`body: ${tsLiteral(request.body.value, '  ')}`);
  if (request.body.kind === 'multipart') {
    const [file] = request.body.files;
    imports.unshift(`import { readFile } from 'node:fs/promises';`);
    if (file) {
      preamble.push(
        `// multipart/form-data: give the file as a Blob or File; the client builds the form`,
        `const file = new File([await readFile('${file.fileName}')], '${file.fileName}', { type: '${file.contentType}' });`,
      );
    }
    const entries = [
      ...Object.entries(request.body.fields).map(([name, value]) => `${name}: '${value}'`),
      ...request.body.files.map(({ name }) => (name === 'file' ? 'file' : `${name}: file`)),
    ];
    init.push(`body: { ${entries.join(', ')} }`);
  }
  if (request.binaryResponse) init.push(`parseAs: 'arrayBuffer'`);
  const call = init.length ? `await api.${method}('${request.path}', {\n  ${init.join(',\n  ')},\n})` : `await api.${method}('${request.path}')`;
  const isDelete = request.method === 'delete';
  return [
    ...imports,
    '',
    `const api = createPartnerClient({ baseUrl: '${baseUrl}', apiKey: process.env.PARTNER_API_KEY! });`,
    '',
    ...preamble,
    `const { ${isDelete ? '' : 'data, '}error, response } = ${call};`,
    `if (error) throw new Error(\`\${response.status} \${error.error.code}: \${error.error.message}\`);`,
    request.binaryResponse
      ? `console.log(response.headers.get('X-Media-Sha256'), data.byteLength);`
      : isDelete
        ? `console.log(response.status); // 204`
        : `console.log(data);`,
  ].join('\n');
}

const generator = snippetz();

/** Every sample of one operation, in the order of SAMPLE_LANGUAGES. */
export function codeSamples(doc: Json, op: Operation, baseUrl: string): CodeSample[] {
  const request = sampleRequest(doc, op);
  const har = harRequest(request, baseUrl);
  return SAMPLE_LANGUAGES.map(({ label, lang, snippetz: target }) => {
    const source = target ? generator.print(target[0], target[1], har) : typedClientSample(request, baseUrl);
    if (!source) throw new Error(`@scalar/snippetz wrote no ${label} sample for ${op.operationId}`);
    return { lang, label, source };
  });
}
