// A value added to an enumeration of a contract reaches the code without a change where the code only lists
// the values (the sandbox command's choices, the drift check's probes), and fails to compile, naming the
// place, where the code gives each value a behaviour of its own. Shown on a scratch copy of the project: every
// named enumeration of both contracts (and openapi.yaml's webhooks, the sandbox's event kinds) gains a value
// of its own, `npm run generate` runs there, then the TypeScript compiler and the commands.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { dump, load } from 'js-yaml';
import ts from 'typescript';

const ROOT = join(__dirname, '..');
const CONTRACTS = ['openapi.yaml', 'server/sandbox/openapi.yaml'];
/** The webhook openapi.yaml gains (the sandbox's EventKind follows it). */
const NEW_EVENT = 'zz.event';
const newValueOf = (enumeration: string) => `zz_${enumeration.toLowerCase()}`;

/**
 * Where the code gives each value of an enumeration a behaviour of its own: a value added must be given its
 * place there, and the compiler says so (file and declaration). An enumeration absent from this table must
 * compile unchanged. The compiler's message names the value it lacks, except where it says so through
 * the type of a switch (`UNNAMED`).
 */
const PER_VALUE: Record<string, string[]> = {
  Channel: ['server/domain/messaging/channel-carriage.ts CHANNELS', 'server/http/connect-page.ts CHANNEL_LABEL', 'server/webhooks/samples.ts SAMPLE_USERS'],
  MediaKind: [
    'server/domain/media/kinds.ts CEILING_TEXT',
    'server/domain/media/kinds.ts KIND_PLURAL',
    'server/domain/media/kinds.ts MEDIA_CEILINGS',
    'server/domain/messaging/channel-carriage.ts MEDIA_TYPES',
    'server/provider/simulated/messaging.ts SOCIAL_ATTACHMENT_TYPE',
  ],
  OutboundMessageStatus: ['server/domain/messaging/message-status.ts RANK'],
  TemplateStatus: ['server/domain/templates/rules.ts PROVIDER_TEMPLATE_TRANSITIONS'],
  FaultKind: ['server/domain/faults/faults.ts FAULT_TAKES'],
  KeyMode: ['server/sandbox/keys.ts SandboxKeys.create'],
  DeliveryState: ['server/sandbox/webhooks.ts SandboxWebhooks.deliveries'],
  PreferenceValue: ['server/sandbox/simulator.ts SandboxSimulator.inbound'],
  InboundKind: ['server/portal/app/pages/simulator.ts FIELDS_OF_KIND', 'server/sandbox/simulator.ts SandboxSimulator.inbound'],
  ReviewOutcome: ['server/sandbox/simulator.ts SandboxSimulator.decideReview'],
  SimulatedMessageStatus: ['server/sandbox/simulator.ts SandboxSimulator.advanceMessage'],
  [NEW_EVENT]: ['server/webhooks/samples.ts sampleEvent'],
};
/** Places whose message names no value (a switch no longer exhaustive), and the enumeration they handle. */
const UNNAMED: Record<string, string> = {
  'server/sandbox/simulator.ts SandboxSimulator.inbound': 'InboundKind',
  'server/webhooks/samples.ts sampleEvent': NEW_EVENT,
};

interface Placed {
  place: string;
  at: string;
  message: string;
}

