// Every program snippet of the guides and READMEs (```ts and ```python) runs as written, by the runner of the
// reference's samples (docs/run-samples.ts): saved in a default CommonJS project (`npm init -y`'s, where
// top-level await does not compile), compiled as tsx compiles it, run with the reader's environment, against
// the reference server with the examples in place, the mock, and a webhook receiver (docs/snippets.ts). A
// program exits 0 and writes nothing to stderr; a receiver starts, answers a signed delivery 200 and a forged
// one 401. The quickstart's snippets run in their place among its steps (docs/quickstart.test.ts).
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { deliverWebhook, signWebhookBody, stampWebhookEvent, verifyWebhookSignature } from '../client/webhooks';
import { startMock, type MockServer } from '../mock/server';
import { startTestServer, type TestServer } from '../server/testing';
import { SAMPLES } from '../server/testing/samples';
import { compileSamples, launchSample, runSample, sampleProject, type RunLanguage, type SampleProject, type SavedSample } from './run-samples';
import { listens, markdownFiles, pointedAt, snippetsOf, type Snippet } from './snippets';

const RUN_TIMEOUT_MS = 120_000;
const SECRET = 'whsec_snippet_receiver_secret';
const snippets = markdownFiles().flatMap((file) => snippetsOf(file));
/** Run in order among the quickstart's steps, against the objects those steps make. */
const inQuickstart = (snippet: Snippet) => snippet.file === 'docs/quickstart.md';

/** A free loopback port, for a receiver snippet to listen on. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

interface Outcome {
  name: string;
  problems: string[];
}

describe('the snippets of the guides and READMEs, run as written', () => {
  let project: SampleProject;
  let server: TestServer;
  let mock: MockServer;
  let receiver: Server;
  const received: Array<{ signed: boolean }> = [];
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    [project, server, mock] = await Promise.all([sampleProject(), startTestServer({ database: 'sqlite' }), startMock()]);
    await server.sandbox('/examples', {});
    // what a snippet that sends webhooks sends them to: it verifies each as a partner's receiver does
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const signed = verifyWebhookSignature(Buffer.concat(chunks), req.headers['x-service-signature'] as string | undefined, SECRET);
        received.push({ signed });
        res.writeHead(signed ? 200 : 401).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const receiverPort = (receiver.address() as AddressInfo).port;

    const runnable = snippets.filter((snippet) => !inQuickstart(snippet));
    const saved: Array<{ snippet: Snippet; sample: SavedSample; port: number }> = [];
    for (const snippet of runnable) {
      const port = listens(snippet) ? await freePort() : receiverPort;
      const folder = project.folder(snippet.name, { 'shipping-banner.jpg': SAMPLES.jpeg, 'photo.jpg': SAMPLES.jpeg });
      writeFileSync(join(folder, snippet.fileName), pointedAt(snippet.source, { origin: server.origin, mock: mock.url, receiverPort: port }));
      saved.push({ snippet, sample: { folder, file: snippet.fileName }, port });
    }
    const errors = new Map<string, string>();
    for (const language of new Set(saved.map(({ snippet }) => snippet.language))) {
      for (const [folder, complaint] of await compileSamples(language, saved.filter(({ snippet }) => snippet.language === language).map(({ sample }) => sample))) errors.set(folder, complaint);
    }
    for (const { snippet, sample, port } of saved) {
      // each snippet with a key of its own: the error-handling test sets faults on its key
      const env = {
        PARTNER_API_KEY: await server.createKey({ mode: 'test', scopes: 'all' }),
        WEBHOOK_SECRET: SECRET,
        SANDBOX_ORIGIN: server.origin,
        SANDBOX_ADMIN_TOKEN: server.sandboxToken,
      };
      const problems = listens(snippet) ? await runReceiver(snippet.language, sample, errors, port, env) : await runProgram(snippet.language, sample, errors, env);
      outcomes.push({ name: snippet.name, problems });
    }
  }, 900_000);

  afterAll(async () => {
    project?.close();
    await Promise.all([server?.close(), mock?.close(), new Promise((done) => receiver?.close(done))]);
  });

  it('finds the snippets of the guides and READMEs, every TypeScript one among them', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(18);
    expect(snippets.filter((snippet) => snippet.language === 'typescript').length).toBeGreaterThanOrEqual(17);
    for (const file of ['client/README.md', 'docs/webhooks.md', 'docs/quickstart.md', 'generated/README.md']) expect(snippets.some((s) => s.file === file)).toBe(true);
  });

  it('every one runs as written: a program exits 0 with nothing on stderr, a receiver answers a signed delivery 200 and a forged one 401', () => {
    expect(outcomes.map(({ name }) => name)).toEqual(snippets.filter((snippet) => !inQuickstart(snippet)).map(({ name }) => name));
    expect(outcomes.filter(({ problems }) => problems.length > 0)).toEqual([]);
  });

  it('the webhook wire snippet delivered to the receiver it names, signed with the secret', () => {
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(received.every(({ signed }) => signed)).toBe(true);
  });

  it('the runner refuses top-level await, as a default CommonJS project does', async () => {
    const folder = project.folder('top-level await', {});
    writeFileSync(join(folder, 'snippet.ts'), "const answer = await Promise.resolve(42);\nconsole.log(answer);\n");
    const sample = { folder, file: 'snippet.ts' };
    const errors = await compileSamples('typescript', [sample]);
    expect(errors.get(folder)).toMatch(/Top-level await is currently not supported with the "cjs" output format/);
  });
});

/** A program snippet: exits 0, nothing on stderr. */
async function runProgram(language: RunLanguage, sample: SavedSample, errors: Map<string, string>, env: Record<string, string>): Promise<string[]> {
  const run = await runSample(language, sample, errors, RUN_TIMEOUT_MS, env);
  const output = `\n--- stdout\n${run.stdout.slice(0, 1500)}\n--- stderr\n${run.stderr.slice(0, 1500)}`;
  const problems: string[] = [];
  if (run.exitCode !== 0) problems.push(`exit ${run.exitCode}${output}`);
  else if (run.stderr.trim() !== '') problems.push(`wrote to stderr${output}`);
  return problems;
}

