// The reference's code samples as lanes: each language's samples, every operation and named request example,
// in the order of the reference (so the edit and deletion of `order_shipped` come after the sends that use it),
// saved as a partner saves them and run by the language's toolchain (docs/run-samples.ts) against a reference
// server with the examples in place, with only the key and the base URL substituted. A recording proxy in
// front of the server sees each sample's one request and the answer: the documented success status, and the
// answer the sample printed. docs/samples.test.ts runs every language; docs/quickstart.test.ts runs one after
// the quickstart's steps on the server they used.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { defaultServerUrl, indexOperations, readDocument, type Json, type Operation } from '../spec';
import { SAMPLES } from '../server/testing/samples';
import { SPEC_FILE } from './build';
import { codeSamples, type CodeSample } from './code-samples';
import { compileSamples, printedAnswer, runSample, saveSample, type RunLanguage, type SampleProject } from './run-samples';
import { API_KEY_PLACEHOLDER } from './sample-conventions';
import { SAMPLE_LANGUAGES } from './sample-languages';

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

export interface Case {
  op: Operation;
  example: string | undefined;
  sample: CodeSample;
}

export const operations = operationsInPageOrder(spec);
export const samples = operations.flatMap((op) =>
  codeSamples(spec, op, DEFAULT_BASE_URL).map((sample): Case => ({ op, example: sample.example, sample })),
);
export const casesOf = (label: string) => samples.filter((c) => c.sample.label === label);
export const nameOf = (c: Case) => `${c.op.operationId}${c.example ? ` (${c.example})` : ''}`;

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

export interface LaneResult {
  ran: number;
  failures: string[];
  ms: number;
}

/** Where a lane's samples go: a server with the examples in place, and the key they are run with. */
export interface LaneTarget {
  /** `http://host:port` of the reference server. */
  origin: string;
  key: string;
}

/** One language's samples, in the reference's order, against `target` through a recording proxy. */
export async function runLane(language: RunLanguage, project: SampleProject, target: LaneTarget): Promise<LaneResult> {
  const started = Date.now();
  const label = SAMPLE_LANGUAGES.find((l) => l.key === language)!.label;
  const proxy = await recordingProxy(target.origin);
  try {
    const failures: string[] = [];
    let ran = 0;
    const saved = casesOf(label).map((c) => ({
      c,
      sample: saveSample(c.sample.source.split(DEFAULT_BASE_URL).join(proxy.baseUrl).split(API_KEY_PLACEHOLDER).join(target.key), project, UPLOADS),
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
  }
}
