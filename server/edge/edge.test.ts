// The request edge on its own, on a plain node:http server (no Express, no Prism): what its ports decide
// (the key check, the rate limit, the faults), and that the server's README shows its steps in the order
// they run.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { contract } from '../../spec';
import { eventually } from '../testing/data';
import { unauthorized, upstreamUnavailable } from '../domain/shared/errors';
import { DEFAULT_BODY_BOUNDS, createEdge, errorDocsAt, memoryRateLimiter, sendRefusal as sendRefusalWith, type EdgeKey, type EdgeRequest, type FaultSource, type KeyCheck, type Refusal } from '.';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The rendered reference these tests' refusals link. */
const errorDocs = errorDocsAt(() => 'http://docs.test/docs/');
const sendRefusal = (req: IncomingMessage, res: ServerResponse, refusal: Refusal) => sendRefusalWith(req, res, refusal, errorDocs);

const READER: EdgeKey = { id: 'key_reader', prefix: 'ik_test_read', scopes: ['clients:read'] };

/** Knows one key; a broken store for another value. */
const keys: KeyCheck<EdgeKey> = {
  async authenticate(bearer) {
    if (bearer === 'ik_test_reader') return READER;
    if (bearer === 'ik_test_store_down') throw new Error('the key store is down');
    throw unauthorized('The key check refuses this value.');
  },
};

function edgeOn(base: { path: string; optional: boolean }) {
  return createEdge({ contract: contract(), keys, rateLimiter: memoryRateLimiter({ max: 2, windowSeconds: 3600 }), bodyBounds: DEFAULT_BODY_BOUNDS, base, errorDocs });
}

