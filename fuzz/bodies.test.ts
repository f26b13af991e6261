// Every request body is bounded in bytes and in time (server/edge/body-bounds.ts, openapi.yaml "Limits"):
// endless bodies after an early answer, endless multipart parts, trickled and stalled bodies, and clients
// that asked to close the connection. The server runs as `npm start` does, with short body timeouts so the
// test takes seconds.
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import type { Child } from '../bench/processes';
import { LINGER_BYTES } from '../server/edge/body-bounds';
import { MULTIPART_BODY_LIMIT } from '../server/http/multipart-upload';
import { preparedDataDir, serverChild, statusOfRaw } from './hardening-kit';

const CHAT = 'bodies-chat';
const IDLE_MS = 600;
const TOTAL_MS = 3_000;
/** What socket buffers on both ends may hold on top of what the server reads. */
const BUFFERS = 32 * 2 ** 20;
let server: Child & { baseUrl: string };
let key: string;
let remove: () => void;

beforeAll(async () => {
  const prepared = await preparedDataDir([], [{ clientRef: CHAT, channel: 'chat' }]);
  remove = prepared.remove;
  key = prepared.key;
  server = await serverChild(prepared.dataDir, { BODY_IDLE_TIMEOUT_MS: String(IDLE_MS), BODY_TIMEOUT_MS: String(TOTAL_MS) });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  remove?.();
});

interface Endless {
  /** The status line's code, when an answer arrived. */
  status: number | null;
  answer: string;
  /** Bytes of body the client got written before the server closed the connection. */
  written: number;
  closedByServer: boolean;
}

/**
 * Sends `head` and then body bytes without end, as fast as the server takes them (chunked: every chunk a
 * valid one), until the server closes the connection or `limit` bytes were written.
 */
