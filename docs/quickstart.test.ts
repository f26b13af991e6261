// The quickstart, walked as written, in order, against the reference server as `npm start` runs it (a child
// process on a free port with an empty data directory): every shell block of docs/quickstart.md run by `sh` in
// the repository with what the reader exports (the key the server printed, its PORT and DATA_DIR from the
// banner), its TypeScript by the runner of the reference's samples (docs/run-samples.ts: the receiver, the
// typed client's send), the browser's part (the hosted page) done as its form does it; then `sandbox
// examples` beside the quickstart's objects, then every sample of the reference (curl) on the same server.
// What the reader does outside the clone before that (npm pack, npm install of the file) is the consumer
// test's (scripts/packages/consumer.test.ts), which installs exactly so; here the runner's project has the
// client and Express installed. The mock's block runs against a mock of the test's own, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { startMock, type MockServer } from '../mock/server';
import { startLikeNpmStart, type StartedServer } from './npm-start';
import { compileSamples, launchSample, runSample, sampleProject, type SampleProject, type SavedSample } from './run-samples';
import { runLane, type LaneResult } from './sample-lanes';
import { listens, pointedAt, snippetsOf } from './snippets';

const root = resolve(__dirname, '..');
const QUICKSTART = 'docs/quickstart.md';
const text = readFileSync(join(root, QUICKSTART), 'utf8');
/** The quickstart's blocks in order: the fence's language and its text. */
const blocks = [...text.matchAll(/^```([a-z]*)\n([\s\S]*?)^```/gm)].map((match) => ({ lang: match[1]!, code: match[2]! }));
const WAIT_MS = 60_000;
const ENV_MARK = '__quickstart_env__';
/** What a reader's shell carries from one block to the next. */
const EXPORTED = ['PORT', 'DATA_DIR', 'PARTNER_API_KEY', 'BASE_URL', 'WEBHOOK_SECRET'];

/** Waits until `check` answers something, trying again as soon as the last try ended (a condition, never a fixed time). */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setImmediate(done));
  }
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo);
      probe.close(() => done(port));
    });
  });
}

