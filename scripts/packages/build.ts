// Builds the published packages (npm workspaces over the top-level folders) into each folder's dist/, as
// plain JavaScript: the libraries (contract, client) as ES modules and CommonJS with one bundled type file per
// entry; the commands (server, mock, drift check) as one bundled file per bin, their libraries inside except
// the package's declared dependencies, with the files they read at run time copied beside them under the
// paths they have here. `prepack` of each workspace runs it; `npm start` runs it with --if-stale.
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Metafile, Plugin } from 'esbuild';
import { RENDERED_REFERENCE, docsInputs } from '../../docs/inputs';
import { ROOT, isFresh, stampFile, writeStamp } from './freshness';

interface Common {
  /** The workspace folder. */
  dir: string;
  /** Output name (without extension) → entry module, from the project's root. */
  entries: Record<string, string>;
  /** Files and folders the code reads at run time, copied to dist/ under the same path from the root. */
  resources: string[];
}

interface Library extends Common {
  kind: 'library';
  /** Runs in browsers (the main entry of the client): built for the language level, not for Node. */
  neutral: boolean;
}

export interface Commands extends Common {
  kind: 'commands';
  /** Needs the rendered reference (docs/site) among its resources. */
  docs: boolean;
  /**
   * Pages that run in browsers (output → entry, from the root): bundled with what they import, for the
   * browsers of the engines' era, into a file the resources then carry.
   */
  browser: Record<string, string>;
  /** Modules that work from a clone only, left out of the bundle: the code loads them when asked and says what to do when they are missing. */
  cloneOnly: string[];
}

export const PACKAGES: Record<string, Library | Commands> = {
  contract: {
    kind: 'library',
    dir: 'generated',
    entries: { index: 'generated/index.ts' },
    resources: ['openapi.yaml', 'workflows/partner-journeys.arazzo.yaml', 'workflows/fixtures'],
    neutral: true,
  },
  client: {
    kind: 'library',
    dir: 'client',
    entries: { index: 'client/index.ts', webhooks: 'client/webhooks.ts', express: 'client/express.ts' },
    resources: [],
    neutral: true,
  },
  server: {
    kind: 'commands',
    dir: 'server',
    entries: { server: 'server/main.ts', keys: 'server/cli/keys.ts', sandbox: 'server/cli/sandbox.ts', scaffold: 'server/scaffold/cli.ts' },
    resources: [
      'openapi.yaml',
      'server/sandbox/generated/openapi.json',
      'docs/site/index.html',
      'docs/console',
      'docs/site-assets/favicon.svg',
      // the partner portal (/portal/): its page, its style and its script, bundled from server/portal/app
      'server/portal/index.html',
      'server/portal/portal.css',
      'server/portal/dist/portal.js',
      // what the scaffold writes besides the handlers it generates
      'server/scaffold/template',
      'server/http/contract-router.ts',
      'server/edge/validation-details.ts',
    ],
    docs: true,
    browser: { 'server/portal/dist/portal.js': 'server/portal/app/main.ts' },
    cloneOnly: [],
  },
  mock: {
    kind: 'commands',
    dir: 'mock',
    entries: { mock: 'mock/start.ts', 'webhook-trigger': 'mock/webhook-trigger.ts' },
    resources: ['openapi.yaml'],
    docs: false,
    browser: {},
    cloneOnly: [],
  },
  'contract-tests': {
    kind: 'commands',
    dir: 'contract-tests',
    entries: { contract: 'contract-tests/cli.ts', 'check-receiver': 'contract-tests/receiver/cli.ts', workflows: 'workflows/cli.ts' },
    resources: ['openapi.yaml', 'workflows/partner-journeys.arazzo.yaml', 'workflows/fixtures'],
    docs: false,
    browser: {},
    // --target starts this repository's own server (through tsx) and mock
    cloneOnly: ['contract-tests/local-targets.ts'],
  },
};

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(resolve(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
const distOf = (dir: string) => resolve(ROOT, dir, 'dist');
/** What every build of a package also depends on: its manifest, this script and the lock file. */
const buildInputs = (dir: string) => [join(dir, 'package.json'), 'scripts/packages/build.ts', 'scripts/packages/freshness.ts', 'package-lock.json'];

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The package a bare import names: `express`, `@stoplight/types`, `node:crypto`. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Fails when a bundle imports at run time a package its manifest does not declare. */
function assertDeclared(name: string, manifest: Manifest, metafile: Metafile): void {
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const undeclared = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      // a clone-only module is imported by a relative path
      if (!imported.external || imported.path.startsWith('.')) continue;
      const pkg = packageName(imported.path);
      if (!NODE_BUILTINS.has(pkg) && !declared.has(pkg)) undeclared.add(pkg);
    }
  }
  if (undeclared.size > 0) {
    throw new Error(`${name}: the bundle imports ${[...undeclared].join(', ')} at run time, which ${manifest.name}'s package.json does not declare`);
  }
}

