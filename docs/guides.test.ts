// The guides in docs/*.md stay true to openapi.yaml and to the package: every operation, webhook, scope,
// code and example name they mention exists; every command they give exists; links resolve; the dry-run
// result they show is the contract's example (their TypeScript is compiled by docs/examples.test.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTRACT_PATH, contract, readDocument, type Json } from '../spec';
import { ENTRIES as FIXTURE_ENTRIES } from '../contract-tests/fixtures-file';
import type { Command, Options } from '../cli/command';
import { SANDBOX_SPEC_PATH } from '../server/sandbox/router';
import { sandboxUsageError } from '../server/cli/sandbox';
import { ERROR_CODES } from '../generated/constants';
import { ERROR_CODES_ROUTE } from '../server/edge';
import { GUIDES as BUILT_GUIDES, slug } from './build';

const root = resolve(__dirname, '..');
/** The contract's text, for what the guides quote from it word for word. */
const specText = readFileSync(CONTRACT_PATH, 'utf8');
const spec = contract().document;
/** The sandbox's contract (the reference server's /sandbox), which the guides use for setting up what they test. */
const sandboxSpecText = readFileSync(SANDBOX_SPEC_PATH, 'utf8');
const sandboxSpec = readDocument(SANDBOX_SPEC_PATH);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Json;
/** Every published package (the workspaces), by name, with its bins. */
const packages = new Map(
  (pkg.workspaces as string[]).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Json;
    return [manifest.name as string, (manifest.bin ?? {}) as Record<string, string>];
  }),
);
const bins = new Set([...packages.values()].flatMap((binsOf) => Object.keys(binsOf)));
const GUIDES = [
  'README.md',
  'quickstart.md',
  'authentication-and-keys.md',
  'errors-and-retries.md',
  'sending-templates.md',
  'webhooks.md',
  'testing-against-the-mock.md',
  'contract-testing-in-ci.md',
  'checking-your-webhook-receiver.md',
  'partner-journeys.md',
  'implementing-the-api.md',
  'testing-your-error-handling.md',
  'your-sandbox-account.md',
];
const guides = GUIDES.map((name) => ({ name, text: readFileSync(join(__dirname, name), 'utf8') }));
/** The README of the project and of each package. */
const READMES = ['README.md', ...(pkg.workspaces as string[]).map((dir) => `${dir}/README.md`), 'server/README.md', 'mock/README.md'].map((name) => ({
  name,
  text: readFileSync(join(root, name), 'utf8'),
}));
/** The template the quickstart creates and sends. */
const QUICKSTART_TEMPLATE = 'shipping_update';
const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');

