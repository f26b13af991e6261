// Regenerates generated/ from openapi.yaml: the types (openapi-typescript), the contract's facts that code
// needs as values (version, scopes, webhook delivery rules, error codes), the server side (typed handlers and
// the operation table, generate-server.ts) and the index the contract package exports; and the same types and
// server side of the sandbox's own contract (server/sandbox/openapi.yaml) into server/sandbox/generated/,
// part of the server package, not of the contract package. With --check, fails when a committed file is
// stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { CONTRACT_PATH, bundleDocument, deref, indexOperations, readDocument, type Json } from '../spec';
import { serverModule } from './generate-server';

const root = resolve(__dirname, '..');
const bannerOf = (source: string, tool = '') => `// Generated from ${source} by \`npm run generate\`${tool}. Do not edit.\n\n`;
const BANNER = bannerOf('openapi.yaml');

/** The sandbox's contract: its types and server side go beside it, into the server package. */
const SANDBOX = {
  source: 'server/sandbox/openapi.yaml',
  /** The source with what it names of openapi.yaml copied in (spec/ bundleDocument): what the server validates with. */
  bundled: 'server/sandbox/generated/openapi.json',
  types: 'server/sandbox/generated/openapi.ts',
  constants: 'server/sandbox/generated/constants.ts',
  server: 'server/sandbox/generated/server.ts',
  /** The contract's server module, from the sandbox's. */
  sharedFrom: '../../../generated/server',
};

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
/** The `code` of the section 7 error envelope, typed as the documented codes (still open to new ones). */
const ERROR_CODE_PATH = '#/components/schemas/ErrorResponse/error/code';
const ERROR_CODE = ts.factory.createImportTypeNode(
  ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral('./constants')),
  undefined,
  ts.factory.createIdentifier('ErrorCode'),
);

/** The types of a document (openapi-typescript); `errorCodes`: the error envelope's `code` typed as the documented codes. */
async function types(source: string, document: Json, { errorCodes }: { errorCodes: boolean }): Promise<string> {
  let errorCodeTyped = false;
  const ast = await openapiTS(document as never, {
    // a field with a default is optional to send (language, category of a template, dry_run, …)
    defaultNonNullable: false,
    transform(schemaObject, { path }) {
      // multipart `file` parts are binary: type them as Blob so generated clients can send real files
      if (schemaObject.format === 'binary') return BLOB;
      if (errorCodes && path === ERROR_CODE_PATH) {
        errorCodeTyped = true;
        return ERROR_CODE;
      }
      return undefined;
    },
  });
  if (errorCodes && !errorCodeTyped) throw new Error(`${source} has no ${ERROR_CODE_PATH}: the error envelope of section 7 moved`);
  return bannerOf(source, ' (openapi-typescript)') + astToString(ast);
}

/**
 * Every `error.code` of the contract's named error examples, in document order, with the status it is
 * answered with (the response its examples sit under): the documented codes. A code documented under two
 * statuses is an error of the contract.
 */
function documentedErrorCodes(doc: Json): Map<string, number> {
  const statusOf = new Map<string, number>();
  for (const op of indexOperations(doc)) {
    for (const [status, response] of Object.entries(op.responses)) {
      for (const code of response.errorCodes) {
        const known = statusOf.get(code);
        if (known !== undefined && known !== Number(status)) throw new Error(`openapi.yaml documents error code ${code} under ${known} and ${status} (${op.operationId})`);
        statusOf.set(code, Number(status));
      }
    }
  }
  if (statusOf.size === 0) throw new Error('openapi.yaml documents no error code (no named error example)');
  return statusOf;
}

/** The values of `channel` a schema allows: its `const` or `enum`, through `allOf` and every `oneOf` branch. */
function channelsOf(doc: Json, raw: unknown): string[] {
  const schema = deref<Json>(doc, raw);
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? [])].flatMap((b: unknown) => channelsOf(doc, b));
  const channel = schema.properties?.channel ? deref<Json>(doc, schema.properties.channel) : undefined;
  const own: string[] = channel ? (channel.const !== undefined ? [channel.const] : (channel.enum ?? [])) : [];
  return [...new Set([...own, ...branches])];
}

/** Event kind → the channels its payload allows. */
function webhookChannels(doc: Json): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries<Json>(doc.webhooks ?? {}).map(([event, item]) => {
      const channels = channelsOf(doc, item.post?.requestBody?.content?.['application/json']?.schema);
      if (channels.length === 0) throw new Error(`openapi.yaml webhook ${event} states no channel`);
      return [event, channels];
    }),
  );
}

/** The bounds a schema states, by keyword. */
const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

/**
 * The enumerations and bounds a document's named schemas state, as values: code reads them from here
 * instead of writing them again.
 */
function namedSchemaFacts(doc: Json): string {
  const enums: string[] = [];
  const limits: string[] = [];
  for (const [name, raw] of Object.entries<unknown>(doc.components?.schemas ?? {})) {
    const schema = deref<Json>(doc, raw);
    if (Array.isArray(schema.enum)) enums.push(`  ${name}: [${schema.enum.map((v: unknown) => JSON.stringify(v)).join(', ')}],`);
    const bounds = LIMIT_KEYWORDS.filter((k) => typeof schema[k] === 'number').map((k) => `${k}: ${schema[k]}`);
    if (bounds.length > 0) limits.push(`  ${name}: { ${bounds.join(', ')} },`);
  }
  return `/** The values of every enumeration the contract names (\`components.schemas\` with an \`enum\`), by schema. */
export const ENUMS = {
${enums.join('\n')}
} as const;

/** The bounds (lengths, sizes, ranges) of every named schema that states them, by schema. */
export const LIMITS = {
${limits.join('\n')}
} as const;
`;
}

