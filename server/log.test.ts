import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app';
import { startTestServer, type TestServer } from './testing';
import { createLogger } from './log';

/** The real app on the harness's domain, logging into `lines`. */
async function appWithCapturedLogs(server: TestServer, docsDir?: string) {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const logger = createLogger('info', {
    write: (chunk: string) => {
      raw.push(chunk);
      lines.push(JSON.parse(chunk) as Record<string, unknown>);
    },
  });
  const app = createApp({ domain: server.domain, logger, publicBaseUrl: () => 'http://localhost', docsDir });
  const http = app.listen(0, '127.0.0.1');
  await new Promise((done) => http.once('listening', done));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { origin, lines, raw, close: () => new Promise((done) => { http.close(done); http.closeAllConnections(); }) };
}

describe('logs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('each request is logged once as JSON with its request id, and no key, token or Authorization header appears', async () => {
    const app = await appWithCapturedLogs(server);
    const { plain } = server.domain.keys.create({ mode: 'live', scopes: 'all' });
    const ok = await fetch(`${app.origin}/v1/clients`, { headers: { authorization: `Bearer ${plain}` } });
    const inQuery = await fetch(`${app.origin}/v1/clients?api_key=${plain}`, { headers: { authorization: `Bearer ${plain}` } });
    const session = await fetch(`${app.origin}/v1/social-connect/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plain}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_ref: 'logged' }),
    });
    const token = new URL(((await session.json()) as { url: string }).url).searchParams.get('token')!;
    await app.close();
    const requests = app.lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.req_id)).toEqual([ok, inQuery, session].map((r) => r.headers.get('x-request-id')));
    expect(requests.map((l) => l.status)).toEqual([200, 401, 201]);
    const all = app.raw.join('');
    expect(all).not.toContain(plain.slice(8));
    expect(all).not.toContain(token);
    expect(all.toLowerCase()).not.toContain('bearer');
  });

  test('an unexpected error is logged at error level with the request id, and answered without it', async () => {
    const app = await appWithCapturedLogs(server);
    const { plain } = server.domain.keys.create({ mode: 'test', scopes: 'all' });
    const page = server.store.clients.page;
    server.store.clients.page = () => {
      throw new Error('boom');
    };
    const res = await fetch(`${app.origin}/v1/clients`, { headers: { authorization: `Bearer ${plain}` } });
    server.store.clients.page = page;
    await app.close();
    expect(res.status).toBe(500);
    const error = app.lines.find((l) => l.level === 50)!;
    expect(error.req_id).toBe(res.headers.get('x-request-id'));
    expect((error.err as { message: string }).message).toBe('boom');
  });
});

describe('rendered docs', () => {
  test('docs/site is served at /docs when the folder exists', async () => {
    const server = await startTestServer();
    const docsDir = mkdtempSync(join(tmpdir(), 'docs-'));
    writeFileSync(join(docsDir, 'index.html'), '<h1>Partner Messaging API</h1>');
    const app = await appWithCapturedLogs(server, docsDir);
    const res = await fetch(`${app.origin}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Partner Messaging API');
    await app.close();
    await server.close();
    rmSync(docsDir, { recursive: true, force: true });
  });
});
