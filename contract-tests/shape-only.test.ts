// `--shape-only` lowers the bar to the shape of the responses: a case whose responses hold openapi.yaml
// passes even when its behaviour rule broke (listed as not judged), and a response that breaks the contract
// still fails its case.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractReport } from './contract-report';
import { Coverage } from './coverage';
import { loadEntries } from './fixtures-file';
import { Broken, newRunState, type Case } from './harness';
import { executeCase, judge } from './runner';
import { externalTarget } from './targets';

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // GET /v1/status as the contract documents it, except that ?drop=id leaves out the required X-Request-Id.
  server = createServer((req, res) => {
    if (!req.url?.includes('drop=id')) res.setHeader('X-Request-Id', '3f1c9a7e-5b2d-4e8f-9a61-0c7d2b4e8f15');
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ status: 'ok', version: 'v1' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const behaviourBroken: Case = {
  operation: 'getStatus',
  name: 'a case whose behaviour rule breaks on a well-formed answer',
  run: async (ctx) => {
    await ctx.raw('GET', '/status', { key: null });
    throw new Broken('the status names the deployment', 'no deployment field');
  },
};
const shapeBroken: Case = {
  operation: 'getStatus',
  name: 'a case that receives an answer without X-Request-Id',
  run: async (ctx) => void (await ctx.raw('GET', '/status?drop=id', { key: null })),
};

const run = (c: Case, shapeOnly: boolean) => {
  const target = externalTarget({ baseUrl, apiKey: 'ik_live_x', entries: loadEntries(undefined, {}) });
  return executeCase(c, target, new Coverage('shape-only'), newRunState(0), shapeOnly);
};

test('a broken behaviour rule fails its case, unless --shape-only, which lists it as not judged', async () => {
  expect((await run(behaviourBroken, false)).outcome).toBe('failed');
  const lowered = await run(behaviourBroken, true);
  expect(lowered.outcome).toBe('passed');
  expect(lowered.unjudged?.map((o) => o.rule)).toEqual(['the status names the deployment']);
  const target = externalTarget({ baseUrl, apiKey: 'ik_live_x', entries: loadEntries(undefined, {}) });
  const report = contractReport(judge(target, [lowered], new Coverage('shape-only'), 'all', Date.now(), true));
  expect(report.sections.find((s) => s.title === 'The bar')?.body).toContain('Lowered with `--shape-only`');
  expect(report.sections.find((s) => s.title === 'Behaviour not judged (--shape-only)')?.body).toContain('the status names the deployment (no deployment field)');
});

test('a response that breaks openapi.yaml fails its case with --shape-only too', async () => {
  const result = await run(shapeBroken, true);
  expect(result.outcome).toBe('failed');
  expect(result.occurrences.map((o) => o.rule)).toEqual(['header X-Request-Id: is required but missing']);
});
