// Typed per-event webhook dispatch: one handler per event kind with its payload type, unknown kinds to the
// fallback; and the Express receiver (signature check, handler, 200; 500 when a handler fails) over real HTTP.
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '../spec';
import { webhookReceiver } from './express';
import { SIGNATURE_HEADER, createWebhookDispatcher, signWebhookBody, type ReceivedWebhookEvent, type WebhookEvent } from './webhooks';

const SECRET = 'whsec_dispatch_test_5d2c';
const example = (event: string) => Object.values(contract().webhook(event)!.examples)[0] as WebhookEvent;

describe('createWebhookDispatcher', () => {
  it('runs the handler of the event kind with its typed payload, and only that one', async () => {
    const seen: string[] = [];
    const dispatch = createWebhookDispatcher({
      'message.status': (event) => {
        // typed from generated/: statuses exists on message.status only
        seen.push(`status ${event.statuses[0]?.status}`);
        // @ts-expect-error statuses is the typed array of a message.status payload, not a string
        const wrong: string = event.statuses;
        void wrong;
      },
      'template.status': (event) => void seen.push(`template ${event.template.name}`),
    });
    expect(await dispatch(example('message.status'))).toBe('handled');
    expect(await dispatch(example('template.status'))).toBe('handled');
    expect(seen).toEqual([`status ${(example('message.status') as any).statuses[0].status}`, `template ${(example('template.status') as any).template.name}`]);
  });

  it('hands kinds without a handler, and kinds unknown to this package, to unhandled; ignores them without it', async () => {
    const unhandled: string[] = [];
    const withFallback = createWebhookDispatcher({}, { unhandled: (event) => void unhandled.push(event.event) });
    const future: ReceivedWebhookEvent = { event: 'message.edited', event_id: 'evt_future', channel: 'chat' };
    expect(await withFallback(example('webhook.test'))).toBe('unhandled');
    expect(await withFallback(future)).toBe('unhandled');
    expect(unhandled).toEqual(['webhook.test', 'message.edited']);
    expect(await createWebhookDispatcher({})(future)).toBe('ignored');
  });

  it('never calls an inherited property as a handler', async () => {
    const dispatch = createWebhookDispatcher({});
    expect(await dispatch({ event: 'toString', event_id: 'evt_x' })).toBe('ignored');
  });
});

describe('webhookReceiver (Express)', () => {
  let server: Server;
  let url: string;
  const handled: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use('/api', express.json()); // the rest of the app parses JSON; the webhook route reads its own raw body
    app.post(
      '/webhooks',
      webhookReceiver({
        secret: SECRET,
        on: {
          'message.received': (event) => void handled.push(`received ${event.messages[0]?.id}`),
          'template.status': () => {
            throw new Error('database down');
          },
        },
      }),
    );
    server = await new Promise<Server>((done) => {
      const started = app.listen(0, '127.0.0.1', () => done(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  const deliver = (payload: unknown, secret = SECRET) => {
    const body = JSON.stringify(payload);
    return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(body, secret) }, body });
  };

  it('verifies the signature, runs the handler of the kind and answers 200', async () => {
    const event = example('message.received') as any;
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(handled).toContain(`received ${event.messages[0].id}`);
  });

  it('answers 401 to a wrong signature without running any handler', async () => {
    const before = handled.length;
    const response = await deliver(example('message.received'), 'whsec_someone_else');
    expect(response.status).toBe(401);
    expect(handled).toHaveLength(before);
  });

  it('acknowledges a kind it has no handler for with 200', async () => {
    expect((await deliver(example('user.preferences'))).status).toBe(200);
  });

  it('answers 500 when the handler fails, so the service retries the delivery', async () => {
    const response = await deliver(example('template.status'));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('handler_failed');
  });
});