describe('partner guides (docs/*.md)', () => {
  it('the index links every guide, and every relative link of every guide resolves', () => {
    const index = guides[0]?.text ?? '';
    for (const name of GUIDES.slice(1)) expect(index).toContain(`](${name})`);
    const broken: string[] = [];
    const all = readdirSync(__dirname).filter((file) => file.endsWith('.md'));
    for (const file of all) {
      const text = readFileSync(join(__dirname, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        if (!existsSync(resolve(__dirname, target))) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every `npm run` script, package and `npx` command they give exists (the scripts in package.json, the bins in the packages)', () => {
    const missing: string[] = [];
    for (const { name, text } of [...guides, { name: 'the README', text: readFileSync(join(root, 'README.md'), 'utf8') }]) {
      for (const [, script] of text.matchAll(/npm run (?:--silent )?([a-z][a-z:-]*)/g)) {
        if (script && !pkg.scripts[script]) missing.push(`${name}: npm run ${script}`);
      }
      for (const [, scoped] of text.matchAll(/(@partner-messaging\/[a-z-]+)/g)) {
        if (scoped && !packages.has(scoped)) missing.push(`${name}: ${scoped}`);
      }
      for (const [, from, bin] of text.matchAll(/npx (?:-p (@partner-messaging\/[a-z-]+) )?(partner-messaging-[a-z-]+)/g)) {
        if (from ? !packages.get(from)?.[bin!] : !bins.has(bin!)) missing.push(`${name}: npx ${from ? `-p ${from} ` : ''}${bin}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every command line they give uses subcommands and --options the command really has', () => {
    // The script's entry file (from package.json): one that runs only as the main module exports its command,
    // whose usage names its subcommands and whose subcommand help (or usage) its options; another is read as
    // source, where its usage text is written.
    const entryOf = (script: string): string | undefined => /node --import tsx (\S+\.ts)/.exec(pkg.scripts[script] ?? '')?.[1];
    const commandIn = (entry: string): Pick<Command<Options>, 'usage' | 'helpFor'> => {
      const source = readFileSync(join(root, entry), 'utf8');
      if (!source.includes('require.main === module')) return { usage: source };
      const module = require(join(root, entry)) as Record<string, unknown>;
      const command = Object.values(module).find((value): value is Command<Options> => typeof value === 'object' && value !== null && 'usage' in value && 'run' in value);
      if (command) return command;
      if (typeof module.USAGE === 'string') return { usage: module.USAGE };
      throw new Error(`${entry} exports neither its command nor its USAGE`);
    };
    const wrong: string[] = [];
    for (const { name, text } of guides) {
      for (const line of text.split('\n')) {
        const given = /npm run (?:--silent )?([a-z][a-z:-]*) -- (.*)$/.exec(line);
        if (!given?.[1] || !given[2]) continue;
        const entry = entryOf(given[1]);
        if (!entry) continue;
        const command = commandIn(entry);
        const args = given[2].replace(/`.*$/, '');
        // a subcommand (`create`, `webhook`, `inbound`…): its name is in the usage text; event names are not subcommands
        const words = [...args.matchAll(/(?:^|\s)([a-z][a-z-]*)(?=\s|$)/g)].map((m) => m[1]!);
        const sub = /^([a-z][a-z-]*)(?=\s|$)/.exec(args)?.[1];
        if (sub && !new RegExp(`\\b${sub}\\b`).test(command.usage)) wrong.push(`${name}: npm run ${given[1]} -- ${sub}`);
        const help = `${command.helpFor?.(words) ?? ''}\n${command.helpFor?.(words.slice(0, 1)) ?? ''}\n${command.usage}`;
        for (const [flag] of args.matchAll(/--[a-z][a-z-]*/g)) {
          if (!new RegExp(`${flag}\\b`).test(help)) wrong.push(`${name}: npm run ${given[1]} … ${flag}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every sandbox command line of the guides and READMEs is complete: the command would send it as written (no missing argument or flag)', async () => {
    const lines = [...guides, ...READMES].flatMap(({ name, text }) =>
      [...text.matchAll(/npm run sandbox -- (.*)$/gm)].map((match) => ({ name, line: match[1]!.replace(/`.*$/, '').replace(/\s+#.*$/, '').replace(/\)[.,;]?$/, '').trim() })),
    );
    expect(lines.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const { name, line } of lines) {
      // the command table's "npm run sandbox -- …" names the command alone; --help is answered before any check
      if (line === '…' || line.includes('--help')) continue;
      // a placeholder (`<message_id>`, `<event id or delivery id>`) stands for one argument
      const argv = [...line.replace(/<[^>]+>/g, 'PLACEHOLDER').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
      const problem = await sandboxUsageError(argv);
      if (problem) refused.push(`${name}: npm run sandbox -- ${line}: ${problem}`);
    }
    expect(refused).toEqual([]);
    expect(await sandboxUsageError(['webhook', 'sample', 'message.status'])).toContain('--client');
  });

  it('every option of the contract run, the receiver check, the journeys runner and the webhook trigger in the guides is a real option', () => {
    const checks: Array<[string, string[]]> = [
      ['contract-testing-in-ci.md', ['contract-tests/cli.ts', 'contract-tests/receiver/cli.ts', 'workflows/cli.ts']],
      ['checking-your-webhook-receiver.md', ['contract-tests/receiver/cli.ts']],
      ['partner-journeys.md', ['workflows/cli.ts']],
      ['testing-against-the-mock.md', ['mock/webhook-trigger.ts', 'mock/start.ts']],
      ['authentication-and-keys.md', ['server/cli/keys.ts']],
    ];
    const wrong: string[] = [];
    for (const [guide, files] of checks) {
      const text = guides.find((g) => g.name === guide)?.text ?? '';
      const sources = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
      for (const token of backticked(text)) {
        const flag = /^(--[a-z][a-z-]*)/.exec(token)?.[1];
        if (flag && flag !== '--dynamic' && !sources.includes(flag)) wrong.push(`${guide}: ${flag}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every operation they name (METHOD /path) is in openapi.yaml, or under /sandbox in the sandbox\'s contract', () => {
    // a path may be the template (`/templates/{template_ref}`) or a concrete one (`/templates/order_shipped`)
    const operations: RegExp[] = [];
    for (const [prefix, paths] of [['', spec.paths], ['/sandbox', sandboxSpec.paths]] as const) {
      for (const [path, item] of Object.entries(paths as Json)) {
        for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
          if (!item[method]) continue;
          const pattern = `${prefix}${path}`.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, (param) => `(${param.replace(/[{}]/g, '\\$&')}|[^/{}]+)`);
          operations.push(new RegExp(`^${method.toUpperCase()} ${pattern}$`));
        }
      }
    }
    const unknown: string[] = [];
    for (const { name, text } of guides) {
      for (const [, method, path] of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[A-Za-z0-9_{}/.-]*[A-Za-z0-9_}])/g)) {
        if (!operations.some((operation) => operation.test(`${method} ${path}`))) unknown.push(`${name}: ${method} ${path}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every webhook event kind they name is in openapi.yaml', () => {
    const events = new Set(Object.keys(spec.webhooks as Json));
    const unknown = guides.flatMap(({ name, text }) =>
      backticked(text)
        .filter((token) => /^(message\.[a-z]+|template\.status|user\.preferences|webhook\.test)$/.test(token))
        .filter((token) => !events.has(token) && !/^message\.(id|text)$/.test(token))
        .map((token) => `${name}: ${token}`),
    );
    expect(unknown).toEqual([]);
    const webhooksGuide = guides.find((guide) => guide.name === 'webhooks.md')?.text ?? '';
    for (const event of events) expect(webhooksGuide).toContain(`\`${event}\``);
  });

  it('every scope they name is a scope of the bearer scheme', () => {
    const scopes = new Set(Object.keys(spec.components.securitySchemes.bearerAuth['x-scopes'] as Json));
    const unknown = guides.flatMap(({ name, text }) =>
      backticked(text)
        .filter((token) => /^[a-z]+:[a-z]+$/.test(token))
        .filter((token) => !scopes.has(token))
        .map((token) => `${name}: ${token}`),
    );
    expect(unknown).toEqual([]);
    const authGuide = guides.find((guide) => guide.name === 'authentication-and-keys.md')?.text ?? '';
    for (const scope of scopes) expect(authGuide).toContain(`\`${scope}\``);
  });

  it('every snake_case name they put in code font (codes, fields, example names) occurs in openapi.yaml', () => {
    // The drift check's fixtures file has entries of its own (contract-tests/fixtures-file.ts), the sandbox's
    // contract fields and values of its own.
    // The quickstart's template has a name of its own, apart from the examples' (`sandbox examples` puts those
    // in place beside it).
    const words = new Set([...(specText.match(/[A-Za-z0-9_]+/g) ?? []), ...(sandboxSpecText.match(/[A-Za-z0-9_]+/g) ?? []), ...Object.keys(FIXTURE_ENTRIES), QUICKSTART_TEMPLATE]);
    const unknown = guides.flatMap(({ name, text }) =>
      backticked(text)
        .filter((token) => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(token))
        .filter((token) => !words.has(token))
        .map((token) => `${name}: ${token}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every error code of openapi.yaml is explained in the errors guide', () => {
    const codes = new Set([...specText.matchAll(/\n\s+code: ([a-z][a-z_]*)\n/g)].map((match) => match[1] ?? ''));
    const errorsGuide = guides.find((guide) => guide.name === 'errors-and-retries.md')?.text ?? '';
    const missing = [...codes].filter((code) => !errorsGuide.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('every error code has its heading under "Error codes" in the errors guide, at the route doc_url links', () => {
    const errorsGuide = guides.find((guide) => guide.name === 'errors-and-retries.md')?.text ?? '';
    const section = errorsGuide.slice(errorsGuide.indexOf('\n## Error codes\n'));
    const headings = [...section.matchAll(/^### `([a-z_]+)`$/gm)].map((match) => match[1]);
    expect(headings.sort()).toEqual([...ERROR_CODES].sort());
    const title = BUILT_GUIDES.find((guide) => guide.file === 'docs/errors-and-retries.md')!.title;
    expect(ERROR_CODES_ROUTE).toBe(`#/${slug(title)}/`);
    for (const code of ERROR_CODES) expect(slug(code)).toBe(code);
  });

  it('every Prefer example name in the mock guide is a named example of openapi.yaml', () => {
    const mockGuide = guides.find((guide) => guide.name === 'testing-against-the-mock.md')?.text ?? '';
    const names = [...mockGuide.matchAll(/example=([a-z_]+)/g)].map((match) => match[1] ?? '');
    expect(names.length).toBeGreaterThan(5);
    const missing = names.filter((example) => !new RegExp(`\\n\\s+${example}:\\n`).test(specText));
    expect(missing).toEqual([]);
  });

  it('the dry-run result in the templates guide is the dry_run_assembled example of the contract', () => {
    const guide = guides.find((g) => g.name === 'sending-templates.md')?.text ?? '';
    const block = /<!-- dry-run-result[^>]*-->\s*```json\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(block).toBeDefined();
    const example = spec.paths['/messages/send-template'].post.responses['200'].content['application/json'].examples.dry_run_assembled.value;
    expect(JSON.parse(block ?? 'null')).toEqual(example);
  });
});
