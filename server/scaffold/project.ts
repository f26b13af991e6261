// The project `partner-messaging-scaffold` writes: a small Express service implementing openapi.yaml, one
// handler module per tag with every operation answering the contract's first documented example until it is
// implemented, the contract's validator on for requests and responses, and a README. The handler modules and
// the binding are written from the contract; the pipeline files come from template/; the router that mounts
// the handlers and the validation-detail folding are the reference server's own files, copied.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import rootManifest from '../../package.json';
import contractManifest from '../../generated/package.json';
import { API_VERSION } from '../../generated/constants';
import { RESOURCE_ROOT, deref, type Contract, type Json, type Operation } from '../../spec';

/** The response headers src/pipeline.ts sets on every answer: handlers may leave them out. */
const PIPELINE_HEADERS = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After'];

/** Files of the reference server the project uses as they are (the contract imported from its package). */
const SHARED_FILES: Record<string, string> = {
  'src/contract-router.ts': 'server/http/contract-router.ts',
  'src/validation-details.ts': 'server/edge/validation-details.ts',
};

const TEMPLATE_DIR = 'server/scaffold/template';
/** npm leaves `.gitignore` out of packages: the template keeps it without the dot. */
const TEMPLATE_RENAMES: Record<string, string> = { gitignore: '.gitignore' };

const CONTRACT_PACKAGE = contractManifest.name;

const lit = (value: unknown) => JSON.stringify(value);
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);
/** `Templates` → `templates`, `Partner Accounts` → `partner-accounts` (file) and `partnerAccounts` (identifier). */
const fileOf = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const identifierOf = (tag: string) => fileOf(tag).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The lowest documented 2xx of an operation: what its stub answers. */
function stubStatus(op: Operation): string {
  const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s)).sort();
  if (!success[0]) throw new Error(`${op.operationId} documents no 2xx answer to stub`);
  return success[0];
}

/** The first documented example of the response (of its first media type), and its media type. */
function firstExample(op: Operation, status: string): { mediaType: string; value: unknown } | undefined {
  const content = op.responses[status]!.content;
  const mediaType = Object.keys(content)[0];
  if (mediaType === undefined) return undefined;
  const [name] = Object.keys(content[mediaType]!.examples);
  if (name === undefined) throw new Error(`${op.operationId} ${status} has no named example to answer with`);
  return { mediaType, value: content[mediaType]!.examples[name] };
}

/** The example of a header (its own, or its schema's). */
function headerExample(contract: Contract, op: Operation, status: string, name: string): unknown {
  const resolved = deref<Json | undefined>(contract.document, contract.schemaAt(op.responses[status]!.pointer)?.headers?.[name]);
  const example = resolved?.example ?? resolved?.schema?.example;
  if (example === undefined) throw new Error(`${op.operationId} ${status}: header ${name} has no example to answer with`);
  return example;
}

/** One handler that answers the operation's first documented example. */
function stub(contract: Contract, op: Operation): string {
  const status = stubStatus(op);
  const example = firstExample(op, status);
  const summary = op.definition.summary ? ` ${op.definition.summary}.` : '';
  const doc = `/** ${op.method.toUpperCase()} ${op.path}.${summary} Until implemented: ${status}${example ? ', its first example' : ''}. */`;
  const headers = Object.entries(op.responses[status]!.headers)
    .filter(([name, h]) => h.required && !PIPELINE_HEADERS.includes(name))
    .map(([name]) =>
      // Content-Length frames the body actually sent: it is measured, not copied from an example.
      name.toLowerCase() === 'content-length' ? `${lit(name)}: Buffer.byteLength(body)` : `${lit(name)}: ${lit(headerExample(contract, op, status, name))}`,
    );
  const binary = example && !/json/i.test(example.mediaType);
  const multipleMediaTypes = Object.keys(op.responses[status]!.content).length > 1 || example?.mediaType.includes('*');
  const fields = [`status: ${status}`];
  if (example && multipleMediaTypes) fields.push(`contentType: ${lit(example.mediaType)}`);
  if (headers.length) fields.push(`headers: { ${headers.join(', ')} }`);
  if (example) fields.push(binary ? 'body' : `body: ${indent(JSON.stringify(example.value, null, 2), '    ')}`);
  const answer = `{\n    ${fields.join(',\n    ')},\n  }`;
  if (binary) return `  ${doc}\n  ${op.operationId}: async (_request) => {\n    const body = ${lit(example.value)};\n    return ${indent(answer, '  ')};\n  },`;
  return `  ${doc}\n  ${op.operationId}: async (_request) => (${answer}),`;
}

function tagModule(contract: Contract, tag: string, operations: Operation[]): string {
  return `// Tag ${tag}: ${operations.map((o) => o.operationId).join(', ')}.
// Each handler answers the contract's first documented example until you implement it. The request it
// receives and the answers it may give are typed from openapi.yaml: an undocumented status, body or header
// fails the type-check, and the validator holds every answer to the contract at run time.
import type { TagHandlers } from '${CONTRACT_PACKAGE}';
import type { Binding } from '../binding';

export const ${identifierOf(tag)}: TagHandlers<${lit(tag)}, Binding> = {
${operations.map((op) => stub(contract, op)).join('\n\n')}
};
`;
}