function sendEndless(head: string, chunk: Buffer, limit: number): Promise<Endless> {
  return new Promise((resolve) => {
    const socket: Socket = connect(server.port, '127.0.0.1');
    let answer = '';
    let written = 0;
    let ended = false;
    const finish = (closedByServer: boolean) => {
      if (ended) return;
      ended = true;
      socket.destroy();
      resolve({ status: statusOfRaw(answer), answer, written, closedByServer });
    };
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const pump = () => {
      while (!ended) {
        if (written >= limit) return finish(false);
        written += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

const chunked = (path: string, headers: string) =>
  `POST /v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n${headers}\r\n`;
const MB = Buffer.alloc(2 ** 20, 0x61);
const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '').split('\r\n')[0]!);

describe('bodies bounded in bytes', () => {
  test('after a 401 the rest of an endless body is read at most 16 MB further, then the connection is closed', async () => {
    const r = await sendEndless(chunked('/messages/send', 'Content-Type: application/json\r\n'), MB, 2 ** 30);
    expect(r.status).toBe(401);
    expect(r.closedByServer).toBe(true);
    expect(r.written).toBeLessThan(LINGER_BYTES + BUFFERS);
  }, 30_000);

  test('an endless JSON body is refused with 400 once over 1 MB, then read at most 16 MB further and the connection closed', async () => {
    const r = await sendEndless(chunked('/messages/send', `Authorization: Bearer ${key}\r\nContent-Type: application/json\r\n`), MB, 2 ** 30);
    expect(r.status).toBe(400);
    expect(jsonOf(r.answer).error.code).toBe('bad_request');
    expect(r.closedByServer).toBe(true);
    expect(r.written).toBeLessThan(2 ** 20 + LINGER_BYTES + BUFFERS);
  }, 30_000);

  test('an endless multipart preamble is refused with 400 once over the upload limit, then the connection is closed', async () => {
    const r = await sendEndless(
      chunked('/media', `Authorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=endless\r\n`),
      MB,
      2 ** 30,
    );
    expect(r.status).toBe(400);
    expect(jsonOf(r.answer).error.code).toBe('bad_request');
    expect(r.closedByServer).toBe(true);
    expect(r.written).toBeLessThan(MULTIPART_BODY_LIMIT + LINGER_BYTES + BUFFERS);
  }, 30_000);

  test('an endless part that is not the file is refused with 400 once over the upload limit', async () => {
    const head = chunked('/media', `Authorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=endless\r\n`);
    const r = await sendEndless(
      head + (() => {
        const part = Buffer.from(`--endless\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
        return `${part.length.toString(16)}\r\n${part.toString('latin1')}\r\n`;
      })(),
      MB,
      2 ** 30,
    );
    expect(r.status).toBe(400);
    expect(r.closedByServer).toBe(true);
    expect(r.written).toBeLessThan(MULTIPART_BODY_LIMIT + LINGER_BYTES + BUFFERS);
  }, 30_000);

  // A field's length is known only at its end: an endless one is stopped by the limit of the whole body.
  test('an endless text field is refused with 400 once over the upload limit, then the connection is closed', async () => {
    const head = chunked('/media', `Authorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=endless\r\n`);
    const part = Buffer.from(`--endless\r\nContent-Disposition: form-data; name="client_ref"\r\n\r\n`);
    const r = await sendEndless(`${head}${part.length.toString(16)}\r\n${part.toString('latin1')}\r\n`, MB, 2 ** 30);
    expect(r.status).toBe(400);
    expect(jsonOf(r.answer).error.code).toBe('bad_request');
    expect(r.closedByServer).toBe(true);
    expect(r.written).toBeLessThan(MULTIPART_BODY_LIMIT + LINGER_BYTES + BUFFERS);
  }, 30_000);
});

describe('bodies bounded in time', () => {
  /** Sends the head and `firstBytes` of a body declared longer, then `trickle` bytes every `everyMs`, until the server answers or closes. */
  function slowBody(firstBytes: string, trickle: { bytes: string; everyMs: number } | null): Promise<{ status: number | null; answer: string; ms: number }> {
    return new Promise((resolve) => {
      const started = performance.now();
      const socket = connect(server.port, '127.0.0.1');
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearInterval(timer);
        socket.destroy();
        resolve({ status: statusOfRaw(answer), answer, ms: performance.now() - started });
      };
      socket.on('data', (d) => (answer += d.toString('latin1')));
      socket.on('error', done);
      socket.on('close', done);
      socket.once('connect', () => {
        socket.write(`POST /v1/messages/send HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n${firstBytes}`);
        if (trickle) timer = setInterval(() => !socket.destroyed && socket.write(trickle.bytes), trickle.everyMs);
      });
    });
  }

  test('a body that stalls is answered 400 after the idle timeout and the connection closed', async () => {
    const r = await slowBody('{"client_ref":', null);
    expect(r.status).toBe(400);
    expect(jsonOf(r.answer).error.message).toMatch(/stalled/);
    expect(r.ms).toBeGreaterThanOrEqual(IDLE_MS);
  }, 30_000);

  test('bodies that stall together, while whole requests come and go beside them, are each answered 400 after the idle timeout', async () => {
    const whole = JSON.stringify({ client_ref: CHAT, to: '4915112345678', type: 'text', text: { body: 'Your order has shipped.' }, dry_run: true });
    const send = () =>
      fetch(`${server.baseUrl}/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: whole }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    // Each stalled body arrives among whole ones that leave the watch before it, from below and above it.
    const stalled: ReturnType<typeof slowBody>[] = [];
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const before = Array.from({ length: 4 }, send);
      stalled.push(slowBody('{"client_ref":', null));
      statuses.push(...(await Promise.all([...before, ...Array.from({ length: 4 }, send)])));
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const r of await Promise.all(stalled)) {
      expect(r.status).toBe(400);
      expect(jsonOf(r.answer).error.message).toMatch(/stalled/);
      expect(r.ms).toBeGreaterThanOrEqual(IDLE_MS);
    }
  }, 30_000);

  test('a body that trickles one byte at a time, never pausing long, is answered 400 once it takes longer than allowed', async () => {
    const r = await slowBody('{"text":"', { bytes: 'a', everyMs: IDLE_MS / 4 });
    expect(r.status).toBe(400);
    expect(jsonOf(r.answer).error.message).toMatch(/took longer than/);
    expect(r.ms).toBeGreaterThanOrEqual(TOTAL_MS);
  }, 30_000);
});

describe('early answers reach clients that asked to close', () => {
  test('a client sending a 40 MB upload with Connection: close reads its 400 media_too_large every time, never a reset', async () => {
    const boundary = 'closing';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="client_ref"\r\n\r\n${CHAT}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
      'latin1',
    );
    const size = 40 * 2 ** 20;
    for (let round = 0; round < 5; round++) {
      const outcome = await new Promise<string>((resolve) => {
        const req = request(`${server.baseUrl}/media`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            connection: 'close',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + size),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve(`${res.statusCode} ${JSON.parse(body).error.code}`));
          res.on('error', (e) => resolve(`response broke: ${(e as NodeJS.ErrnoException).code}`));
        });
        req.on('error', (e) => resolve(`request failed: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
        req.write(head);
        let sent = 0;
        const pump = () => {
          while (sent < size && !req.destroyed) {
            sent += MB.length;
            if (!req.write(MB)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
      expect(outcome).toBe('400 media_too_large');
    }
  }, 60_000);
});
