// The Express webhook receiver front: verification over the exact raw bytes, 401 on any mismatch.
import express, { type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookVerifier, verifyWebhookRequest, type WebhookLocals } from './express';
import { SIGNATURE_HEADER, signWebhookBody } from './webhooks';

const SECRET = 'whsec_test_4f1a9c';
// a payload as the service sends it: its own spacing and a non-ASCII character, so re-serializing changes the bytes
const RAW = Buffer.from(
  '{"event":"webhook.test", "event_id":"evt_01JDB5D3BG4J6L8N0Q2S4U6W8Y","channel":"chat","client_ref":"webhook_test",' +
    '"timestamp":"2026-11-22T08:29:00.000Z","test":{"message":"Grüße from the portal"}}',
  'utf8',
);

async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('webhookVerifier (Express)', () => {
  let received: WebhookLocals[];
  let target: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const app = express();
    received = [];
    // a global JSON parser elsewhere in the app must not touch the webhook route's raw body
    app.post('/webhooks', webhookVerifier({ secret: ['whsec_old_rotated', SECRET] }), (_req: Request, res: Response) => {
      received.push(res.locals as WebhookLocals);
      res.sendStatus(204);
    });
    target = await listen(app);
  });
  afterAll(async () => {
    await target.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  function deliver(body: Buffer | string, signature?: string, contentType = 'application/json') {
    const headers: Record<string, string> = { 'Content-Type': contentType };
    if (signature !== undefined) headers[SIGNATURE_HEADER] = signature;
    return fetch(target.url, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  }

  it('accepts a delivery signed over the exact raw bytes and hands on the parsed event and the bytes', async () => {
    const response = await deliver(RAW, signWebhookBody(RAW, SECRET));
    expect(response.status).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]?.webhookEvent.event).toBe('webhook.test');
    expect(received[0]?.webhookRawBody.equals(RAW)).toBe(true);
  });

  it('verifies the raw bytes whatever the Content-Type says', async () => {
    const response = await deliver(RAW, signWebhookBody(RAW, SECRET), 'text/plain; charset=utf-8');
    expect(response.status).toBe(204);
  });

  it('accepts a delivery signed with any of the secrets given during a rotation', async () => {
    const response = await deliver(RAW, signWebhookBody(RAW, 'whsec_old_rotated'));
    expect(response.status).toBe(204);
  });

  it.each([
    ['no signature header', undefined],
    ['a signature made with another secret', signWebhookBody(RAW, 'whsec_someone_else')],
    ['a signature over re-serialized JSON', signWebhookBody(JSON.stringify(JSON.parse(RAW.toString('utf8'))), SECRET)],
    ['an uppercase-hex signature', signWebhookBody(RAW, SECRET).toUpperCase()],
    ['a signature without the sha256= prefix', signWebhookBody(RAW, SECRET).slice('sha256='.length)],
    ['a truncated signature', signWebhookBody(RAW, SECRET).slice(0, -2)],
  ])('rejects %s with 401 and does not call the handler', async (_name, signature) => {
    const response = await deliver(RAW, signature);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: `Missing or invalid ${SIGNATURE_HEADER}.` },
    });
    expect(received).toHaveLength(0);
  });

  it('rejects a body changed after signing with 401', async () => {
    const tampered = Buffer.from(RAW.toString('utf8').replace('webhook_test', 'acme-shoes-de'), 'utf8');
    const response = await deliver(tampered, signWebhookBody(RAW, SECRET));
    expect(response.status).toBe(401);
  });

  it('answers 400 when the signed body is not JSON', async () => {
    const body = 'not json';
    const response = await deliver(body, signWebhookBody(body, SECRET));
    expect(response.status).toBe(400);
    expect(received).toHaveLength(0);
  });

  it('answers 500 (so the service retries) when express.json() consumed the body before the verifier', async () => {
    const app = express();
    app.use(express.json());
    app.post('/webhooks', verifyWebhookRequest({ secret: SECRET }), (_req, res) => res.sendStatus(204));
    const misconfigured = await listen(app);
    try {
      const response = await fetch(misconfigured.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(RAW, SECRET) },
        body: new Uint8Array(RAW),
      });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('receiver_misconfigured');
    } finally {
      await misconfigured.close();
    }
  });

  it('refuses to build a verifier without a secret', () => {
    expect(() => webhookVerifier({ secret: '' })).toThrow(TypeError);
    expect(() => webhookVerifier({ secret: [] })).toThrow(TypeError);
  });
});
