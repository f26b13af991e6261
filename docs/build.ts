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
import { defaultServerUrl, indexOperations, readDocument, type Json } from '../spec';
import { stampFile, writeStamp } from '../scripts/packages/freshness';
import { codeSamples } from './code-samples';
import { docsInputs } from './inputs';
import { SAMPLE_LANGUAGES } from './sample-languages';

const root = resolve(__dirname, '..');
export const SPEC_FILE = resolve(root, 'openapi.yaml');
export const SITE_DIR = resolve(root, 'docs/site');
export const SITE_FILE = resolve(SITE_DIR, 'index.html');
const ASSETS = resolve(__dirname, 'site-assets');
export const FAVICON_FILE = resolve(ASSETS, 'favicon.svg');
const TEMPLATE_FILE = resolve(ASSETS, 'template.hbs');

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
  { file: 'docs/your-sandbox-account.md', title: 'Your sandbox account' },
  { file: 'docs/decisions.md', title: 'Decisions' },
  { file: 'CHANGELOG.md', title: 'Changelog' },
];

/** The ASCII part of the character map of the `slugify` package Redoc names its routes with. */
const SLUGIFY_WORDS: Record<string, string> = { $: 'dollar', '%': 'percent', '&': 'and', '<': 'less', '>': 'greater', '|': 'or' };

/**
 * Redoc's route segment for a name (a tag, an operation's tag, a guide heading): `slugify` with its default
 * options, lowercased. "Partner journeys (Arazzo)" → `partner-journeys-(arazzo)`, "1. Start it" → `1.-start-it`.
 */