describe('the quickstart, walked as written, then the examples and every sample on the same server', () => {
  let server: StartedServer;
  let project: SampleProject;
  let mock: MockServer | undefined;
  let receiver: ChildProcess | undefined;
  let receiverOutput = '';
  let receiverPort: number;
  /** The reader's shell: its exports, and the last message id a send answered. */
  const shell: { env: Record<string, string>; messageId?: string } = { env: {} };
  const ran: string[] = [];
  let lane: LaneResult | undefined;

  /** A shell block as the reader runs it, with what they substitute (the key, the data folder, the port, an id). */
  async function sh(code: string): Promise<string> {
    const script = code
      .split('ik_test_…')
      .join(server.apiKey)
      .split('/path/to/.data')
      .join(server.dataDir)
      .split('PORT=4000')
      .join(`PORT=${new URL(server.origin).port}`)
      .split('http://localhost:3000')
      .join(`http://localhost:${receiverPort}`)
      .split('wamid.…')
      .join(shell.messageId ?? 'wamid.…')
      .split('http://localhost:4010')
      .join(mock?.url ?? 'http://localhost:4010');
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))), ...shell.env } as Record<string, string>;
    const child = spawn('sh', ['-c', `set -e\n${script}\nprintf '\\n${ENV_MARK}\\n'\nenv`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code_ = await new Promise<number | null>((done) => child.once('close', done));
    if (code_ !== 0) throw new Error(`this block of the quickstart failed (exit ${code_}):\n${script}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);
    const [printed, envDump = ''] = stdout.split(`\n${ENV_MARK}\n`);
    for (const line of envDump.split('\n')) {
      const at = line.indexOf('=');
      if (at > 0 && EXPORTED.includes(line.slice(0, at))) shell.env[line.slice(0, at)] = line.slice(at + 1);
    }
    const id = /"message_id":"(wamid\.[^"]+)"/.exec(printed ?? '')?.[1];
    if (id) shell.messageId = id;
    return printed ?? '';
  }

  beforeAll(async () => {
    [server, project] = await Promise.all([startLikeNpmStart({ TEMPLATE_REVIEW_DELAY_MS: '200' }), sampleProject()]);
    receiverPort = await freePort();
  }, 200_000);

  afterAll(async () => {
    receiver?.kill();
    await Promise.all([server?.stop(), mock?.close()]);
    project?.close();
  });

  it('prints the key once, alone on its line, and the PORT and DATA_DIR the other commands need', () => {
    const port = new URL(server.origin).port;
    expect(server.output()).toContain(`\nOther commands (npm run sandbox, npm run keys) find this server in another shell after: export PORT=${port} DATA_DIR=${server.dataDir}\n`);
    expect(server.output()).toMatch(new RegExp(`\\n${server.apiKey}\\n`));
  });

  it('runs every block in order: a template approved and sent, its status to a verified receiver, the typed client, the examples and the mock', async () => {
    const snippets = snippetsOf(QUICKSTART, text);
    const programs = new Map<string, SavedSample>();
    for (const snippet of snippets) {
      const folder = project.folder(`quickstart ${snippet.name}`, {});
      writeFileSync(join(folder, snippet.fileName), pointedAt(snippet.source, { origin: server.origin, receiverPort }));
      programs.set(snippet.source, { folder, file: snippet.fileName });
    }
    const compileErrors = await compileSamples('typescript', [...programs.values()]);
    expect(compileErrors).toEqual(new Map());

    for (const { lang, code } of blocks) {
      if (lang === 'text') continue;
      if (lang === 'ts') {
        const program = programs.get(code)!;
        if (listens({ source: code })) continue; // the receiver starts where the quickstart runs it (npx tsx receiver.ts)
        const run = await runSample('typescript', program, compileErrors, WAIT_MS, { PARTNER_API_KEY: server.apiKey });
        expect({ exit: run.exitCode, stderr: run.stderr }).toEqual({ exit: 0, stderr: '' });
        // sent to the test recipient: delivered, not simulated
        expect(run.stdout).toMatch(/^wamid\.\S+ false\n$/);
        ran.push('the typed client');
        continue;
      }
      if (/npm ci && npm (start|test)/.test(code)) continue; // the server runs as npm start runs it
      if (/npm pack -w client|npm install \.\/partner-messaging-client/.test(code)) continue; // the consumer test's
      if (code.includes('npx tsx receiver.ts')) {
        await sh(code.replace(/^npx tsx receiver\.ts.*$/m, ''));
        const program = [...programs.entries()].find(([source]) => listens({ source }))![1];
        receiver = launchSample('typescript', program, { WEBHOOK_SECRET: shell.env.WEBHOOK_SECRET! });
        receiver.stdout!.on('data', (chunk: Buffer) => (receiverOutput += chunk.toString()));
        receiver.stderr!.on('data', (chunk: Buffer) => (receiverOutput += chunk.toString()));
        await until('the receiver says where it listens', () => (receiverOutput.includes(`receiver on http://localhost:${receiverPort}/webhooks`) ? true : undefined));
        ran.push('the receiver');
        continue;
      }
      if (code.includes('npm run mock')) {
        mock = await startMock();
        const printed = await sh(code.replace(/^npm run mock.*$/m, ''));
        expect(JSON.parse(printed)).toMatchObject({ success: true, message_id: expect.any(String) });
        ran.push('the mock');
        continue;
      }
      const printed = await sh(code);
      if (code.includes('/embedded-signup/sessions')) {
        // the browser's part: the hosted page's form, submitted with a business name and a number
        const url = new URL((JSON.parse(printed) as { url: string }).url);
        const page = await fetch(`${server.origin}${url.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: url.searchParams.get('token')!, business_name: 'ACME Shoes GmbH', phone_number: '+49 30 901820' }).toString(),
        });
        expect(page.status).toBe(200);
        ran.push('step 2');
      } else if (code.includes('"name": "Shipping Update"')) {
        expect(JSON.parse(printed)).toMatchObject({ name: 'shipping_update', language: 'de_DE', status: 'PENDING' });
      } else if (code.includes('/templates/shipping_update?')) {
        // "check until status is APPROVED"
        let answer = printed;
        while (!answer.includes('"status":"APPROVED"')) answer = await until('the template is approved', async () => sh(code));
        ran.push('step 3');
      } else if (code.includes('/messages/send-template') && !code.includes('test-recipient')) {
        const sent = JSON.parse(printed) as { dry_run?: boolean; hint?: string; template?: unknown };
        expect(sent).toMatchObject({ success: true, dry_run: true, template: { name: 'shipping_update', language: { code: 'de_DE' } } });
        // the hint says what step 5 runs
        expect(sent.hint).toContain('npm run sandbox -- test-recipient acme-shoes-de 4915112345678');
        ran.push('step 4');
      } else if (code.includes('test-recipient')) {
        expect(shell.messageId).toMatch(/^wamid\./);
        await until('the receiver verified message.status sent', () =>
          receiverOutput.includes(`verified message.status ${shell.messageId} sent`) ? true : undefined,
        );
        ran.push('step 5: sent');
      } else if (code.includes('message-status')) {
        await until('the receiver verified message.status delivered', () =>
          receiverOutput.includes(`verified message.status ${shell.messageId} delivered`) ? true : undefined,
        );
        // the delivery log the block lists last: the message's events, each delivered (succeeded)
        const log = JSON.parse(printed.slice(printed.indexOf('{\n  "deliveries"'))) as { deliveries: Array<{ event: string; state: string }> };
        expect(log.deliveries.length).toBeGreaterThanOrEqual(2);
        expect(log.deliveries.every(({ event, state }) => event === 'message.status' && state === 'succeeded')).toBe(true);
        ran.push('step 5: delivered');
      } else if (code.includes('sandbox -- examples')) {
        // after npm's own lines (`> partner-messaging@… sandbox`), the answer
        const placed = JSON.parse(printed.slice(printed.indexOf('\n{') + 1)) as { templates: Array<{ name: string; outcome: string }> };
        expect(placed.templates.map(({ name, outcome }) => [name, outcome])).toEqual([
          ['order_shipped', 'created'],
          ['autumn_collection', 'created'],
        ]);
        ran.push('examples');
      }
    }
    expect(ran).toEqual(['step 2', 'step 3', 'step 4', 'the receiver', 'step 5: sent', 'step 5: delivered', 'the typed client', 'examples', 'the mock']);
    expect(receiverOutput).not.toMatch(/error/i);
  }, 600_000);

  it('then every sample of the reference runs as shown on the same server (curl): no 409 from the quickstart\'s template beside the examples\'', async () => {
    expect(ran).toContain('examples');
    lane = await runLane('curl', project, { origin: server.origin, key: server.apiKey });
    console.info(`quickstart then curl samples: ${lane.ran} samples run in ${(lane.ms / 1000).toFixed(1)} s`);
    expect(lane.failures).toEqual([]);
    expect(lane.ran).toBeGreaterThan(20);
  }, 600_000);
});