/** A copy of the project's files (not its dependencies, linked) where every enumeration has one value more. */
function scratchWithNewValues(): { dir: string; enumerations: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'enumerations-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    if (file.startsWith('node_modules/')) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      // a file listed but deleted in the working tree
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const enumerations: string[] = [];
  for (const file of CONTRACTS) {
    const doc = load(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;
    for (const [name, schema] of Object.entries<Record<string, any>>(doc.components?.schemas ?? {})) {
      if (!Array.isArray(schema.enum)) continue;
      schema.enum.push(newValueOf(name));
      enumerations.push(name);
    }
    if (file === 'openapi.yaml') {
      doc.webhooks[NEW_EVENT] = structuredClone(doc.webhooks['webhook.test']);
      doc.webhooks[NEW_EVENT].post.operationId = 'onZzEvent';
      enumerations.push(NEW_EVENT);
    }
    writeFileSync(join(dir, file), dump(doc, { lineWidth: -1, noRefs: true }));
  }
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate-types.ts'], { cwd: dir, stdio: 'pipe' });
  return { dir, enumerations };
}

/** `file Class.method` or `file name`: the top-level declaration a position stands in (and its method). */
function placeOf(source: ts.SourceFile, position: number, dir: string): string {
  const names: string[] = [];
  const topLevel = (node: ts.Node) => ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent.parent) && ts.isSourceFile(node.parent.parent.parent);
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(source) || position >= node.getEnd()) return;
    const named = topLevel(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || (ts.isMethodDeclaration(node) && ts.isClassDeclaration(node.parent));
    if (named && 'name' in node && node.name && ts.isIdentifier(node.name)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return `${relative(dir, source.fileName)} ${names.join('.')}`;
}

/** What the compiler refuses in the scratch copy, by the declaration it stands in. */
function compile(dir: string): Placed[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('no tsconfig.json in the scratch copy');
  const program = ts.createProgram(config.fileNames, config.options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    if (!d.file || d.start === undefined) throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return { place: placeOf(d.file, d.start, dir), at: `${relative(dir, d.file.fileName)}:${line + 1}`, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
  });
}

let scratch: { dir: string; enumerations: string[] };
let refused: Placed[];
beforeAll(() => {
  scratch = scratchWithNewValues();
  refused = compile(scratch.dir);
}, 300_000);
afterAll(() => scratch && rmSync(scratch.dir, { recursive: true, force: true }));

/**
 * The enumeration a refusal concerns: the one whose new value its message names first (the value refused,
 * before the type it is refused by), else the place's own.
 */
const concerns = (r: Placed): string[] => {
  const mentions = scratch.enumerations
    .map((e) => ({ e, at: r.message.indexOf(e === NEW_EVENT ? NEW_EVENT : newValueOf(e)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  const first = mentions[0]?.e ?? UNNAMED[r.place];
  return first ? [first] : [];
};

test('every refusal of the compiler concerns a value added to an enumeration', () => {
  expect(refused.filter((r) => concerns(r).length === 0).map((r) => `${r.at}: ${r.message}`)).toEqual([]);
});

test('the enumerations of both contracts and the webhooks are all extended', () => {
  expect(scratch.enumerations).toEqual(expect.arrayContaining([...Object.keys(PER_VALUE), 'TemplateCategory', 'TemplateMediaFormat']));
});

test('each enumeration fails to compile exactly where the code gives each value a behaviour, and compiles elsewhere', () => {
  const found = Object.fromEntries(
    scratch.enumerations.map((e) => [e, [...new Set(refused.filter((r) => concerns(r).includes(e)).map((r) => r.place))].sort()]),
  );
  const expected = Object.fromEntries(scratch.enumerations.map((e) => [e, [...(PER_VALUE[e] ?? [])].sort()]));
  expect(found).toEqual(expected);
});

test('the sandbox command offers every new value of the enumerations it takes a choice from', () => {
  const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/sandbox.ts', ...args], { cwd: scratch.dir, encoding: 'utf8', stdio: 'pipe' });
  const refusal = (...args: string[]) => {
    try {
      run(...args);
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    }
    throw new Error(`sandbox ${args.join(' ')} was not refused`);
  };
  const usage = run('--help');
  const offered = ['KeyMode', 'Channel', 'DeliveryState', 'InboundKind', 'MediaKind', 'PreferenceValue', 'ReviewOutcome', 'SimulatedMessageStatus', 'FaultKind'];
  expect(offered.filter((e) => !usage.includes(newValueOf(e)))).toEqual([]);
  // the event kinds are too many for the usage line: a kind the command does not know lists them
  expect(refusal('webhook', 'sample', 'no.such.kind')).toContain(NEW_EVENT);
  expect(refusal('deliveries', '--event', 'no.such.kind')).toContain(NEW_EVENT);
});

test('the drift check probes every new value of the contract it checks', () => {
  const script = `
    const { boundaryVariants } = require('./contract-tests/generation/boundaries');
    const { contract } = require('./spec');
    const doc = contract().document;
    const names = Object.keys(doc.components.schemas).filter((n) => Array.isArray(doc.components.schemas[n].enum));
    console.log(JSON.stringify(Object.fromEntries(names.map((n) => [n, boundaryVariants(doc, { $ref: '#/components/schemas/' + n }).map((v) => v.what)]))));`;
  const probed = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: scratch.dir, encoding: 'utf8' })) as Record<string, string[]>;
  expect(Object.keys(probed).length).toBeGreaterThan(0);
  for (const [name, what] of Object.entries(probed)) expect({ name, probes: what.some((w) => w.includes(newValueOf(name))) }).toEqual({ name, probes: true });
});

test('the server takes a new value of an enumeration it only lists, as the contract now states it', () => {
  const script = `
    const { startTestServer } = require('./server/testing');
    (async () => {
      const server = await startTestServer({ env: { LOG_LEVEL: 'silent' } });
      try {
        const key = await server.createKey({ mode: 'live', scopes: 'all' });
        await server.connectClient({ clientRef: 'acme', channel: 'chat' });
        const answer = await fetch(server.baseUrl + '/templates', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
          body: JSON.stringify({ client_ref: 'acme', name: 'order_shipped', category: '${newValueOf('TemplateCategory')}', body: { text: 'Hi {{1}}' } }),
        });
        console.log(JSON.stringify({ status: answer.status, body: await answer.json() }));
      } finally {
        await server.close();
      }
    })();`;
  const { status, body } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: scratch.dir, encoding: 'utf8', stdio: 'pipe' })) as { status: number; body: { category?: string } };
  expect({ status, category: body.category }).toEqual({ status: 201, category: newValueOf('TemplateCategory') });
});
