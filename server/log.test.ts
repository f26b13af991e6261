import { DEFAULT_PARTNER_ID } from './store/records';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from './testing';

/** A server logging into `lines` (parsed) and `raw`. */
async function serverWithCapturedLogs(docsDir?: string) {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const server = await startTestServer({
    docsDir,
    logs: {
      write: (chunk: string) => {
        raw.push(chunk);
        lines.push(JSON.parse(chunk) as Record<string, unknown>);
      },
    },
  });
  return { server, origin: server.origin, lines, raw, close: () => server.close() };
}

describe('logs', () => {
  test('each request is logged once as JSON with its request id, and no key, token or Authorization header appears', async () => {
    const app = await serverWithCapturedLogs();
    const { plain } = (await app.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' }));
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

  test('an API key pasted into the path, plain or percent-encoded, or quoted by an error, never reaches a log line', async () => {
    const app = await serverWithCapturedLogs();
    const { plain } = (await app.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: 'all' }));
    const secret = plain.slice(8);
    const auth = { authorization: `Bearer ${plain}` };
    await fetch(`${app.origin}/v1/clients/${plain}`, { headers: auth });
    await fetch(`${app.origin}/v1/clients/${plain.replace(/_/g, '%5F')}`, { headers: auth });
    await fetch(`${app.origin}/v1/templates/${plain}?client_ref=${plain}`, { headers: auth });
    await fetch(`${app.origin}/v1/${plain.toUpperCase()}`);
    app.server.store.clients.findByRef = () => {
      throw new Error(`lookup failed for ${plain}`);
    };
    const failed = await fetch(`${app.origin}/v1/clients/acme`, { headers: auth });
    await app.close();
    expect(failed.status).toBe(500);
    const all = app.raw.join('');
    expect(app.lines.filter((l) => l.msg === 'request')).toHaveLength(5);
    expect(all).not.toContain(secret);
    expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(all).toContain('ik_live_[redacted]');
  });

  test('an unexpected error is logged at error level with the request id, and answered without it', async () => {
    const app = await serverWithCapturedLogs();
    const { plain } = (await app.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'test', scopes: 'all' }));
    app.server.store.clients.page = () => {
      throw new Error('boom');
    };
    const res = await fetch(`${app.origin}/v1/clients`, { headers: { authorization: `Bearer ${plain}` } });
    await app.close();
    expect(res.status).toBe(500);
    const error = app.lines.find((l) => l.level === 50)!;
    expect(error.req_id).toBe(res.headers.get('x-request-id'));
    expect((error.err as { message: string }).message).toBe('boom');
  });
});

describe('rendered docs', () => {
  test('docs/site is served at /docs when the folder exists', async () => {
    const docsDir = mkdtempSync(join(tmpdir(), 'docs-'));
    writeFileSync(join(docsDir, 'index.html'), '<h1>Partner Messaging API</h1>');
    const app = await serverWithCapturedLogs(docsDir);
    const res = await fetch(`${app.origin}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Partner Messaging API');
    await app.close();
    rmSync(docsDir, { recursive: true, force: true });
  });
});
