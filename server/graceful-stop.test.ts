// The graceful stop for a load balancer (operations/stopping.ts, what main.ts runs on SIGTERM): the instance
// turns not ready at once (/readyz 503) and keeps serving for SHUTDOWN_DRAIN_MS, each answer closing its
// connection; then it takes no new connection, finishes the request in flight, closes the data and exits 0.
// A stop without a drain (SIGINT) stops taking connections at once. On SQLite and on PostgreSQL.
import { request as httpRequest } from 'node:http';
import { createLogger } from './log';
import { gracefulStop } from './operations/stopping';
import { startTestServer, type TestServer } from './testing';
import { eventually } from './testing/data';

/** A GET over a connection of its own: status, headers and body, or the connection's error code. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/** The server's stop as main.ts wires it, with the exit code it ends with. */
function stopOf(server: TestServer, drainMs: number) {
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const stop = gracefulStop({
    http: server.http,
    others: [],
    readiness: server.composition.readiness,
    drainMs,
    timeoutMs: 30_000,
    logger: createLogger('silent'),
    closeData: () => server.composition.close(),
    exit,
  });
  return { stop, exited };
}

test('a draining stop (SIGTERM): /readyz 503 at once while the API keeps answering, each answer closing its connection; once the drain ends no new connection is taken, the request in flight is answered, exit 0', async () => {
  const server = await startTestServer();
  // A drain far longer than the test: a second stop ends it (as a second SIGTERM does), so nothing waits on a time.
  const { stop, exited } = stopOf(server, 600_000);
  try {
    // Ready once the data answered and, on PostgreSQL, the cache listener's first heartbeat came back.
    await eventually(async () => ((await get(`${server.origin}/readyz`)) as { status?: number }).status === 200, 15_000);
    stop('SIGTERM', true);
    const draining = await get(`${server.origin}/readyz`);
    expect(draining).toMatchObject({ status: 503 });
    expect(JSON.parse((draining as { body: string }).body)).toMatchObject({ status: 'not_ready', checks: { stopping: 'the instance is stopping' } });
    expect(await get(`${server.baseUrl}/status`)).toMatchObject({ status: 200, headers: { connection: 'close' } });
    expect(await get(`${server.origin}/healthz`)).toMatchObject({ status: 200 });

    // A request still served while draining, held in flight by a delay fault of 4 s on the key's next GET /clients.
    const { key, plain } = await server.domain.keys.create('default', { mode: 'live', scopes: 'all' });
    await server.sandbox('/faults', { kind: 'delay', key: key.id, operation: 'listClients', delay_ms: 4_000 });
    let held: number | string = 'no answer yet';
    const inFlight = get(`${server.baseUrl}/clients`, { authorization: `Bearer ${plain}` }).then((answer) => (held = 'status' in answer ? answer.status : answer.error));
    await eventually(async () => (await server.store.faults.list('default')).some((f) => f.remaining === 0));

    // The drain over: new connections are refused while the held request is still under way; it is answered.
    stop('SIGTERM', true);
    expect(await get(`${server.baseUrl}/status`)).toMatchObject({ error: 'ECONNREFUSED' });
    expect(held).toBe('no answer yet');
    await inFlight;
    expect(held).toBe(200);
    expect(await exited).toBe(0);
  } finally {
    server.http.closeAllConnections();
  }
});

test('a stop without a drain (SIGINT) takes no new connection at once, and closes the data once the requests are answered', async () => {
  const server = await startTestServer();
  const { stop, exited } = stopOf(server, 1_000);
  stop('SIGINT', false);
  expect(await get(`${server.baseUrl}/status`)).toMatchObject({ error: 'ECONNREFUSED' });
  expect(await exited).toBe(0);
});