/** node_modules/<name>/… or node_modules/@scope/<name>/… → the package's folder. */
function packageDirOf(input: string): string | undefined {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match?.[1];
}

/** The licence of every third-party package bundled into the outputs, with its text (MIT and Apache-2.0 ask for it). */
function thirdPartyNotices(inputs: string[]): string {
  const dirs = [...new Set(inputs.map(packageDirOf).filter((d): d is string => d !== undefined))];
  const entries = dirs
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(resolve(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
      const licenseFile = readdirSync(resolve(ROOT, dir)).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
      const text = licenseFile ? readFileSync(resolve(ROOT, dir, licenseFile), 'utf8').trim() : `(no licence file; package.json says ${pkg.license ?? 'nothing'})`;
      return { id: `${pkg.name}@${pkg.version}`, license: pkg.license ?? 'unknown', text };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const unique = [...new Map(entries.map((e) => [e.id, e])).values()];
  return [
    '# Third-party notices',
    '',
    'These packages are bundled into the files of dist/; their licences follow.',
    '',
    ...unique.flatMap((e) => [`## ${e.id} (${e.license})`, '', '```', e.text, '```', '']),
  ].join('\n');
}

/** Copies the package's resources into dist/; answers the files copied. */
function copyResources(pkg: Common): string[] {
  const copied: string[] = [];
  for (const resource of pkg.resources) {
    const from = resolve(ROOT, resource);
    if (!existsSync(from)) throw new Error(`${resource} is missing (needed by ${pkg.dir}/dist)`);
    cpSync(from, join(distOf(pkg.dir), resource), { recursive: true });
    copied.push(...filesUnder(resource));
  }
  return copied;
}

async function buildLibrary(name: string, pkg: Library, manifest: Manifest): Promise<string[]> {
  const inputs = new Set<string>();
  const { build: esbuild } = await import('esbuild');
  for (const [format, extension] of [['esm', '.mjs'], ['cjs', '.cjs']] as const) {
    const result = await esbuild({
      entryPoints: Object.fromEntries(Object.entries(pkg.entries).map(([out, entry]) => [out, resolve(ROOT, entry)])),
      outdir: distOf(pkg.dir),
      outExtension: { '.js': extension },
      absWorkingDir: ROOT,
      bundle: true,
      packages: 'external',
      format,
      platform: pkg.neutral ? 'neutral' : 'node',
      target: 'es2022',
      metafile: true,
      logLevel: 'warning',
    });
    assertDeclared(name, manifest, result.metafile);
    for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
  }
  // the type files also read modules the JavaScript never imports (type-only imports)
  for (const dir of new Set([pkg.dir, 'generated'])) for (const file of filesUnder(dir)) if (/(?<!\.test)\.ts$/.test(file) && !file.includes('/dist/')) inputs.add(file);
  // One self-contained type file per entry, the same for import and require (it imports nothing relative).
  const { generateDtsBundle } = await import('dts-bundle-generator');
  const entries = Object.entries(pkg.entries);
  const bundles = generateDtsBundle(
    entries.map(([, entry]) => ({ filePath: resolve(ROOT, entry), output: { noBanner: true, exportReferencedTypes: false } })),
    { preferredConfigPath: resolve(ROOT, 'tsconfig.json') },
  );
  entries.forEach(([out], index) => {
    for (const extension of ['.d.ts', '.d.mts']) writeFileSync(join(distOf(pkg.dir), `${out}${extension}`), bundles[index]!);
  });
  if (pkg.dir === 'generated') {
    const { CONTRACT_PATH, readDocument } = require('../../spec') as typeof import('../../spec');
    writeFileSync(join(distOf(pkg.dir), 'openapi.json'), `${JSON.stringify(readDocument(CONTRACT_PATH), null, 2)}\n`);
  }
  return [...inputs, ...copyResources(pkg)];
}

/** Bundles the pages that run in browsers (one self-contained script each); answers the modules they were made from. */
async function buildBrowserPages(pkg: Commands): Promise<string[]> {
  const { build: esbuild } = await import('esbuild');
  const inputs: string[] = [];
  for (const [output, entry] of Object.entries(pkg.browser)) {
    const result = await esbuild({
      entryPoints: [resolve(ROOT, entry)],
      outfile: resolve(ROOT, output),
      absWorkingDir: ROOT,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    });
    inputs.push(...Object.keys(result.metafile.inputs));
  }
  return inputs;
}

/** An esbuild plugin keeping `modules` (paths from the root, without extension in imports) out of the bundle. */
function leaveOut(modules: string[]): Plugin {
  const left = new Set(modules.map((module) => resolve(ROOT, module).replace(/\.ts$/, '')));
  return {
    name: 'leave-out-clone-only-modules',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => (left.has(resolve(args.resolveDir, args.path).replace(/\.ts$/, '')) ? { path: args.path, external: true } : undefined));
    },
  };
}