export function slug(name: string): string {
  let out = '';
  for (const char of name.normalize()) out += (SLUGIFY_WORDS[char] ?? (char === '-' ? ' ' : char)).replace(/[^\w\s$*_+~.()'"!\-:@]+/g, '');
  return out.trim().replace(/\s+/g, '-').toLowerCase();
}

/** GitHub's anchor for a Markdown heading, as the guides link to each other on GitHub and in editors. */
const githubAnchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);

/** A guide's headings (below its title), as Redoc shows them: code spans as plain text. */
const headingsOf = (text: string): string[] => [...text.matchAll(/^#{2,6} (.*)$/gm)].map((match) => (match[1] ?? '').replace(/`([^`]*)`/g, '$1').trim());

/**
 * Adds the guides to a copy of the contract as description-only tags in a "Guides" group, so the rendered
 * reference carries them too; links between guides become links between the rendered pages.
 */
export function withGuides(spec: Json, readGuide: (file: string) => string | undefined): Json {
  const copy = structuredClone(spec);
  const present = GUIDES.map((guide) => ({ ...guide, text: readGuide(guide.file) })).filter(
    (guide): guide is { file: string; title: string; text: string } => typeof guide.text === 'string',
  );
  // Redoc routes a guide to `#/<title>` and each of its headings to `#/<title>/<heading>`: a link to another
  // guide (or within one) goes to that route, a GitHub anchor to the heading it names
  const routes = new Map(
    present.map((guide) => [
      baseName(guide.file),
      { page: `#/${slug(guide.title)}`, anchors: new Map(headingsOf(guide.text).map((heading) => [githubAnchor(heading), `#/${slug(guide.title)}/${slug(heading)}`])) },
    ]),
  );
  const routeOf = (file: string, anchor: string | undefined, from: string): string => {
    const target = routes.get(file)!;
    if (anchor === undefined) return target.page;
    const route = target.anchors.get(anchor);
    if (!route) throw new Error(`${from} links to ${file}#${anchor}, a heading ${file} does not have`);
    return route;
  };
  const tags: Json[] = Array.isArray(copy.tags) ? copy.tags : [];
  for (const guide of present) {
    const own = baseName(guide.file);
    const body = guide.text
      .replace(/^# .*\n+/, '') // the page title is the tag's name
      // Redoc's navigation labels a heading by its text up to the first inline markup: plain headings keep
      // the whole label ("2. Connect a chat client", not "2. Connect a")
      .replace(/^(#{2,6} .*)$/gm, (heading: string) => heading.replace(/`([^`]*)`/g, '$1'))
      .replace(/\]\(([A-Za-z0-9-]+\.md)?(?:#([^)]*))?\)/g, (match, file: string | undefined, anchor: string | undefined) => {
        const target = file ?? own;
        return routes.has(target) && (file !== undefined || anchor !== undefined) ? `](${routeOf(target, anchor, guide.file)})` : match;
      });
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

/**
 * The try-it console's entry of an operation, relative to the reference's page: `console/?operation=<tag>/<operationId>`,
 * which the console turns into Swagger UI's deep link (`#/<tag>/<operationId>`, a tag's whitespace as `%20`)
 * and so opens the operation. Not the hash itself: Redoc takes a click on a link with a `#/` route for one of
 * its own and stays on the page.
 */
export function consoleLinkOf(op: { tags?: string[]; operationId?: string }): string {
  return `console/?operation=${String(op.tags?.[0] ?? 'default').trim().replace(/\s/g, '%20')}/${String(op.operationId)}`;
}

/**
 * Where the served docs point partners: the try-it console (from the first page, and from every operation to
 * its own entry there) and the contract files of the same server.
 */
export function withSiteLinks(spec: Json): Json {
  const copy = structuredClone(spec);
  for (const op of indexOperations(copy)) {
    const definition = op.definition;
    definition.description = `**[Try it in the console](${consoleLinkOf(definition)})** with your key.\n\n${String(definition.description ?? '')}`;
  }
  copy.info = {
    ...copy.info,
    description:
      `**Try it:** the [try-it console](console/) sends requests to the server that serves these pages, with your key. ` +
      `The contract itself: [openapi.yaml](../openapi.yaml), [openapi.json](../openapi.json). ` +
      `**Code samples:** every operation has a complete program in each language, for each request example (pick ` +
      `the example above the sample); each sample's first line says how to run it. On the reference server, ` +
      `\`npm run sandbox -- examples\` first puts in place what the examples name; then each sample runs as shown ` +
      `with your key. ` +
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

/**
 * Changes to Redoc's own code in the page (Redoc is pinned with @redocly/cli; each change must match exactly
 * once, or the build fails naming it): the request sample shown follows the request example the reader picks
 * above it. Redoc 3 shows the example picker beside the language tabs but writes each tab's sample from
 * x-codeSamples alone; an entry's `example` now picks the entry for the chosen example (its id ends in
 * `/examples/<name>`), and an entry without one serves every example.
 */
const REDOC_PATCHES: ReadonlyArray<{ why: string; find: string; replace: string }> = [
  {
    why: 'x-codeSamples entries keep their `example`',
    find: 'd=e[`x-codeSamples`]?.map(({lang:e,label:t,source:n})=>({lang:e,label:t,source:n}))',
    replace: 'd=e[`x-codeSamples`]?.map(({lang:e,label:t,source:n,example:x})=>({lang:e,label:t,source:n,example:x}))',
  },
  {
    why: "the language tab shows the entry of the picked example",
    find: 'let e=O?.find(e=>Dj(e)===ee);return e?e.source:`// ${n(`unsupportedLanguage`,`Language is not supported.`)}`},[ee,O,n])',
    replace:
      'let e=O?.find(e=>Dj(e)===ee&&(!e.example||String(ne??``).split(`/examples/`).pop()===e.example))??O?.find(e=>Dj(e)===ee);' +
      'return e?e.source:`// ${n(`unsupportedLanguage`,`Language is not supported.`)}`},[ee,O,n,ne])',
  },
];

/**
 * The page as Redocly wrote it, made to work for a reader: Redoc's patches applied, the logo kept local, and
 * the links of the server-rendered navigation and headings made hash routes. Redoc routes by the hash
 * (`#/templates/createtemplate`), and its links rendered in the browser carry it, but the server-rendered
 * ones it hydrates keep a path (`/templates`), which a new tab or a shared link asks the server for.
 */
export function finishPage(html: string): string {
  let page = html.replace(REDOCLY_LOGO, REDOCLY_LOGO_LOCAL);
  for (const patch of REDOC_PATCHES) {
    const count = page.split(patch.find).length - 1;
    if (count !== 1) throw new Error(`The rendered page holds Redoc's code for "${patch.why}" ${count} times instead of once: update REDOC_PATCHES for this Redoc.`);
    page = page.replace(patch.find, () => patch.replace);
  }
  const start = page.indexOf('<div id="redoc"');
  const end = page.indexOf('<script type="module">', start);
  if (start < 0 || end < 0) throw new Error('The rendered page has no server-rendered <div id="redoc"> before its script.');
  return page.slice(0, start) + page.slice(start, end).replace(/ href="\/(?!\/)/g, ' href="#/') + page.slice(end);
}

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
    writeFileSync(output, finishPage(readFileSync(output, 'utf8')));
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
