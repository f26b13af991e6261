// `npm run docs`: renders the API reference as one self-contained HTML file, docs/site/index.html.
//
// openapi.yaml is never edited: a temporary copy gets `x-codeSamples` on every operation (docs/code-samples.ts),
// the guides and the changelog as pages, and Redocly renders that copy with `--inlineBundle` and the page
// template of docs/site-assets/, so the page needs no network (no CDN) and carries its own favicon.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { indexOperations, readDocument, type Json } from '../spec';
import { stampFile, writeStamp } from '../scripts/packages/freshness';
import { SAMPLE_LANGUAGES, codeSamples } from './code-samples';
import { docsInputs } from './inputs';

const root = resolve(__dirname, '..');
export const SPEC_FILE = resolve(root, 'openapi.yaml');
export const SITE_DIR = resolve(root, 'docs/site');
export const SITE_FILE = resolve(SITE_DIR, 'index.html');
const ASSETS = resolve(__dirname, 'site-assets');
export const FAVICON_FILE = resolve(ASSETS, 'favicon.svg');
const TEMPLATE_FILE = resolve(ASSETS, 'template.hbs');

/** The default server address: `{protocol}://{host}/v1` with the variables' defaults. */
export function defaultServerUrl(spec: Json): string {
  const server: Json = Array.isArray(spec.servers) && spec.servers[0] ? spec.servers[0] : {};
  let url = typeof server.url === 'string' ? server.url : 'http://localhost:4000/v1';
  for (const [name, variable] of Object.entries<Json>(server.variables ?? {})) {
    if (typeof variable?.default === 'string') url = url.replace(`{${name}}`, variable.default);
  }
  return url.replace(/\/$/, '');
}

/** The partner guides and the changelog rendered into the reference, in this order, under a "Guides" group. */
export const GUIDES: ReadonlyArray<{ file: string; title: string }> = [
  { file: 'docs/quickstart.md', title: 'Quickstart' },
  { file: 'docs/authentication-and-keys.md', title: 'Authentication, keys and scopes' },
  { file: 'docs/errors-and-retries.md', title: 'Errors and retries' },
  { file: 'docs/sending-templates.md', title: 'Sending templates' },
  { file: 'docs/webhooks.md', title: 'Webhooks guide' },
  { file: 'docs/testing-against-the-mock.md', title: 'Testing against the mock' },
  { file: 'docs/contract-testing-in-ci.md', title: 'Contract testing in CI' },
  { file: 'docs/checking-your-webhook-receiver.md', title: 'Checking your webhook receiver' },
  { file: 'docs/partner-journeys.md', title: 'Partner journeys (Arazzo)' },
  { file: 'docs/implementing-the-api.md', title: 'Implementing the API from the contract' },
  { file: 'docs/testing-your-error-handling.md', title: "Testing your integration's error handling" },
  { file: 'docs/decisions.md', title: 'Decisions' },
  { file: 'CHANGELOG.md', title: 'Changelog' },
];

export const slug = (title: string): string => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

/**
 * Adds the guides to a copy of the contract as description-only tags in a "Guides" group, so the rendered
 * reference carries them too; links between guides become links between the rendered pages.
 */
