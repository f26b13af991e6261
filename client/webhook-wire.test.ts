// The webhook wire against real receivers on ephemeral ports: what one attempt sends, what its outcome
// means, the retry schedule, the event id format and the stamp, as the contract states them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { contract } from '../spec';
import {
  SIGNATURE_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  keepAliveAgents,
  newWebhookEventId,
  sendWebhookAttempt,
  signWebhookBody,
  stampWebhookEvent,
  webhookRetryDelay,
  webhookUserAgent,
  type WebhookAttemptOutcome,
} from './webhooks';

interface Received {
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Which connection of the receiver it came on, counting from 1. */
  connection: number;
}

/** A receiver that records each request and answers it with `answer` (which may never answer). */
async function receiver(answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end()) {
  const received: Received[] = [];
  const connections = new WeakMap<Socket, number>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks), connection: connections.get(req.socket)! });
    answer(res);
  });
  let opened = 0;
  server.on('connection', (socket: Socket) => connections.set(socket, (opened += 1)));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const BODY = Buffer.from('{"event":"webhook.test","note":"caf\u00e9"}');

describe('one attempt', () => {
  test('sends the exact bytes as JSON, signed, with the User-Agent of the contract version (info.version of openapi.yaml)', async () => {
    const r = await receiver();
    try {
      const signature = signWebhookBody(BODY, 'whsec_wire');
      const outcome = await sendWebhookAttempt({ url: r.url, body: BODY, signature });
      expect(outcome).toMatchObject({ status: 200, delivered: true });
      expect(outcome.error).toBeUndefined();
      const [sent] = r.received;
      expect(sent!.body.equals(BODY)).toBe(true);
      expect(sent!.headers).toMatchObject({
        'content-type': 'application/json',
        'content-length': String(BODY.length),
        [SIGNATURE_HEADER.toLowerCase()]: signature,
        'user-agent': `partner-messaging-webhooks/${(contract().document.info as { version: string }).version}`,
      });
    } finally {
      await r.close();
    }
  });

  test('a sender standing in for the service keeps its product token and names itself in a comment; no signature sends no header', async () => {
    const r = await receiver();
    try {
      await sendWebhookAttempt({ url: r.url, body: BODY, signature: null, userAgent: webhookUserAgent('receiver check') });
      expect(r.received[0]!.headers['user-agent']).toMatch(/^partner-messaging-webhooks\/\d+\.\d+\.\d+ \(receiver check\)$/);
      expect(r.received[0]!.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    } finally {
      await r.close();
    }
  });

  test.each([
    [500, 'non-2xx answer 500'],
    [401, 'non-2xx answer 401'],
    [302, 'non-2xx answer 302'],
  ])('an answer %i is not delivered (%s), and a redirect is not followed', async (status, error) => {
    const r = await receiver((res) => res.writeHead(status, { location: '/elsewhere' }).end());
    try {
      const outcome = await sendWebhookAttempt({ url: r.url, body: BODY, signature: null });
      expect(outcome).toMatchObject({ status, delivered: false, error });
      expect(outcome.failure).toBeUndefined();
      expect(r.received).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  test('a receiver that does not answer within the time limit is a timeout, after the limit', async () => {
    const r = await receiver(() => undefined);
    try {
      const outcome = await sendWebhookAttempt({ url: r.url, body: BODY, signature: null, timeoutMs: 300 });
      expect(outcome).toMatchObject({ status: null, delivered: false, failure: 'timeout', error: 'timeout after 300 ms' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      await r.close();
    }
  });

  test('a receiver that closes the connection without an answer broke it', async () => {
    const r = await receiver((res) => res.socket!.destroy());
    try {
      const outcome = await sendWebhookAttempt({ url: r.url, body: BODY, signature: null });
      expect(outcome).toMatchObject({ status: null, delivered: false, failure: 'broken', error: 'ECONNRESET' });
    } finally {
      await r.close();
    }
  });

  test('nothing listening, or a URL that is not http(s), is no connection, and the attempt resolves', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    const closed: WebhookAttemptOutcome = await sendWebhookAttempt({ url, body: BODY, signature: null });
    expect(closed).toMatchObject({ status: null, delivered: false, failure: 'no-connection', error: 'ECONNREFUSED' });
    for (const bad of ['ftp://127.0.0.1/hooks', 'not a url']) {
      expect(await sendWebhookAttempt({ url: bad, body: BODY, signature: null })).toMatchObject({ status: null, delivered: false, failure: 'no-connection' });
    }
  });

  test('with keep-alive agents consecutive attempts share one connection; without, each opens its own', async () => {
    const r = await receiver();
    const agents = keepAliveAgents();
    try {
      for (let i = 0; i < 3; i++) await sendWebhookAttempt({ url: r.url, body: BODY, signature: null, agents });
      for (let i = 0; i < 2; i++) await sendWebhookAttempt({ url: r.url, body: BODY, signature: null });
      expect(r.received.map((d) => d.connection)).toEqual([1, 1, 1, 2, 3]);
    } finally {
      agents.destroy();
      await r.close();
    }
  });
  test('a kept-alive connection the receiver closes as an attempt goes out on it: the attempt goes again on a new connection, and is delivered', async () => {
    const perConnection = new Map<Socket, number>();
    const r = await receiver((res) => {
      const seen = (perConnection.get(res.socket!) ?? 0) + 1;
      perConnection.set(res.socket!, seen);
      // The second request on a connection meets the receiver closing it, as its idle timeout would.
      if (seen === 2) res.socket!.destroy();
      else res.writeHead(204).end();
    });
    const agents = keepAliveAgents();
    try {
      const first = await sendWebhookAttempt({ url: r.url, body: BODY, signature: null, agents });
      const second = await sendWebhookAttempt({ url: r.url, body: BODY, signature: null, agents });
      expect([first, second].map((o) => ({ status: o.status, delivered: o.delivered }))).toEqual([
        { status: 204, delivered: true },
        { status: 204, delivered: true },
      ]);
      expect(r.received.map((d) => d.connection)).toEqual([1, 1, 2]);
    } finally {
      agents.destroy();
      await r.close();
    }
  });
});

test('the retry schedule: immediately, then 10 s, 60 s and 5 min after each failure; none after the fifth attempt', () => {
  const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => webhookRetryDelay(i + 1));
  expect(delays).toEqual([0, 10_000, 60_000, 300_000, null]);
  expect([webhookRetryDelay(1, [20]), webhookRetryDelay(2, [20])]).toEqual([20, null]);
});

describe('event ids', () => {
  const at = new Date('2026-11-23T10:00:00.123Z');

  test('an event id is evt_ and a ULID whose first ten characters are the time it was minted, held by the contract', () => {
    const id = newWebhookEventId(at);
    expect(id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    const time = [...id.slice(4, 14)].reduce((t, c) => t * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c), 0);
    expect(time).toBe(at.getTime());
    expect(contract().validators.errors('#/components/schemas/EventId', id)).toEqual([]);
    expect(contract().validators.errors('#/components/schemas/EventId', 'evt_')).not.toEqual([]);
  });

  test('ids of one millisecond differ in their random part; ids of later milliseconds sort after', () => {
    const same = new Set(Array.from({ length: 1000 }, () => newWebhookEventId(at)));
    expect(same.size).toBe(1000);
    const later = newWebhookEventId(new Date(at.getTime() + 1));
    expect([...same].every((id) => id < later)).toBe(true);
  });

  test('a stamp gives a payload a new event_id and the time, leading it, and replaces the ones it carried', () => {
    const example = { event: 'webhook.test', event_id: 'evt_01JDB5D3BG4J6L8N0Q2S4U6W8Y', timestamp: '2026-01-01T00:00:00.000Z', test: { message: 'hi' } };
    const stamped = stampWebhookEvent(example, at);
    expect(Object.keys(stamped)).toEqual(['event_id', 'timestamp', 'event', 'test']);
    expect(stamped).toMatchObject({ event: 'webhook.test', timestamp: at.toISOString(), test: { message: 'hi' } });
    expect(stamped.event_id).not.toBe(example.event_id);
    expect(stamped.event_id.slice(0, 14)).toBe(newWebhookEventId(at).slice(0, 14));
    expect(example.event_id).toBe('evt_01JDB5D3BG4J6L8N0Q2S4U6W8Y');
  });
});
