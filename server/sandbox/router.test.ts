// The sandbox is mounted from its own contract (server/sandbox/openapi.yaml) as the public API is from
// openapi.yaml: requests and answers are held to it.
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '../../spec';
import { errorDocsAt } from '../edge';
import { errorHandler } from '../http/error-mapper';
import { createLogger } from '../log';
import { startTestServer, type TestServer } from '../testing';
import { sandboxRouter } from './router';
import type { Sandbox } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
});
afterAll(() => server.close());

/** The sandbox router over `service` alone, behind the server's error handler; its origin. */
async function mounted(service: Sandbox): Promise<{ origin: string; close(): Promise<void> }> {
  const app = express();
  app.use('/sandbox', sandboxRouter(service, server.sandboxToken, server.composition.domain.portalTokens));
  app.use(errorHandler(createLogger('silent'), { contract: contract(), docs: errorDocsAt(() => `${server.origin}/docs/`) }));
  const http = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return { origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, close: () => new Promise((done) => http.close(() => done())) };
}

const admin = () => ({ authorization: `Bearer ${server.sandboxToken}` });

test('an answer the sandbox contract does not document is not sent: the caller gets the 500 envelope', async () => {
  const service = server.composition.sandbox.service;
  const broken = Object.assign(Object.create(service) as Sandbox, { tick: async () => ({ ran_at: 'yesterday', next_delivery_at: null }) });
  const target = await mounted(broken);
  try {
    const res = await fetch(`${target.origin}/sandbox/tick`, { method: 'POST', headers: admin() });
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe('internal_error');
    const sound = await fetch(`${server.origin}/sandbox/tick`, { method: 'POST', headers: admin() });
    expect(sound.status).toBe(200);
  } finally {
    await target.close();
  }
});

test('a request the sandbox contract refuses is 400 with the envelope naming the field', async () => {
  const res = await fetch(`${server.origin}/sandbox/keys`, { method: 'POST', headers: { ...admin(), 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'prod' }) });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe('bad_request');
  expect(Object.keys(body.error.details)).toContain('mode');
});

test('a refusal of the sandbox (unknown partner) is its documented 4XX envelope', async () => {
  const res = await fetch(`${server.origin}/sandbox/keys?partner=ptn_nobody`, { headers: admin() });
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String), doc_url: `${server.origin}/docs/#/errors-and-retries/not_found` } });
});