/**
 * A receiver snippet: it says where it listens, answers a delivery signed with the secret 200 and one signed
 * with another secret 401, and is stopped.
 */
async function runReceiver(language: RunLanguage, sample: SavedSample, errors: Map<string, string>, port: number, env: Record<string, string>): Promise<string[]> {
  const notCompiled = errors.get(sample.folder);
  if (notCompiled !== undefined) return [`did not compile:\n${notCompiled}`];
  const child = launchSample(language, sample, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const url = await new Promise<string | undefined>((done) => {
      const timer = setTimeout(() => done(undefined), RUN_TIMEOUT_MS);
      const look = () => {
        const printed = new RegExp(`(http://localhost:${port}/\\S*)`).exec(stdout)?.[1];
        if (printed) {
          clearTimeout(timer);
          done(printed);
        }
      };
      child.stdout!.on('data', look);
      child.once('exit', () => {
        clearTimeout(timer);
        done(undefined);
      });
    });
    if (!url) return [`never said where it listens on port ${port}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`];
    const body = JSON.stringify(stampWebhookEvent({ event: 'webhook.test', channel: 'chat', client_ref: 'webhook_test', test: { message: 'from the snippets test' } }));
    const signed = await deliverWebhook({ url, secret: SECRET, body, schedule: [0] });
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-signature': signWebhookBody(body, 'whsec_another_secret_entirely') }, body });
    const problems: string[] = [];
    if (signed.attempts[0]?.status !== 200) problems.push(`answered a signed delivery ${signed.attempts[0]?.status ?? signed.attempts[0]?.error}`);
    if (forged.status !== 401) problems.push(`answered a forged delivery ${forged.status}`);
    if (stderr.trim() !== '') problems.push(`wrote to stderr:\n${stderr}`);
    return problems;
  } finally {
    child.kill();
  }
}
