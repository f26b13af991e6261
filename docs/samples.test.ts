// Every code sample of the rendered reference, of every operation and every named request example, run as a
// partner runs it: saved under the file name its first line gives and run by its language's own toolchain
// (docs/run-samples.ts), with only the key and the base URL substituted, against the reference server whose
// sandbox put the examples' objects in place (POST /sandbox/examples). Each language has a server of its own
// and runs the samples in the order of the reference (so the edit and deletion of `order_shipped` come after
// the sends that use it); the languages run side by side. A recording proxy in front of each server sees each
// sample's one request and the answer: the documented success status, and the answer the sample printed.
// Where a language compiles (TypeScript, Java), a lane compiles its samples together before running each as
// its own program (docs/run-samples.ts says how, and why that is the same source by the same compiler as
// the one-file command the sample's first line gives a partner): one compiler start per language, not per
// sample.
// A toolchain missing is a skip with the Debian package to install, except under CI=true, where it fails.
// C# is not run (no .NET SDK in Debian 12): its samples are held to the shape checkCSharpShape describes.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { defaultServerUrl, indexOperations, readDocument, type Json, type Operation } from '../spec';
import { startTestServer, type TestServer } from '../server/testing';
import { SAMPLES } from '../server/testing/samples';
import { SPEC_FILE } from './build';
import { API_KEY_PLACEHOLDER, SAMPLE_LANGUAGES, codeSamples, type CodeSample } from './code-samples';
import { RUN_LANGUAGES, TOOLCHAINS, checkCSharpShape, compileSamples, printedAnswer, runSample, sampleProject, saveSample, type RunLanguage, type SampleProject } from './run-samples';

const inCI = process.env.CI === 'true';
/** Languages run at once: two cores, with some of each run waiting on the server. */
const LANES = 3;
/** A safety net only: every run ends when its program does (a first Go build on a cold cache takes a while). */
const RUN_TIMEOUT_MS = 180_000;

const spec = readDocument(SPEC_FILE);
const DEFAULT_BASE_URL = defaultServerUrl(spec);

/** The operations in the order of the reference: the paths as written, each path's methods as written. */
function operationsInPageOrder(doc: Json): Operation[] {
  const rank = new Map<string, number>();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of Object.keys(item)) rank.set(`${method} ${path}`, rank.size);
  }
  return indexOperations(doc).sort((a, b) => rank.get(`${a.method} ${a.path}`)! - rank.get(`${b.method} ${b.path}`)!);
}

/** The status the contract documents for success: the operation's lowest 2xx. */
const successStatus = (op: Operation) => Math.min(...Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s)).map(Number));

interface Case {
  op: Operation;
  example: string | undefined;
  sample: CodeSample;
}

const operations = operationsInPageOrder(spec);
const samples = operations.flatMap((op) =>
  codeSamples(spec, op, DEFAULT_BASE_URL).map((sample): Case => ({ op, example: sample.example, sample })),
);
const casesOf = (label: string) => samples.filter((c) => c.sample.label === label);
const nameOf = (c: Case) => `${c.op.operationId}${c.example ? ` (${c.example})` : ''}`;

/** The files the multipart samples upload, in each sample's folder. */
const UPLOADS = { 'photo.jpg': SAMPLES.jpeg, 'shipping-banner.jpg': SAMPLES.jpeg };

interface Exchange {
  method: string;
  url: string;
  status: number;
  body: Buffer;
}

