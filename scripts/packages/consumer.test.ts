// What partners, integrators and CI jobs get, tried the way the README tells them to install it while the
// packages are not on the registry: every workspace packed once by `npm pack -w <folder>` (its prepack builds
// it), and under each Node.js runtime (the running one and the pinned ones of runtimes.ts) each file copied
// into a clean project outside this repository and installed from there by its relative name (`npm install
// ./partner-messaging-client-<version>.tgz`), by npm running on that runtime, with --engine-strict, and used
// from there: the client alone (few dependencies,
// nothing native, bundled for a browser, typed under every module resolution, the Express receiver), the
// contract alone, and the tools (each bin's --help, --version and strict flags; the installed server serving
// the API, /docs and the portal at /portal/; the installed drift check and partner journeys run against it;
// the installed receiver check run against a receiver built with the installed client; the installed mock).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { API_VERSION } from '../../generated/constants';
import { PACKAGES, type Commands } from './build';
import { consumerRuntimes, runningRuntime, type Runtime } from './runtimes';

const ROOT = resolve(__dirname, '..', '..');
const WORKSPACES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
// Safety nets, not targets: an install builds better-sqlite3 from source, minutes on a loaded 2-core machine.
const INSTALL_MS = 1_200_000;
const COMMAND_MS = 240_000;
/** A bin asked for --help, --version or with a wrong flag answers at once; one still running after this serves. */
const BIN_MS = 20_000;

interface Manifest {
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}
const manifests = new Map(WORKSPACES.map((dir) => [dir, JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest]));
const manifestOf = (dir: string) => manifests.get(dir)!;

const inCI = process.env.CI === 'true';
const runtimes = consumerRuntimes();
for (const runtime of runtimes) if ('missing' in runtime && !inCI) console.warn(`scripts/packages/consumer.test.ts: ${runtime.label} skipped: ${runtime.missing}`);

/** The @types/node a user of a runtime installs beside the client: its major's, or the workspace's own (20.x). */
const TYPES_NODE: Record<string, string> = { '22': '22.20.5', '24': '24.19.2' };
const typesNodeFor = (runtime: Runtime): string =>
  TYPES_NODE[runtime.version.split('.')[0]!] ?? (require('@types/node/package.json') as { version: string }).version;

/**
 * SQLite's C source is nine tenths of better-sqlite3's build from source and does not depend on the Node ABI:
 * where Debian's ccache is installed, the builds go through it, in the user's cache (ccache's default), which
 * .ci/run's `npm ci` fills when it builds the workspace's own better-sqlite3. SQLite's object is then compiled
 * once per machine, better-sqlite3's own C++ once per runtime's headers; compiler and linker run on every build.
 */
const COMPILER_WRAPPERS = '/usr/lib/ccache';