export function withGuides(spec: Json, readGuide: (file: string) => string | undefined): Json {
  const copy = structuredClone(spec);
  const present = GUIDES.map((guide) => ({ ...guide, text: readGuide(guide.file) })).filter(
    (guide): guide is { file: string; title: string; text: string } => typeof guide.text === 'string',
  );
  const pageOf = new Map(present.map((guide) => [baseName(guide.file), `#/${slug(guide.title)}`]));
  const tags: Json[] = Array.isArray(copy.tags) ? copy.tags : [];
  for (const guide of present) {
    const body = guide.text
      .replace(/^# .*\n+/, '') // the page title is the tag's name
      // Redoc's navigation labels a heading by its text up to the first inline markup: plain headings keep
      // the whole label ("2. Connect a chat client", not "2. Connect a")
      .replace(/^(#{2,6} .*)$/gm, (heading: string) => heading.replace(/`([^`]*)`/g, '$1'))
      .replace(/\]\(([A-Za-z0-9-]+\.md)(#[^)]*)?\)/g, (match, file: string) => (pageOf.has(file) ? `](${pageOf.get(file)})` : match));
    tags.push({ name: guide.title, description: body });
  }
  copy.tags = tags;
  const groups: Json[] = Array.isArray(copy['x-tagGroups']) ? copy['x-tagGroups'] : [];
  copy['x-tagGroups'] = [{ name: 'Guides', tags: present.map((guide) => guide.title) }, ...groups];
  return copy;
}

/** A copy of the contract with `x-codeSamples` on every operation (the input is not modified). */
export function withCodeSamples(spec: Json): Json {
  const copy = structuredClone(spec);
  const baseUrl = defaultServerUrl(copy);
  for (const op of indexOperations(copy)) op.definition['x-codeSamples'] = codeSamples(copy, op, baseUrl);
  return copy;
}

/** Where the served docs point partners: the try-it console and the contract files of the same server. */
export function withSiteLinks(spec: Json): Json {
  const copy = structuredClone(spec);
  copy.info = {
    ...copy.info,
    description:
      `**Try it:** the [try-it console](console/) sends requests to the server that serves these pages, with your key. ` +
      `The contract itself: [openapi.yaml](/openapi.yaml), [openapi.json](/openapi.json). ` +
      `What changed between versions: the [changelog](#/${slug('Changelog')}).\n\n${String(copy.info?.description ?? '')}`,
  };
  return copy;
}

/** Redoc's options (`--openapi <file>`): the sample tabs it shows are exactly the languages listed here. */
export const REDOC_OPTIONS = {
  expandResponses: '200,201',
  jsonSamplesExpandLevel: 3,
  sortTagsAlphabetically: false,
  codeSamples: { languages: SAMPLE_LANGUAGES.map(({ key, label, lang }) => ({ key, label, lang })) },
};

/**
 * The rendered page asks cdn.redoc.ly for the logo of its "API docs by Redocly" badge (no option turns the
 * badge off); the same attribution is kept with the logo's name as text, so nothing leaves the page.
 */
const REDOCLY_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const REDOCLY_LOGO_LOCAL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="13" font-family="sans-serif" font-size="13" font-weight="bold" fill="#ed4e38">Redocly</text></svg>',
)}`;

const svgDataUri = (file: string): string => `data:image/svg+xml,${encodeURIComponent(readFileSync(file, 'utf8'))}`;

export interface BuildResult {
  output: string;
  bytes: number;
  ms: number;
  operations: number;
  webhooks: number;
}

/** Renders the reference to `output`; the default page also records its inputs, so unchanged ones skip the next build. */
export function buildDocs(output: string = SITE_FILE): BuildResult {
  const started = Date.now();
  const inputs = docsInputs();
  const spec = readDocument(SPEC_FILE);
  const copy = withSiteLinks(
    withGuides(withCodeSamples(spec), (file) => {
      const path = resolve(root, file);
      return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    }),
  );
  const work = mkdtempSync(join(tmpdir(), 'partner-docs-'));
  try {
    const tempSpec = join(work, 'openapi.yaml');
    const options = join(work, 'redoc-options.json');
    writeFileSync(tempSpec, stringify(copy, { lineWidth: 0 }));
    writeFileSync(options, JSON.stringify(REDOC_OPTIONS));
    mkdirSync(dirname(output), { recursive: true });
    const redocly = require.resolve('@redocly/cli/bin/cli.js');
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
        `${String(spec.info?.title ?? 'API')} ${String(spec.info?.version ?? '')} reference`,
        '--template',
        TEMPLATE_FILE,
        `--templateOptions.favicon=${svgDataUri(FAVICON_FILE)}`,
        '--lint-config',
        'off',
        '--openapi',
        options,
      ],
      // the temp dir as cwd keeps the repository's lint config (redocly.yaml) out of the render
      { cwd: work, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    if (run.status !== 0) {
      throw new Error(`redocly build-docs failed (exit ${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
    }
    writeFileSync(output, readFileSync(output, 'utf8').replace(REDOCLY_LOGO, REDOCLY_LOGO_LOCAL));
    if (output === SITE_FILE) writeStamp(stampFile('docs'), inputs);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return {
    output,
    bytes: statSync(output).size,
    ms: Date.now() - started,
    operations: indexOperations(spec).length,
    webhooks: Object.keys(spec.webhooks ?? {}).length,
  };
}

const USAGE = `Usage: npm run docs [-- --output FILE]

Renders openapi.yaml, the guides and the changelog into one self-contained HTML file
(default: docs/site/index.html). \`npm start\` serves it at /docs, with the try-it console at /docs/console/.

Options:
  --output FILE   where to write the page
  --help          this text`;

function main(argv: string[]): number {
  let values: { output?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { output: { type: 'string' }, help: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    const result = buildDocs(values.output ? resolve(values.output) : SITE_FILE);
    console.log(
      `docs: ${result.output} (${(result.bytes / 1024 / 1024).toFixed(2)} MB, ${result.operations} operations, ` +
        `${result.webhooks} webhooks, ${result.ms} ms)`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