/** The contract's facts as values: what the service, its mock, the client and the checks share. */
function constants(doc: Json): string {
  const scopes = Object.keys(doc.components?.securitySchemes?.bearerAuth?.['x-scopes'] ?? {});
  const delivery = doc['x-webhook-delivery'] ?? {};
  const signature = doc.components?.parameters?.ServiceSignature?.name;
  const delays: unknown = delivery['retry-delays-seconds'];
  const timeout: unknown = delivery['response-timeout-seconds'];
  if (scopes.length === 0) throw new Error('openapi.yaml declares no x-scopes on bearerAuth');
  if (typeof signature !== 'string') throw new Error('openapi.yaml has no components.parameters.ServiceSignature');
  if (!Array.isArray(delays) || !delays.every((d) => Number.isInteger(d)) || !Number.isInteger(timeout)) {
    throw new Error('openapi.yaml x-webhook-delivery needs integer response-timeout-seconds and retry-delays-seconds');
  }
  const list = (values: readonly unknown[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  if (typeof doc.info?.version !== 'string') throw new Error('openapi.yaml has no info.version');
  const errorCodes = documentedErrorCodes(doc);
  return `${BANNER}/** The version of the API this contract describes (\`info.version\`). */
export const API_VERSION = ${JSON.stringify(doc.info.version)};

/** Every scope a key may carry (\`x-scopes\` of the bearer scheme). */
export const SCOPES = ${list(scopes)} as const;

export type Scope = (typeof SCOPES)[number];

/** Every webhook event kind (\`webhooks:\`), in document order. */
export const WEBHOOK_EVENTS = ${list(Object.keys(doc.webhooks ?? {}))} as const;

/** The channels each event kind comes on (the \`channel\` its payload allows). */
export const WEBHOOK_CHANNELS = {
${Object.entries(webhookChannels(doc)).map(([event, channels]) => `  ${JSON.stringify(event)}: ${list(channels)},`).join('\n')}
} as const;

/** The header carrying a webhook delivery's signature (\`sha256=<lowercase hex HMAC-SHA256 of the raw body>\`). */
export const SIGNATURE_HEADER = ${JSON.stringify(signature)};

/** A receiver answers a delivery with a 2xx within this time, or the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = ${(timeout as number) * 1000};

/** The wait before each retry of a failed delivery, after the previous failure (\`x-webhook-delivery\`). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = ${list((delays as number[]).map((d) => d * 1000))};

/** The first attempt plus one retry per entry of the schedule. */
export const WEBHOOK_MAX_ATTEMPTS = ${1 + delays.length};

/** Every error code the contract documents (the \`error.code\` of its named error examples). */
export const ERROR_CODES = ${list([...errorCodes.keys()])} as const;

export type KnownErrorCode = (typeof ERROR_CODES)[number];

/** The status each documented error code is answered with (the response its named examples sit under). */
export const ERROR_STATUS = {
${[...errorCodes].map(([code, status]) => `  ${code}: ${status},`).join('\n')}
} as const satisfies Record<KnownErrorCode, number>;

/**
 * The \`code\` of an error: a documented one, or one a later version of the API adds (\`string & {}\` keeps
 * the documented codes in autocompletion and narrowing while accepting any other string).
 */
export type ErrorCode = KnownErrorCode | (string & {});

${namedSchemaFacts(doc)}`;
}

async function main(): Promise<void> {
  const document = readDocument(CONTRACT_PATH);
  const sandbox = bundleDocument(resolve(root, SANDBOX.source));
  const files: Record<string, string> = {
    'generated/openapi.ts': await types('openapi.yaml', document, { errorCodes: true }),
    'generated/constants.ts': constants(document),
    'generated/server.ts': serverModule(document, BANNER),
    'generated/index.ts': `${BANNER}export * from './constants';\nexport type * from './openapi';\nexport * from './server';\n`,
    [SANDBOX.bundled]: `${JSON.stringify(sandbox, null, 2)}\n`,
    [SANDBOX.types]: await types(SANDBOX.source, sandbox, { errorCodes: false }),
    [SANDBOX.constants]: `${bannerOf(SANDBOX.source)}${namedSchemaFacts(sandbox)}`,
    [SANDBOX.server]: serverModule(sandbox, bannerOf(SANDBOX.source), { sharedFrom: SANDBOX.sharedFrom }),
  };
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [name, fresh] of Object.entries(files)) {
    const target = resolve(root, name);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current === fresh) continue;
    if (check) stale.push(name);
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, fresh);
      console.log(`wrote ${relative(root, target)}`);
    }
  }
  if (check && stale.length > 0) {
    console.error(`${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} stale: run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  if (check) console.log(`generated/ and ${dirname(SANDBOX.server)}/ are up to date.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