/** The environment of a user's shell under `runtime`: its node first on PATH (for npm itself and the bins' `#!/usr/bin/env node`), its headers for native builds, and none of the npm_* variables `npm test` sets for its own scripts. */
function userEnv(runtime: Runtime, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const own = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return {
    ...own,
    PATH: [dirname(runtime.node), process.env.PATH].join(delimiter),
    ...(runtime.nodedir ? { npm_config_nodedir: runtime.nodedir } : {}),
    ...extra,
  };
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function execute(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout: number): Promise<Ran> {
  return new Promise((done) => {
    // A bin that ignores --help and starts serving would hang the suite: it is killed, and fails as 143.
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : error.killed ? 143 : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** A clean project outside the repository, with its own package.json. */
function project(name: string, type?: 'module'): string {
  const dir = mkdtempSync(join(tmpdir(), `consumer-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, version: '1.0.0', private: true, ...(type ? { type } : {}) }));
  return dir;
}

/** What a user of `runtime` runs: commands, its node, and npm (on that node). */
function userOf(runtime: Runtime) {
  const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}, timeout = COMMAND_MS) =>
    execute(command, args, cwd, userEnv(runtime, env), timeout);
  return {
    run,
    node: (args: string[], cwd: string, env: Record<string, string> = {}) => run(runtime.node, args, cwd, env),
    launch: (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
      spawn(command, args, { cwd, env: userEnv(runtime, env), stdio: ['ignore', 'pipe', 'pipe'] }),
    /**
     * `npm install` as the user would, refusing a package (ours or a dependency) whose engines leave this
     * runtime out. A package of ours is its packed file, put in the project and named as the README says
     * (`./partner-messaging-client-<version>.tgz`).
     */
    async install(dir: string, specs: string[]): Promise<void> {
      specs = specs.map((spec) => {
        if (!spec.startsWith(work)) return spec;
        copyFileSync(spec, join(dir, basename(spec)));
        return `./${basename(spec)}`;
      });
      const cache: Record<string, string> = existsSync(COMPILER_WRAPPERS) ? { PATH: [COMPILER_WRAPPERS, dirname(runtime.node), process.env.PATH].join(delimiter) } : {};
      const result = await run('npm', ['--no-audit', '--no-fund', '--loglevel=error', 'install', '--prefer-offline', '--engine-strict', ...specs], dir, cache, INSTALL_MS);
      if (result.code !== 0) throw new Error(`npm install ${specs.join(' ')} under ${runtime.label} failed (${result.code}):\n${result.stderr}`);
    },
  };
}

/** Every package folder under node_modules (scoped ones too). */
function installedPackages(dir: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const path = join(modules, entry);
      if (entry.startsWith('@')) walk(path);
      else if (existsSync(join(path, 'package.json'))) {
        found.push(path);
        walk(join(path, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}

/** Files under `dir` (recursively) whose name matches. */
function filesNamed(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** TypeScript the scaffold writes into the projects it makes, carried by the server package as data (its resources). */
const scaffoldData = (file: string) =>
  (PACKAGES.server as Commands).resources.some((resource) => /^server\/scaffold\/|\.ts$/.test(resource) && (file === `dist/${resource}` || file.startsWith(`dist/${resource}/`)));

let tarballs: Map<string, { file: string; files: string[] }>;
const tarballOf = (dir: string) => tarballs.get(manifestOf(dir).name)!.file;
const work = mkdtempSync(join(tmpdir(), 'consumer-packs-'));

beforeAll(async () => {
  tarballs = new Map();
  for (const dir of WORKSPACES) {
    // the README's command, one package at a time
    const packed = await userOf(runningRuntime()).run('npm', ['--loglevel=error', 'pack', '-w', dir, '--pack-destination', work, '--json'], ROOT, {}, INSTALL_MS);
    if (packed.code !== 0) throw new Error(`npm pack -w ${dir} failed (${packed.code}):\n${packed.stderr}`);
    const [pack] = JSON.parse(packed.stdout) as Array<{ name: string; version: string; filename: string; files: Array<{ path: string }> }>;
    // the file the README names: partner-messaging-<package>-<version>.tgz
    expect(pack!.filename).toBe(`${pack!.name.slice(1).replace('/', '-')}-${pack!.version}.tgz`);
    tarballs.set(pack!.name, { file: join(work, pack!.filename), files: pack!.files.map((f) => f.path) });
  }
}, INSTALL_MS);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed tarballs', () => {
  it('every workspace packs, each tarball holding its compiled dist/, README, CHANGELOG and LICENSE, and no TypeScript source or test', () => {
    expect([...tarballs.keys()].sort()).toEqual([...manifests.values()].map((m) => m.name).sort());
    for (const [name, { files }] of tarballs) {
      expect({ name, has: ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].filter((f) => files.includes(f)) }).toEqual({
        name,
        has: ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'],
      });
      const sources = files.filter((f) => (/(?<!\.d)\.m?ts$/.test(f) && !scaffoldData(f)) || f.includes('.test.') || f.startsWith('patches/'));
      expect({ name, sources }).toEqual({ name, sources: [] });
      expect({ name, outside: files.filter((f) => !f.startsWith('dist/') && !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(f)) }).toEqual({ name, outside: [] });
    }
  });

  it('the README installs each package as this test does (npm pack -w <folder>, then npm install ./<its file>), saying the registry has none yet', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const [dir, manifest] of manifests) {
      const file = `${manifest.name.slice(1).replace('/', '-')}-<version>.tgz`;
      expect({ dir, documented: readme.includes(`\`npm pack -w ${dir}\` → \`npm install ./${file}\``) }).toEqual({ dir, documented: true });
    }
    expect(readme).toContain('**The packages are not on the npm registry yet:**');
  });

  it('every package is MIT licensed with the licence text, and declares no install script and no TypeScript runner or patch step', () => {
    const licence = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    for (const [dir, manifest] of manifests) {
      expect({ dir, license: manifest.license }).toEqual({ dir, license: 'MIT' });
      expect({ dir, same: readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8') === licence }).toEqual({ dir, same: true });
      expect({ dir, scripts: Object.keys(manifest.scripts ?? {}).filter((s) => /^(pre|post)?install$/.test(s)) }).toEqual({ dir, scripts: [] });
      expect({ dir, deps: Object.keys(manifest.dependencies ?? {}).filter((d) => ['tsx', 'ts-node', 'typescript', 'patch-package'].includes(d)) }).toEqual({ dir, deps: [] });
    }
  });
});

// Each runtime's checks, one runtime after the other. A pinned runtime that is not fetched is skipped with the
// reason, except under CI=true, where it fails.
for (const runtime of runtimes) {
  if ('missing' in runtime) {
    (inCI ? it : it.skip)(`under ${runtime.label}: every check [${inCI ? 'missing' : 'skipped'}: ${runtime.missing}]`, () => {
      throw new Error(`CI=true but ${runtime.label} is missing (${runtime.missing}); .ci/run fetches it`);
    });
    continue;
  }
  describe(`under ${runtime.label}`, () => {
    const { run, node, install, launch } = userOf(runtime);
    /** The runtime running this test (the others are the pinned ones): some checks run under it alone. */
    const running = runtime.version === process.versions.node;

    it('runs as that version', async () => {
      const result = await node(['--version'], tmpdir());
      expect(result.stdout.trim()).toBe(`v${runtime.version}`);
    });

    describe('the client, installed alone', () => {
      let dir: string;
      let api: Server;
      let apiUrl: string;
      const requests: Array<{ method?: string; url?: string; authorization?: string }> = [];

      beforeAll(async () => {
        dir = project(`client-node${runtime.version}`);
        await install(dir, [tarballOf('client')]);
        api = createServer((req, res) => {
          requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client_ref: 'acme-shoes-de', channel: 'chat' }));
        });
        await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
        apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
      }, INSTALL_MS);

      afterAll(async () => {
        await new Promise((done) => api?.close(done));
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      it('installs three packages (itself, openapi-fetch and its helper types), none with an install script or a native build', () => {
        const packages = installedPackages(dir);
        const names = packages.map((path) => (JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest).name).sort();
        expect(names).toEqual(['@partner-messaging/client', 'openapi-fetch', 'openapi-typescript-helpers']);
        for (const path of packages) {
          const scripts = (JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest).scripts ?? {};
          expect({ path, install: Object.keys(scripts).filter((s) => /^(pre|post)?install$/.test(s)) }).toEqual({ path, install: [] });
        }
        expect(filesNamed(join(dir, 'node_modules'), /^binding\.gyp$|\.node$/)).toEqual([]);
        expect(sizeOf(join(dir, 'node_modules'))).toBeLessThan(2_000_000);
      });

      it.each([
        ['CommonJS (require)', 'call.cjs', "const { createPartnerClient, API_VERSION } = require('@partner-messaging/client');"],
        ['an ES module (import)', 'call.mjs', "import { createPartnerClient, API_VERSION } from '@partner-messaging/client';"],
      ])('works from %s: a typed call reaches the API with the key', async (_kind, file, importLine) => {
        writeFileSync(
          join(dir, file),
          `${importLine}
    const api = createPartnerClient({ baseUrl: process.env.API_URL, apiKey: 'ik_test_consumer' });
    api.GET('/clients/{client_ref}', { params: { path: { client_ref: 'acme-shoes-de' } } }).then(({ data, response }) => {
      console.log(JSON.stringify({ status: response.status, data, version: API_VERSION }));
    });
    `,
        );
        requests.length = 0;
        const result = await node([file], dir, { API_URL: apiUrl });
        expect(result.stderr).toBe('');
        expect(JSON.parse(result.stdout)).toEqual({ status: 200, data: { client_ref: 'acme-shoes-de', channel: 'chat' }, version: API_VERSION });
        expect(requests).toEqual([{ method: 'GET', url: '/v1/clients/acme-shoes-de', authorization: 'Bearer ik_test_consumer' }]);
      });

      it('bundles for a browser (esbuild, platform browser) with no Node built-in, the client and openapi-fetch only', async () => {
        writeFileSync(
          join(dir, 'browser.js'),
          "import { createPartnerClient, isKnownErrorCode } from '@partner-messaging/client';\nwindow.api = createPartnerClient({ baseUrl: '/v1', apiKey: 'k' });\nwindow.known = isKnownErrorCode;\n",
        );
        // esbuild's JavaScript API, run on this runtime (it drives esbuild's own binary)
        writeFileSync(
          join(dir, 'bundle.cjs'),
          `const { build } = require(${JSON.stringify(require.resolve('esbuild'))});
  build({ entryPoints: ['browser.js'], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent' }).then((r) =>
    console.log(JSON.stringify({ errors: r.errors, metafile: r.metafile, outputFiles: r.outputFiles.map((f) => ({ text: f.text })) })),
  );
  `,
        );
        const bundled = await node(['bundle.cjs'], dir);
        expect(bundled.stderr).toBe('');
        const result = JSON.parse(bundled.stdout) as { errors: unknown[]; metafile: { inputs: Record<string, unknown> }; outputFiles: Array<{ text: string }> };
        expect(result.errors).toEqual([]);
        const packagesIn = new Set(Object.keys(result.metafile.inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input));
        expect([...packagesIn].sort()).toEqual(['@partner-messaging/client', 'browser.js', 'openapi-fetch']);
        const code = result.outputFiles[0]!.text;
        expect(code).not.toMatch(/require\(["'](node:)?(crypto|fs|http|net|stream|buffer)["']\)/);
        expect(code.length).toBeLessThan(60_000);
      });

      it('its webhook helpers verify a signature and send a delivery on the wire from the ./webhooks entry, and ./express asks for express when it is missing', async () => {
        writeFileSync(
          join(dir, 'verify.cjs'),
          `const { signWebhookBody, verifyWebhookSignature, sendWebhookAttempt } = require('@partner-messaging/client/webhooks');
    const body = Buffer.from('{"event":"webhook.test"}');
    const header = signWebhookBody(body, 'whsec_consumer');
    console.log(JSON.stringify([verifyWebhookSignature(body, header, 'whsec_consumer'), verifyWebhookSignature(body, header, 'other')]));
    try { require('@partner-messaging/client/express'); } catch (error) { console.log(error.code, /'express'/.test(error.message)); }
    sendWebhookAttempt({ url: process.env.API_URL + '/hooks', body, signature: header }).then((outcome) => console.log(JSON.stringify([outcome.status, outcome.delivered])));
    `,
        );
        requests.length = 0;
        const result = await node(['verify.cjs'], dir, { API_URL: apiUrl });
        expect(result.stdout.split('\n')).toEqual(['[true,false]', 'MODULE_NOT_FOUND true', '[200,true]', '']);
        expect(requests).toEqual([{ method: 'POST', url: '/v1/hooks', authorization: undefined }]);
      });

      describe('with express and the type packages added', () => {
        beforeAll(async () => {
          await install(dir, ['express@5.3.0', '@types/express@5.0.6', `@types/node@${typesNodeFor(runtime)}`, `typescript@${require('typescript/package.json').version}`]);
        }, INSTALL_MS);

        it('an Express receiver from ./express answers 200 to a signed delivery and 401 to a forged one', async () => {
          writeFileSync(
            join(dir, 'receiver.mjs'),
            `import express from 'express';
    import { webhookReceiver } from '@partner-messaging/client/express';
    import { signWebhookBody } from '@partner-messaging/client/webhooks';
    const seen = [];
    const app = express();
    app.post('/webhooks', webhookReceiver({ secret: 'whsec_consumer', on: { 'webhook.test': (event) => void seen.push(event.event_id) } }));
    const server = app.listen(0, '127.0.0.1', async () => {
      const url = 'http://127.0.0.1:' + server.address().port + '/webhooks';
      const body = JSON.stringify({ event: 'webhook.test', event_id: 'evt_1', timestamp: '2026-11-23T10:00:00Z', data: {} });
      const post = (signature) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-signature': signature }, body }).then((r) => r.status);
      console.log(JSON.stringify({ signed: await post(signWebhookBody(body, 'whsec_consumer')), forged: await post(signWebhookBody(body, 'another')), seen }));
      server.close();
    });
    `,
          );
          const result = await node(['receiver.mjs'], dir);
          expect(result.stderr).toBe('');
          expect(JSON.parse(result.stdout)).toEqual({ signed: 200, forged: 401, seen: ['evt_1'] });
        });

        const USE = `import { createPartnerClient, type SendMessageRequest } from '@partner-messaging/client';
    import { verifyWebhookSignature, type WebhookPayload } from '@partner-messaging/client/webhooks';
    import { webhookReceiver } from '@partner-messaging/client/express';
    const api = createPartnerClient({ baseUrl: 'http://localhost:4000/v1', apiKey: 'ik_test_x' });
    const body: SendMessageRequest = { client_ref: 'acme', to: '4915112345678', type: 'text', text: { body: 'hi' } };
    export const sent = api.POST('/messages/send', { body });
    export const ok: boolean = verifyWebhookSignature('{}', 'sha256=00', 's');
    export const receiver = webhookReceiver({ secret: 's', on: { 'message.status': (event: WebhookPayload<'message.status'>) => void event.statuses } });
    `;
        const MISUSE = `import { createPartnerClient } from '@partner-messaging/client';
    const api = createPartnerClient({ baseUrl: 'http://localhost:4000/v1', apiKey: 'ik_test_x' });
    export const sent = api.POST('/messages/send', { body: { client_ref: 'acme', to: '4915112345678', type: 'text', txt: { body: 'hi' } } });
    `;

        /** This runtime's tsc on a project of `files` (name → code), strict, the library files checked too. */
        function typecheck(name: string, compilerOptions: Record<string, unknown>, files: Record<string, string>): Promise<Ran> {
          const folder = join(dir, name);
          mkdirSync(folder, { recursive: true });
          for (const [file, code] of Object.entries(files)) writeFileSync(join(folder, file), code);
          writeFileSync(
            join(folder, 'tsconfig.json'),
            JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, types: ['node'], ...compilerOptions }, files: Object.keys(files) }),
          );
          return node([join(dir, 'node_modules/typescript/bin/tsc'), '-p', folder, '--pretty', 'false'], folder);
        }
        /** The file of each diagnostic tsc printed ('' for one about no file). */
        const diagnosed = (result: Ran) => [...`${result.stdout}${result.stderr}`.matchAll(/^(?:(\S+?)\(\d+,\d+\): )?error TS\d+/gm)].map((m) => m[1] ?? '');

        // One compiler run per module resolution: under node16 a CommonJS file (use.ts), an ES module (use.mts)
        // and the misuse (misuse.ts, CommonJS) share a program, each judged by the diagnostics in it, so the
        // library files are checked once for the three.
        let node16: Promise<Ran> | undefined;
        const underNode16 = () =>
          (node16 ??= typecheck('types-node16', { module: 'node16', moduleResolution: 'node16' }, { 'use.ts': USE, 'use.mts': USE, 'misuse.ts': MISUSE }));

        it.each([
          ['node16, CommonJS', 'use.ts'],
          ['node16, an ES module', 'use.mts'],
        ])('its types compile for a consumer under %s resolution, strict, the library files included', async (_kind, file) => {
          const result = await underNode16();
          expect(result.stderr).toBe('');
          // the program's only diagnostics are the misuse's (below): none in this file or in a library file
          expect({ file, diagnosed: diagnosed(result).filter((where) => where !== 'misuse.ts') }).toEqual({ file, diagnosed: [] });
        }, 120_000);

        it('its types compile for a consumer under bundler resolution, strict, the library files included', async () => {
          const result = await typecheck('types-bundler', { module: 'esnext', moduleResolution: 'bundler' }, { 'use.ts': USE });
          expect(result.stdout + result.stderr).toBe('');
          expect(result.code).toBe(0);
        }, 120_000);

        it('the type check fails on a body field the contract does not have (so the check above can fail)', async () => {
          const result = await underNode16();
          expect(result.code).not.toBe(0);
          expect(result.stdout).toMatch(/^misuse\.ts\(3,[0-9]+\): error TS(2353|2561): .*'txt'/m);
        }, 120_000);
      });
    });

    describe('the contract, installed alone', () => {
      let dir: string;
      beforeAll(async () => {
        dir = project(`contract-node${runtime.version}`);
        await install(dir, [tarballOf('generated')]);
      }, INSTALL_MS);
      afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

      it('has no dependency and carries openapi.yaml, openapi.json, the partner journeys (Arazzo) and the facts as values, from require and import', async () => {
        expect(installedPackages(dir).map((p) => p.slice(p.indexOf('node_modules/') + 13))).toEqual(['@partner-messaging/contract']);
        writeFileSync(
          join(dir, 'read.mjs'),
          `import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    import { API_VERSION, SCOPES } from '@partner-messaging/contract';
    const require = createRequire(import.meta.url);
    const cjs = require('@partner-messaging/contract');
    const json = require('@partner-messaging/contract/openapi.json');
    const yaml = readFileSync(require.resolve('@partner-messaging/contract/openapi.yaml'), 'utf8');
    // the journeys name openapi.yaml by a relative URL, which must reach the copy in the package
    const journeys = require.resolve('@partner-messaging/contract/partner-journeys.arazzo.yaml');
    const source = /url: (\\S+)/.exec(readFileSync(journeys, 'utf8'))[1];
    const described = new URL(source, 'file://' + journeys).pathname === require.resolve('@partner-messaging/contract/openapi.yaml');
    console.log(JSON.stringify({ API_VERSION, scopes: SCOPES.length, cjs: cjs.API_VERSION, json: json.info.version, yaml: yaml.includes('openapi: 3.1'), described }));
    `,
        );
        const result = await node(['read.mjs'], dir);
        expect(result.stderr).toBe('');
        expect(JSON.parse(result.stdout)).toEqual({ API_VERSION, scopes: 7, cjs: API_VERSION, json: API_VERSION, yaml: true, described: true });
      });
    });

    describe('the tools, installed together (server, mock, drift check), with the client and express for a webhook receiver', () => {
      let dir: string;
      const TOOLS = ['server', 'mock', 'contract-tests'];
      const bins = TOOLS.flatMap((workspace) => Object.keys(manifestOf(workspace).bin ?? {}).map((bin) => ({ workspace, bin })));
      const binPath = (bin: string) => join(dir, 'node_modules', '.bin', bin);
      const children: ChildProcess[] = [];

      beforeAll(async () => {
        dir = project(`tools-node${runtime.version}`);
        await install(dir, [...TOOLS.map(tarballOf), tarballOf('client'), 'express@5.3.0']);
      }, INSTALL_MS);

      afterAll(() => {
        for (const child of children) child.kill('SIGKILL');
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      it('brings no TypeScript runner, compiler or patch step', () => {
        const names = installedPackages(dir).map((path) => (JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest).name);
        expect(names.filter((name) => ['tsx', 'ts-node', 'typescript', 'patch-package', 'esbuild'].includes(name))).toEqual([]);
      });

      // Every bin starts under every runtime (--version); how each reads its arguments is the same JavaScript
      // on all of them, so --help and an unknown flag are checked under the running runtime.
      const underRunning = running ? it.each(bins) : it.skip.each(bins);
      underRunning('$bin --help prints its usage and exits 0 having done nothing else', async ({ bin }) => {
        const cwd = mkdtempSync(join(tmpdir(), 'consumer-cwd-'));
        const result = await run(binPath(bin), ['--help'], cwd, {}, BIN_MS);
        expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
        expect(result.stdout).toMatch(new RegExp(`^Usage: ${bin}\\b`));
        expect(readdirSync(cwd)).toEqual([]);
      }, 2 * BIN_MS);

      it.each(bins)('$bin --version prints its package version and the API version', async ({ workspace, bin }) => {
        const result = await run(binPath(bin), ['--version'], dir, {}, BIN_MS);
        expect(result).toEqual({ code: 0, stdout: `${bin} ${manifestOf(workspace).version} (Partner Messaging API ${API_VERSION})\n`, stderr: '' });
      }, 2 * BIN_MS);

      underRunning('$bin refuses an unknown flag with exit 2 and its usage', async ({ bin }) => {
        const result = await run(binPath(bin), ['--rnus', '5'], dir, {}, BIN_MS);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`${bin}: Unknown option '--rnus'`);
        expect(result.stderr).toContain(`Usage: ${bin}`);
      }, 2 * BIN_MS);

      /** Starts an installed bin; resolves with its output once `ready` matches it. */
      function start(bin: string, env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
        const child = launch(binPath(bin), [], dir, env);
        children.push(child);
        return new Promise((done, fail) => {
          let output = '';
          const onData = (chunk: Buffer) => {
            output += chunk.toString();
            const match = ready.exec(output);
            if (match) done({ child, match });
          };
          child.stdout!.on('data', onData);
          child.stderr!.on('data', onData);
          child.once('exit', (code) => fail(new Error(`${bin} exited (${code}) before it was ready:\n${output}`)));
        });
      }

      describe('the installed server', () => {
        let origin: string;
        let key: string;
        let token: string;
        /** The fixtures file the installed sandbox command printed (by the drift check's test). */
        let fixtures: string | undefined;

        beforeAll(async () => {
          const dataDir = mkdtempSync(join(tmpdir(), 'consumer-data-'));
          const { match } = await start(
            'partner-messaging-server',
            { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TEMPLATE_REVIEW_DELAY_MS: '100' },
            /Reference server: (http:\/\/\S+)\/v1[\s\S]*\n(ik_test_\S+)\n[\s\S]*admin token[^\n]*\n(sbx_\S+)\n/,
          );
          [, origin, key, token] = match as unknown as [string, string, string, string];
        }, 60_000);

        it('serves the API at /v1 with the key it printed', async () => {
          const status = await fetch(`${origin}/v1/status`);
          expect(status.status).toBe(200);
          const clients = await fetch(`${origin}/v1/clients`, { headers: { authorization: `Bearer ${key}` } });
          expect(clients.status).toBe(200);
          expect(await clients.json()).toMatchObject({ results: [], total: 0 });
        });

        it('serves the rendered reference at /docs, the console at /docs/console/ and the contract at /openapi.json', async () => {
          const docs = await fetch(`${origin}/docs/`);
          expect(docs.status).toBe(200);
          expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
          expect(await docs.text()).toContain(`<title>Partner Messaging API ${API_VERSION} reference</title>`);
          const console_ = await fetch(`${origin}/docs/console/`);
          expect(console_.status).toBe(200);
          const swagger = await fetch(`${origin}/docs/console/swagger-ui/swagger-ui-bundle.js`);
          expect(swagger.status).toBe(200);
          const contract = (await (await fetch(`${origin}/openapi.json`)).json()) as { info: { version: string } };
          expect(contract.info.version).toBe(API_VERSION);
        });

        it('serves the partner portal at /portal/: its page, style and script from the package, under its Content-Security-Policy', async () => {
          const portal = await fetch(`${origin}/portal/`);
          expect(portal.status).toBe(200);
          expect(portal.headers.get('content-security-policy')).toContain("default-src 'none'");
          expect(await portal.text()).toContain('<script src="portal.js" defer></script>');
          for (const [file, type] of [['portal.js', /javascript/], ['portal.css', /^text\/css/]] as const) {
            const res = await fetch(`${origin}/portal/${file}`);
            expect({ file, status: res.status }).toEqual({ file, status: 200 });
            expect(res.headers.get('content-type')).toMatch(type);
          }
        });

        // The whole run under the running runtime; under the others, the cases and the webhook rules without the
        // generated phase (its requests are the same JavaScript on every runtime, and a minute of each lane).
        const whole = running;
        it(`the installed drift check, given the fixtures the installed sandbox command prints, passes against it (exit 0)${whole ? '' : ', the generated phase skipped'}`, async () => {
          const file = join(dir, 'fixtures.json');
          const printed = await run(binPath('partner-messaging-sandbox'), ['fixtures', '--server', origin, '--token', token, '--out', file], dir);
          expect({ code: printed.code, stderr: printed.stderr }).toEqual({ code: 0, stderr: `Fixtures written to ${file} (it holds keys and the sandbox token: keep it private).\n` });
          fixtures = file;
          const reports = join(dir, 'reports');
          const checked = await run(
            binPath('partner-messaging-contract'),
            ['--fixtures', fixtures, '--webhook-listen', '127.0.0.1:0', '--webhook-secret', 'whsec_consumer_check', '--reports-dir', reports, '--quiet', ...(whole ? [] : ['--max-requests', '0', '--allow-missing', 'generated'])],
            dir,
          );
          // The summary names what broke first (its coverage table comes last).
          expect({ code: checked.code, tail: checked.code === 0 ? '' : `${checked.stdout}${checked.stderr}`.slice(0, 4000) }).toEqual({ code: 0, tail: '' });
          expect(readFileSync(join(reports, 'contract-summary.md'), 'utf8')).toContain('**PASSED**');
        }, 300_000);

        it('the installed partner journeys, given the same fixtures file alone, pass against it (exit 0) with Redocly Respect from the package', async () => {
          expect(fixtures).toBeDefined();
          const reports = join(dir, 'reports');
          const journeys = await run(binPath('partner-messaging-workflows'), ['--fixtures', fixtures!, '--reports-dir', reports, '--quiet'], dir);
          expect({ code: journeys.code, tail: journeys.code === 0 ? '' : `${journeys.stdout}${journeys.stderr}`.slice(-3000) }).toEqual({ code: 0, tail: '' });
          expect(journeys.stdout).toContain('10 passed, 0 failed, 0 not run or not judged');
          expect(readFileSync(join(reports, 'workflows-summary.md'), 'utf8')).toContain('**PASSED**');
        }, 300_000);
      });

      it('the installed receiver check passes a receiver built with the installed client\'s Express middleware (exit 0)', async () => {
        writeFileSync(
          join(dir, 'receiver.mjs'),
          `import express from 'express';
    import { webhookReceiver } from '@partner-messaging/client/express';
    const app = express();
    app.post('/webhooks', webhookReceiver({ secret: 'whsec_consumer_receiver', on: {} }));
    const server = app.listen(0, '127.0.0.1', () => console.log('receiver at http://127.0.0.1:' + server.address().port + '/webhooks'));
    `,
        );
        const receiver = launch(runtime.node, ['receiver.mjs'], dir);
        children.push(receiver);
        const url = await new Promise<string>((done, fail) => {
          let output = '';
          receiver.stdout!.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const match = /receiver at (\S+)/.exec(output);
            if (match) done(match[1]!);
          });
          receiver.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
          receiver.once('exit', (code) => fail(new Error(`the receiver exited (${code}):\n${output}`)));
        });
        const reports = join(dir, 'reports');
        const checked = await run(binPath('partner-messaging-check-receiver'), ['--url', url, '--secret', 'whsec_consumer_receiver', '--reports-dir', reports, '--quiet'], dir);
        expect({ code: checked.code, tail: checked.code === 0 ? '' : `${checked.stdout}${checked.stderr}`.slice(0, 4000) }).toEqual({ code: 0, tail: '' });
        expect(readFileSync(join(reports, 'receiver-summary.md'), 'utf8')).toContain('**PASSED**');
        receiver.kill();
      }, 120_000);

      it('the installed mock answers under /v1 with any test key', async () => {
        const { match } = await start('partner-messaging-mock', { MOCK_PORT: '0' }, /Mock of openapi\.yaml at (http:\/\/\S+)\/v1/);
        const response = await fetch(`${match[1]}/v1/clients/acme-shoes-de`, { headers: { authorization: 'Bearer ik_test_anything' } });
        expect(response.status).toBe(200);
        const unauthenticated = await fetch(`${match[1]}/v1/clients/acme-shoes-de`);
        expect(unauthenticated.status).toBe(401);
      }, 60_000);
    });
  });
}