describe('the request edge on a plain Node server', () => {
  let server: Server;
  let origin: string;
  const passed: EdgeRequest[] = [];

  beforeAll(async () => {
    const edge = edgeOn({ path: '/v1', optional: false });
    server = createServer((req, res) => {
      const request = edge.request(req, res);
      edge.handle(
        request,
        () => {
          passed.push(request);
          res.writeHead(204).end();
        },
        (error) => sendRefusal(req, res, { status: 500, code: 'internal_error', message: `host: ${(error as Error).message}` }),
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const get = async (path: string, key?: string) => {
    const res = await fetch(`${origin}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    const text = await res.text();
    return { status: res.status, headers: res.headers, error: text ? (JSON.parse(text) as { error: { code: string; message: string } }).error : undefined };
  };

  test('the key check decides the key: a value it refuses is 401 with its message, in the envelope with a request id', async () => {
    const refused = await get('/v1/clients', 'ik_test_unknown');
    expect(refused).toMatchObject({ status: 401, error: { code: 'unauthorized', message: 'The key check refuses this value.' } });
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a key it accepts goes on to the host with the operation, counted by the rate limit and held to its scopes', async () => {
    const accepted = await get('/v1/clients?limit=5', 'ik_test_reader');
    expect(accepted.status).toBe(204);
    expect(passed.at(-1)).toMatchObject({ key: READER, path: '/clients', query: 'limit=5', operation: { operationId: 'listClients' } });
    expect(accepted.headers.get('x-ratelimit-remaining')).toBe('1');
    const lacking = await get('/v1/templates?client_ref=acme', 'ik_test_reader');
    expect(lacking).toMatchObject({ status: 403, error: { code: 'forbidden', message: 'The API key ik_test_read… lacks the scope templates:read required by GET /templates.' } });
    const limited = await get('/v1/clients', 'ik_test_reader');
    expect(limited).toMatchObject({ status: 429, error: { code: 'rate_limited' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  test('a failure of the key check that is not a refusal is left to the host, not answered by the edge', async () => {
    expect(await get('/v1/clients', 'ik_test_store_down')).toMatchObject({ status: 500, error: { message: 'host: the key store is down' } });
  });

  test('with a required base, a path outside it goes on to the host after its request id; under it, an unknown path is 404', async () => {
    const outside = await get('/docs');
    expect(outside.status).toBe(204);
    expect(outside.headers.get('x-request-id')).not.toBeNull();
    expect(passed.at(-1)?.operation).toBeUndefined();
    expect(await get('/v1/nothing-here')).toMatchObject({ status: 404, error: { code: 'not_found' } });
    expect(await get('/v1/usage/')).toMatchObject({ status: 404, error: { code: 'not_found' } });
  });
});

describe("the faults port: what the sandbox set for a key's requests", () => {
  let server: Server;
  let origin: string;
  const asked: string[] = [];
  const passed: EdgeRequest[] = [];
  /** Each run of the edge: the operation, and whether the request went on to the host. */
  const runs: Array<[string | undefined, boolean]> = [];
  /** A fault by operation: getUsage waits, getClient waits a minute, downloadMedia loses its connection, listTemplates takes a 502 answer. */
  const faults: FaultSource = {
    async forRequest(keyId, operationId) {
      asked.push(`${keyId} ${operationId}`);
      if (operationId === 'getUsage') return { kind: 'delay', ms: 300 };
      if (operationId === 'getClient') return { kind: 'delay', ms: 60_000 };
      if (operationId === 'downloadMedia') return { kind: 'drop' };
      if (operationId === 'listTemplates') return { kind: 'answer', error: upstreamUnavailable('injected') };
      return undefined;
    },
  };

  beforeAll(async () => {
    const edge = createEdge({ contract: contract(), keys, rateLimiter: memoryRateLimiter({ max: 100, windowSeconds: 3600 }), bodyBounds: DEFAULT_BODY_BOUNDS, base: { path: '/v1', optional: false }, faults, errorDocs });
    server = createServer((req, res) => {
      const request = edge.request(req, res);
      void Promise.resolve(edge.run(request)).then((goesOn) => {
        runs.push([request.operation?.operationId, goesOn]);
        if (!goesOn) return;
        passed.push(request);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const get = (path: string) => fetch(`${origin}${path}`, { headers: { authorization: 'Bearer ik_test_reader' } });

  test('it is asked last, for the key and the operation, only once the edge let the request through', async () => {
    const before = asked.length;
    expect((await get('/v1/templates?client_ref=acme')).status).toBe(403);
    expect(asked.length).toBe(before);
    expect((await get('/v1/clients')).status).toBe(204);
    expect(asked.at(-1)).toBe('key_reader listClients');
    expect(passed.at(-1)?.fault).toBeUndefined();
  });

  test('a delay holds the request, then it goes on; a dropped connection gets no answer at all', async () => {
    const started = performance.now();
    expect((await get('/v1/usage')).status).toBe(204);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    await expect(get('/v1/media/gone?client_ref=acme')).rejects.toThrow('fetch failed');
    expect(runs.at(-1)).toEqual(['downloadMedia', false]);
  });

  test('a delay ends with its connection: a client that gives up meanwhile leaves nothing for the host', async () => {
    const giveUp = new AbortController();
    const pending = fetch(`${origin}/v1/clients/slow`, { headers: { authorization: 'Bearer ik_test_reader' }, signal: giveUp.signal }).catch((error: Error) => error.name);
    await eventually(async () => asked.at(-1) === 'key_reader getClient');
    giveUp.abort();
    expect(await pending).toBe('AbortError');
    await eventually(async () => runs.some(([operation]) => operation === 'getClient'));
    expect(runs.filter(([operation]) => operation === 'getClient')).toEqual([['getClient', false]]);
  });

  test("an answer is handed to the host with the request, for it to answer once it has validated the request", async () => {
    const reader = { ...READER, scopes: ['clients:read', 'templates:read'] };
    const scoped = createEdge({ contract: contract(), keys: { authenticate: () => reader }, rateLimiter: memoryRateLimiter({ max: 100, windowSeconds: 3600 }), bodyBounds: DEFAULT_BODY_BOUNDS, base: { path: '/v1', optional: false }, faults, errorDocs });
    const host = createServer((req, res) => {
      const request = scoped.request(req, res);
      void Promise.resolve(scoped.run(request)).then((goesOn) => {
        if (goesOn) sendRefusal(req, res, { status: 299, code: request.fault?.code ?? 'none', message: request.fault?.message ?? '' });
      });
    });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    try {
      const res = await fetch(`http://127.0.0.1:${(host.address() as AddressInfo).port}/v1/templates?client_ref=acme`, { headers: { authorization: 'Bearer ik_test_any' } });
      expect(res.status).toBe(299);
      expect(await res.json()).toEqual({ error: { code: 'upstream_unavailable', message: 'injected', doc_url: 'http://docs.test/docs/#/errors-and-retries/upstream_unavailable' } });
    } finally {
      await new Promise<void>((done) => host.close(() => done()));
    }
  });
});

describe('the request edge with ports that answer without a promise, or fail', () => {
  const reader = { ...READER, scopes: ['clients:read'] };
  const atOnce = createEdge({
    contract: contract(),
    keys: { authenticate: (bearer) => (bearer === 'ik_test_reader' ? reader : Promise.reject(new Error('the key store is down'))) },
    rateLimiter: memoryRateLimiter({ max: 100, windowSeconds: 3600 }),
    bodyBounds: DEFAULT_BODY_BOUNDS,
    base: { path: '/v1', optional: false },
    faults: { forRequest: () => undefined },
    errorDocs,
  });
  let host: Server;
  let origin: string;
  /** Per request: whether the host went on, or what failed. */
  const decisions: { wentOn?: boolean; failure?: string }[] = [];

  beforeAll(async () => {
    host = createServer((req, res) => {
      const decision: (typeof decisions)[number] = {};
      decisions.push(decision);
      atOnce.handle(
        atOnce.request(req, res),
        () => {
          decision.wentOn = true;
          res.writeHead(204).end();
        },
        (error) => {
          decision.failure = (error as Error).message;
          sendRefusal(req, res, { status: 503, code: 'upstream_unavailable', message: 'host failed' });
        },
      );
    });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => host.close(() => done())));

  test('a request of a key whose check, count and faults answer without a promise goes on to the host', async () => {
    const res = await fetch(`${origin}/v1/clients`, { headers: { authorization: 'Bearer ik_test_reader' } });
    expect(res.status).toBe(204);
    expect(decisions.at(-1)).toEqual({ wentOn: true });
  });

  test("a key check's rejected promise reaches the host's failure handler, not the partner as a refusal", async () => {
    const res = await fetch(`${origin}/v1/clients`, { headers: { authorization: 'Bearer ik_test_other' } });
    expect(res.status).toBe(503);
    expect(decisions.at(-1)).toEqual({ failure: 'the key store is down' });
  });
});

describe('a client that leaves while its request waits at the edge', () => {
  /** Called by the test once the client's connection is closed: the key check answers then. */
  let answerKeyCheck: () => void = () => undefined;
  /** What became of the one request: whether it closed, and how the edge's run ended. */
  const seen: { closed: boolean; wentOn?: boolean; failure?: string }[] = [];
  const waiting = createEdge({
    contract: contract(),
    keys: { authenticate: () => new Promise<EdgeKey>((resolve) => (answerKeyCheck = () => resolve({ ...READER, scopes: ['messages:send'] }))) },
    rateLimiter: memoryRateLimiter({ max: 100, windowSeconds: 3600 }),
    bodyBounds: DEFAULT_BODY_BOUNDS,
    base: { path: '/v1', optional: false },
    errorDocs,
  });
  let host: Server;
  let port: number;

  beforeAll(async () => {
    host = createServer((req, res) => {
      const outcome: (typeof seen)[number] = { closed: false };
      seen.push(outcome);
      req.once('close', () => (outcome.closed = true));
      Promise.resolve(waiting.run(waiting.request(req, res))).then(
        (goesOn) => (outcome.wentOn = goesOn),
        (error: Error) => (outcome.failure = error.message),
      );
    });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    port = (host.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => host.close(() => done())));

  test('its body, unread when it left, is no failure of the server: the request ends there, without going on', async () => {
    const body = '{"client_ref":"acme","to":"4915112345678","type":"text","text":{"body":"hi"}}';
    const socket = connect(port, '127.0.0.1');
    socket.write(`POST /v1/messages/send HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ik_test_any\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    await eventually(async () => seen.length === 1);
    socket.destroy();
    await eventually(async () => seen[0]!.closed);
    answerKeyCheck();
    await eventually(async () => seen[0]!.wentOn !== undefined || seen[0]!.failure !== undefined);
    expect(seen[0]).toEqual({ closed: true, wentOn: false });
  });
});

test('server/README.md shows the steps of the request edge in the order they run', () => {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
  const path = readme.slice(readme.indexOf('## The request path'), readme.indexOf('## Where does a new rule go'));
  const { steps } = edgeOn({ path: '/v1', optional: true });
  const positions = steps.map((name) => path.indexOf(name));
  expect(steps.filter((_, i) => positions[i]! < 0)).toEqual([]);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});