/** An HTTP proxy that forwards to `target` and records each request's method, URL, status and answer. */
async function recordingProxy(target: string): Promise<{ baseUrl: string; exchanges: Exchange[]; close(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = httpRequest(
      // a connection per request: a kept-alive one may be closed by the server just as the next sample reuses it
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => exchanges.push({ method: req.method ?? '', url: req.url ?? '', status: answer.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => res.destroy(error));
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    exchanges,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** What went wrong with one run, or nothing. */
function judge(language: RunLanguage, c: Case, run: Awaited<ReturnType<typeof runSample>>, seen: Exchange[]): string[] {
  const problems: string[] = [];
  const output = `\n--- stdout\n${run.stdout.slice(0, 1500)}\n--- stderr\n${run.stderr.slice(0, 1500)}`;
  if (run.exitCode !== 0) problems.push(`exit ${run.exitCode}${output}`);
  if (seen.length !== 1) return [...problems, `the server saw ${seen.length} requests instead of one${output}`];
  const exchange = seen[0]!;
  const expected = successStatus(c.op);
  if (exchange.status !== expected) problems.push(`the server answered ${exchange.status}, not ${expected}: ${exchange.body.toString().slice(0, 300)}`);
  const printed = printedAnswer(language, run.stdout);
  if (printed.status !== exchange.status) problems.push(`printed status ${printed.status}, the server answered ${exchange.status}${output}`);
  if (c.op.responses[String(expected)]?.content['application/octet-stream']) {
    if (!run.downloaded?.equals(exchange.body)) problems.push(`wrote ${run.downloaded?.length ?? 'no'} bytes, not the ${exchange.body.length} the server sent`);
    if (language !== 'curl' && !printed.body.includes(`${exchange.body.length} bytes`)) problems.push(`did not print the byte count${output}`);
  } else if (exchange.body.length === 0) {
    if (printed.body !== '') problems.push(`printed an answer where the server sent none${output}`);
  } else {
    let shown: unknown;
    try {
      shown = JSON.parse(printed.body);
    } catch {
      shown = undefined;
    }
    if (!isDeepStrictEqual(shown, JSON.parse(exchange.body.toString()))) problems.push(`did not print the answer the server sent${output}`);
  }
  return problems;
}

interface LaneResult {
  ran: number;
  failures: string[];
  ms: number;
}

/** One language's samples, in the reference's order, against a server of their own with the examples in place. */
async function runLane(language: RunLanguage, project: SampleProject): Promise<LaneResult> {
  const started = Date.now();
  const label = SAMPLE_LANGUAGES.find((l) => l.key === language)!.label;
  const server: TestServer = await startTestServer({ database: 'sqlite' });
  const proxy = await recordingProxy(server.origin);
  try {
    await server.sandbox('/examples', {});
    // the key `npm start` prints at its first start: a test key with every scope
    const key = await server.createKey({ mode: 'test', scopes: 'all' });
    const failures: string[] = [];
    let ran = 0;
    const saved = casesOf(label).map((c) => ({
      c,
      sample: saveSample(c.sample.source.split(DEFAULT_BASE_URL).join(proxy.baseUrl).split(API_KEY_PLACEHOLDER).join(key), project, UPLOADS),
    }));
    const compileErrors = await compileSamples(language, saved.map(({ sample }) => sample));
    for (const { c, sample } of saved) {
      const before = proxy.exchanges.length;
      const run = await runSample(language, sample, compileErrors, RUN_TIMEOUT_MS);
      ran += 1;
      for (const problem of judge(language, c, run, proxy.exchanges.slice(before))) failures.push(`${label} ${nameOf(c)}: ${problem}`);
    }
    return { ran, failures, ms: Date.now() - started };
  } finally {
    await proxy.close();
    await server.close();
  }
}

async function inLanes<T, R>(items: T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const available = RUN_LANGUAGES.filter(({ key }) => TOOLCHAINS[key].available());
const missing = RUN_LANGUAGES.filter(({ key }) => !TOOLCHAINS[key].available());
if (missing.length && !inCI) {
  console.warn(`docs/samples.test.ts: not run, toolchain missing: ${missing.map(({ label, key }) => `${label} (apt-get install ${TOOLCHAINS[key].needs})`).join(', ')}`);
}

describe('the code samples of the reference, run by each language toolchain against the reference server', () => {
  const results = new Map<RunLanguage, LaneResult>();
  let project: SampleProject;

  beforeAll(async () => {
    project = await sampleProject();
    const ran = await inLanes(available, LANES, (language) => runLane(language.key, project));
    available.forEach((language, index) => results.set(language.key, ran[index]!));
  }, 1_500_000);

  afterAll(() => project?.close());

  it('has a sample of every operation and of every named request example in every language', () => {
    const expected = operations.flatMap((op) => {
      const named = Object.keys(op.requestBody?.content?.['application/json']?.examples ?? {});
      return (named.length ? named : [undefined]).map((example) => `${op.operationId}${example ? ` (${example})` : ''}`);
    });
    expect(expected.length).toBeGreaterThan(operations.length);
    for (const { label } of SAMPLE_LANGUAGES) expect({ label, cases: casesOf(label).map(nameOf) }).toEqual({ label, cases: expected });
  });

  describe.each(RUN_LANGUAGES.map((language) => [language.label, language.key] as const))('%s', (label, key) => {
    const runs = TOOLCHAINS[key].available() || inCI ? it : it.skip;
    runs(`every ${label} sample exits 0, the server answers its documented success status, and it prints that answer`, () => {
      if (!TOOLCHAINS[key].available()) throw new Error(`CI=true but ${label} cannot run: .ci/run must install ${TOOLCHAINS[key].needs}`);
      const result = results.get(key)!;
      console.info(`${label}: ${result.ran} samples run in ${(result.ms / 1000).toFixed(1)} s`);
      expect(result.failures).toEqual([]);
      expect(result.ran).toBe(casesOf(label).length);
    });
  });

  describe('C# (not run: the .NET SDK is not packaged in Debian 12)', () => {
    it('every C# sample has a using for each type it names, closed literals and balanced brackets, and prints the status and the answer', () => {
      const problems = casesOf('C#').flatMap((c) => checkCSharpShape(c.sample.source).map((problem) => `${nameOf(c)}: ${problem}`));
      expect(problems).toEqual([]);
      expect(casesOf('C#').length).toBe(samples.length / SAMPLE_LANGUAGES.length);
    });

    it('the C# shape check finds a missing using, an unclosed bracket or literal, and a sample that prints nothing', () => {
      const sample = casesOf('C#').find((c) => c.op.operationId === 'sendMessage')!.sample.source;
      expect(checkCSharpShape(sample.replace('using System.Net.Http.Headers;\n', ''))).toContain('names AuthenticationHeaderValue without using System.Net.Http.Headers');
      expect(checkCSharpShape(sample.replace('HttpMethod.Post, ', 'HttpMethod.Post, ('))).toContain('( never closed');
      expect(checkCSharpShape(sample.replace('"Bearer"', '"Bearer'))).toEqual(['a string literal is not closed on its line']);
      expect(checkCSharpShape(sample.replace('Console.WriteLine((int)response.StatusCode);', ''))).toContain('does not print the status');
    });
  });
});