function handlersIndex(tags: string[]): string {
  return `// Every operation of the contract, one module per tag: a missing handler fails the type-check.
import type { Handlers } from '${CONTRACT_PACKAGE}';
import type { Binding } from '../binding';
${tags.map((tag) => `import { ${identifierOf(tag)} } from './${fileOf(tag)}';`).join('\n')}

export const handlers: Handlers<Binding> = {
${tags.map((tag) => `  ...${identifierOf(tag)},`).join('\n')}
};
`;
}

function bindingModule(): string {
  return `// What this service hands to its handlers: the authenticated key, uploaded files, and the response headers
// its pipeline sets (src/pipeline.ts), which handlers may therefore leave out of their answers.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ServerBinding } from '${CONTRACT_PACKAGE}';

/** The key a request authenticated with. Replace with your key record. */
export interface ApiKey {
  id: string;
  mode: 'test' | 'live';
  scopes: readonly string[] | 'all';
}

/** An uploaded file part, as the validator's multipart reader (multer, in memory) keeps it. */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export interface Binding extends ServerBinding {
  key: ApiKey;
  file: UploadedFile;
  provided: ${PIPELINE_HEADERS.map(lit).join(' | ')};
}

/**
 * Looks up the key of a bearer token. Until you connect your key store, any token shaped like the
 * service's keys (\`ik_test_…\`, \`ik_live_…\`) is accepted with every scope.
 */
export async function findKey(token: string): Promise<ApiKey | undefined> {
  const mode = /^ik_(test|live)_[A-Za-z0-9_-]+$/.exec(token)?.[1] as ApiKey['mode'] | undefined;
  if (!mode) return undefined;
  return { id: createHash('sha256').update(token).digest('hex').slice(0, 16), mode, scopes: 'all' };
}

export const hasScopes = (key: ApiKey, scopes: readonly string[]) => key.scopes === 'all' || scopes.every((s) => key.scopes.includes(s));

/** The key authenticateAndCount (src/pipeline.ts) found. */
export const key = (_req: Request, res: Response): ApiKey => res.locals.apiKey as ApiKey;

/** The uploaded file of a form part; a missing required part is refused as the validator refuses a missing field. */
export function file(req: Request, _res: Response, part: string): UploadedFile {
  const found = ((req.files ?? []) as UploadedFile[]).find((f) => f.fieldname === part);
  if (!found) throw { status: 400, errors: [{ path: \`/body/\${part}\`, message: \`must have required property '\${part}'\` }] };
  return found;
}
`;
}

function packageManifest(name: string): string {
  const pinned = (dep: string) => {
    const version = (rootManifest.dependencies as Record<string, string>)[dep] ?? (rootManifest.devDependencies as Record<string, string>)[dep];
    if (!version) throw new Error(`the repository pins no version of ${dep}`);
    return version;
  };
  return `${JSON.stringify(
    {
      name,
      version: '0.1.0',
      private: true,
      description: `An implementation of the Partner Messaging API ${contractManifest.version} contract, scaffolded by partner-messaging-scaffold.`,
      engines: rootManifest.engines,
      scripts: {
        build: 'tsc -p tsconfig.json',
        typecheck: 'tsc --noEmit -p tsconfig.json',
        start: 'node dist/main.js',
      },
      dependencies: {
        [CONTRACT_PACKAGE]: contractManifest.version,
        express: pinned('express'),
        'express-openapi-validator': pinned('express-openapi-validator'),
      },
      devDependencies: {
        '@types/express': pinned('@types/express'),
        '@types/node': pinned('@types/node'),
        typescript: pinned('typescript'),
      },
    },
    null,
    2,
  )}\n`;
}

function readme(name: string, tags: Map<string, Operation[]>): string {
  const rows = [...tags].map(([tag, ops]) => `| \`src/handlers/${fileOf(tag)}.ts\` | ${tag} | ${ops.map((o) => `\`${o.operationId}\``).join(', ')} |`);
  return `# ${name}