/**
 * The rendered reference is fresh when it is there and made from its inputs as they are: a stamp without its
 * page (node_modules, where stamps are kept, copied into a fresh clone) is not.
 */
const docsFresh = () => existsSync(resolve(ROOT, RENDERED_REFERENCE)) && isFresh(stampFile('docs'), docsInputs());

async function buildCommands(name: string, pkg: Commands, manifest: Manifest): Promise<string[]> {
  if (pkg.docs && !docsFresh()) {
    // Required, not imported: `npm start` runs this file with tsx's CommonJS hooks alone (see package.json's
    // prestart), which compile a required TypeScript module but not an imported one.
    const { buildDocs } = require('../../docs/build') as typeof import('../../docs/build');
    const docs = buildDocs();
    console.error(`${name}: rendered the reference (${docs.ms} ms)`);
  }
  const pages = await buildBrowserPages(pkg);
  const external = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: Object.fromEntries(Object.entries(pkg.entries).map(([out, entry]) => [out, resolve(ROOT, entry)])),
    outdir: distOf(pkg.dir),
    absWorkingDir: ROOT,
    bundle: true,
    // a dependency's own files (`@stoplight/prism-http-server/dist/…`) stay outside too
    external: external.flatMap((dep) => [dep, `${dep}/*`]),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [leaveOut(pkg.cloneOnly)],
  });
  assertDeclared(name, manifest, result.metafile);
  for (const out of Object.keys(pkg.entries)) chmodSync(join(distOf(pkg.dir), `${out}.js`), 0o755);
  const inputs = [...Object.keys(result.metafile.inputs), ...pages];
  writeFileSync(join(distOf(pkg.dir), 'THIRD-PARTY-NOTICES.md'), thirdPartyNotices(inputs));
  return [...inputs, ...copyResources(pkg)];
}

/** A resource's files: itself, or every file under it. */
function filesUnder(path: string): string[] {
  const full = resolve(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Builds one package; with `ifStale`, only when an input changed since its last build. */
export async function buildPackage(name: string, { ifStale = false } = {}): Promise<'built' | 'fresh'> {
  const pkg = PACKAGES[name];
  if (!pkg) throw new Error(`no package "${name}" (one of ${Object.keys(PACKAGES).join(', ')})`);
  // a stamp whose dist/ is gone (or was never made here) is not fresh either
  const fresh = () => (!('docs' in pkg && pkg.docs) || docsFresh()) && existsSync(distOf(pkg.dir)) && isFresh(stampFile(name));
  if (ifStale && fresh()) return 'fresh';
  // What builds is loaded only to build: `npm start`'s check of a fresh bundle stays quick.
  const { lock } = await import('proper-lockfile');
  // One build at a time per package across processes (npm start, tests, npm pack may ask together); whoever
  // waited finds the other's build fresh.
  const lockTarget = stampFile(`${name}.lock`);
  mkdirSync(dirname(lockTarget), { recursive: true });
  const release = await lock(lockTarget, { realpath: false, stale: 30_000, retries: { retries: 600, minTimeout: 100, maxTimeout: 1_000 } });
  try {
    if (ifStale && fresh()) return 'fresh';
    const started = Date.now();
    const manifest = manifestOf(pkg.dir);
    rmSync(distOf(pkg.dir), { recursive: true, force: true });
    mkdirSync(distOf(pkg.dir), { recursive: true });
    const inputs = pkg.kind === 'library' ? await buildLibrary(name, pkg, manifest) : await buildCommands(name, pkg, manifest);
    writeStamp(stampFile(name), [...inputs, ...buildInputs(pkg.dir)]);
    console.error(`${manifest.name}@${manifest.version}: built ${pkg.dir}/dist (${Date.now() - started} ms)`);
    return 'built';
  } finally {
    await release();
  }
}

const USAGE = `Usage: node --import tsx scripts/packages/build.ts [--if-stale] [package...]

Builds the published packages into their dist/ folders (all of them without a name).
Packages: ${Object.keys(PACKAGES).join(', ')}.

Options:
  --if-stale   skip a package whose inputs are unchanged since its last build
  --help       this text`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { 'if-stale': { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const names = parsed.positionals.length > 0 ? parsed.positionals : Object.keys(PACKAGES);
  const unknown = names.filter((name) => !(name in PACKAGES));
  if (unknown.length > 0) {
    console.error(`Unknown package ${unknown.join(', ')}.\n\n${USAGE}`);
    return 2;
  }
  for (const name of names) await buildPackage(name, { ifStale: parsed.values['if-stale'] === true });
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