An implementation of the Partner Messaging API ${API_VERSION}, started from its contract (\`${CONTRACT_PACKAGE}\`
${contractManifest.version}). Every operation is present and answers the contract's first documented example
until you implement it.

\`\`\`sh
npm install
npm run build && PORT=3000 npm start      # http://127.0.0.1:3000/v1
curl -s http://127.0.0.1:3000/v1/status
\`\`\`

## Where things are

| file | tag | operations |
|---|---|---|
${rows.join('\n')}
| \`src/handlers/index.ts\` | | every operation (a missing handler fails the type-check) |
| \`src/binding.ts\` | | the key type and lookup (replace \`findKey\` with your key store), uploaded files, the headers the pipeline sets |
| \`src/pipeline.ts\` | | request id, authentication, scopes and the rate limit (in memory, per key) |
| \`src/errors.ts\` | | every failure as \`{error: {code, message, details?}}\` |
| \`src/app.ts\`, \`src/main.ts\` | | the pipeline in order, and the listener (\`PORT\`, \`HOST\`) |
| \`src/contract-router.ts\`, \`src/validation-details.ts\` | | copied from the reference server: how handlers are mounted, and how validation errors become \`details\` |

A handler receives a typed request (\`path\`, \`query\`, \`headers\`, \`body\`, \`files\`, and \`key\` on secured
operations) and returns \`{ status, body, headers? }\`: only a status the contract documents for that
operation, with that status's body and required headers, compiles. At run time express-openapi-validator
checks every request and every JSON answer against openapi.yaml; an answer that breaks it becomes a 500.

## When the contract changes

1. Update the contract package: \`npm install ${CONTRACT_PACKAGE}@<version>\` once it is on the npm registry; until
   then its file, made by \`npm pack -w generated\` in a clone of the contract's repository
   (\`npm install ./partner-messaging-contract-<version>.tgz\`).
2. \`npm run typecheck\`: every handler whose request or answers changed fails here, and a new operation
   fails \`src/handlers/index.ts\` until it has a handler. To start a new operation from its example, scaffold
   a fresh project (\`npx partner-messaging-scaffold --out /tmp/fresh\` with the server package installed) and copy
   its stub.
3. Before the contract is released, its maintainers run the breaking-change gate (\`npm run breaking\` in the
   contract's repository): a change that breaks partners is refused unless the major version is raised. A
   minor version therefore only adds; your handlers keep compiling and only new operations need code.

## Checking it against the contract

The drift check (\`@partner-messaging/contract-tests\`) sends the cases of the contract's suite to a running
instance and holds every answer to openapi.yaml (documented status, content type, body, headers):

\`\`\`sh
CHECK="npx partner-messaging-contract --base-url http://127.0.0.1:3000/v1 --api-key ik_live_…"
$CHECK --like mock          # as a stateless service: the pipeline's rules (validation, rate limit, missing key)
$CHECK --fixtures contract-fixtures.json --shape-only --allow-missing webhooks,webhook_test_trigger,signup_auth_code
\`\`\`

The scaffold passes both as written. The second runs every case and judges only the shape of each answer:
the stubs answer examples and keep no state, so the behaviour rules the cases break are listed, not failed.
Its fixtures may be any values of the right form (the stubs ignore them; the contract's examples do:
\`{"chat_client_ref": "acme-shoes-de", "approved_template": "order_shipped", …}\`). As you implement, drop
\`--shape-only\`, give real fixtures and a webhook receiver, until the whole suite passes.
`;
}

/** Every file of the project, by path relative to its folder. */
export function scaffoldFiles(contract: Contract, name: string): Map<string, string> {
  const files = new Map<string, string>();
  const tags = new Map<string, Operation[]>();
  for (const op of contract.operations) {
    const tag = op.tags[0] ?? 'default';
    tags.set(tag, [...(tags.get(tag) ?? []), op]);
  }
  const template = join(RESOURCE_ROOT, TEMPLATE_DIR);
  for (const entry of readdirSync(template, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = join(entry.parentPath, entry.name).slice(template.length + 1);
    files.set(TEMPLATE_RENAMES[relative] ?? relative, readFileSync(join(template, relative), 'utf8'));
  }
  for (const [target, source] of Object.entries(SHARED_FILES)) {
    const text = readFileSync(join(RESOURCE_ROOT, source), 'utf8');
    const rewritten = text.replace(/from '\.\.\/\.\.\/generated(\/[a-z]+)?'/g, `from '${CONTRACT_PACKAGE}'`);
    if (/from '\.\.?\//.test(rewritten)) throw new Error(`${source} imports a module of this repository besides the contract: it cannot be copied as it is`);
    files.set(target, rewritten);
  }
  files.set('src/binding.ts', bindingModule());
  for (const [tag, ops] of tags) files.set(`src/handlers/${fileOf(tag)}.ts`, tagModule(contract, tag, ops));
  files.set('src/handlers/index.ts', handlersIndex([...tags.keys()]));
  files.set('package.json', packageManifest(name));
  files.set('README.md', readme(name, tags));
  return files;
}

/** Thrown when the target folder holds files and overwriting was not asked for. */
export class NotEmptyError extends Error {}

/** Writes the project into `dir`; refuses a folder that holds anything unless `force`. Answers the files written. */
export function writeScaffold(contract: Contract, dir: string, opts: { name: string; force: boolean }): string[] {
  if (existsSync(dir) && readdirSync(dir).length > 0 && !opts.force) {
    throw new NotEmptyError(`${dir} is not empty; choose an empty folder, or pass --force to overwrite the files the scaffold writes`);
  }
  const files = scaffoldFiles(contract, opts.name);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return [...files.keys()].sort();
}
