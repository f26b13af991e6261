import { DEFAULT_PARTNER_ID } from './store/records';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { DAY_MS } from './domain/shared/clock';
import { MB, KB } from './domain/media/kinds';
import { messagingFixture, uploadForm, type MessagingFixture } from './testing/messaging-fixture';
import { ofSize, SAMPLES } from './testing/samples';
import { call } from './testing/contract-calls';

let f: MessagingFixture;
beforeAll(async () => {
  f = await messagingFixture();
});
afterAll(() => f.server.close());

const upload = (body: BodyInit, key = f.live) => call(f.server.baseUrl, 'POST', '/media', { key, raw: body });

describe('POST /media', () => {
  test('an upload answers 201 with media_id, kind and expires_in_days 30, and the provider keeps it 30 days', async () => {
    const res = await upload(uploadForm(f.chat, SAMPLES.png, 'image/png', 'shoe.png'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, media_id: expect.stringMatching(/^\d{16}$/), kind: 'image', expires_in_days: 30 });
    const account = (await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.chat))!.account_key;
    const stored = (await f.server.simulator.heldMedia(account, res.body.media_id))!;
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(30 * DAY_MS);
    expect(stored.sha256).toBe(createHash('sha256').update(SAMPLES.png).digest('hex'));
  });

  test.each([
    ['jpeg', 'image/jpeg', 'image'],
    ['png', 'image/png', 'image'],
    ['mp4', 'video/mp4', 'video'],
    ['threegp', 'video/3gpp', 'video'],
    ['aac', 'audio/aac', 'audio'],
    ['m4a', 'audio/mp4', 'audio'],
    ['mp3', 'audio/mpeg', 'audio'],
    ['amr', 'audio/amr', 'audio'],
    ['ogg', 'audio/ogg', 'audio'],
    ['pdf', 'application/pdf', 'document'],
    ['doc', 'application/msword', 'document'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['txt', 'text/plain', 'document'],
    ['webp', 'image/webp', 'sticker'],
  ] as const)('the kind is detected from the bytes: %s declared %s is %s', async (sample, type, kind) => {
    const res = await upload(uploadForm(f.chat, SAMPLES[sample], type));
    expect(res.status).toBe(201);
    expect(res.body.kind).toBe(kind);
  });

  test('application/octet-stream defers to the bytes', async () => {
    const res = await upload(uploadForm(f.chat, SAMPLES.pdf, 'application/octet-stream', 'invoice.pdf'));
    expect(res.status).toBe(201);
    expect(res.body.kind).toBe('document');
  });

  test('a declared type the bytes contradict answers media_type_unsupported', async () => {
    const res = await upload(uploadForm(f.chat, SAMPLES.pdf, 'image/png', 'fake.png'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('media_type_unsupported');
  });

  test('an unsupported type (GIF, declared or not) answers media_type_unsupported', async () => {
    for (const type of ['image/gif', 'application/octet-stream', 'image/png']) {
      const res = await upload(uploadForm(f.chat, SAMPLES.gif, type, 'anim.gif'));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('media_type_unsupported');
    }
  });

  test.each([
    ['image', SAMPLES.jpeg, 'image/jpeg', 5 * MB],
    ['sticker', SAMPLES.webp, 'image/webp', 500 * KB],
    ['audio', SAMPLES.ogg, 'audio/ogg', 16 * MB],
  ] as const)('the %s ceiling: a file of exactly the ceiling is accepted, one byte more is media_too_large', async (_kind, sample, type, ceiling) => {
    const at = await upload(uploadForm(f.chat, ofSize(sample, ceiling), type));
    expect(at.status).toBe(201);
    const over = await upload(uploadForm(f.chat, ofSize(sample, ceiling + 1), type));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('media_too_large');
    expect(over.body.error.message).toContain(String(ceiling));
  });

  test('the video ceiling is 16 MB: one byte more is media_too_large', async () => {
    const over = await upload(uploadForm(f.chat, ofSize(SAMPLES.mp4, 16 * MB + 1), 'video/mp4'));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('media_too_large');
  });

  test('reading stops once the ceiling is passed: the answer comes before the body is sent', async () => {
    const boundary = 'ceilingboundary';
    const url = new URL(`${f.server.baseUrl}/media`);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="client_ref"\r\n\r\n${f.chat}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    let sent = 0;
    const total = 200 * MB;
    const chunk = ofSize(SAMPLES.jpeg, 64 * KB);
    const body = new Readable({
      read() {
        if (sent >= total) return this.push(null);
        const piece = sent === 0 ? Buffer.concat([head, chunk]) : Buffer.alloc(64 * KB, 0xa5);
        sent += piece.length;
        this.push(piece);
      },
    });
    const answer = await new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${f.live}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + total + 64),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
        },
      );
      // The server closes the connection after answering: the rest of the body cannot be written (EPIPE).
      req.on('error', (error) => (sent === 0 ? reject(error) : undefined));
      body.pipe(req);
    });
    body.destroy();
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('media_too_large');
    expect(sent).toBeLessThan(40 * MB);
  });

  test('a social client gets 400 bad_request', async () => {
    const res = await upload(uploadForm(f.social, SAMPLES.png, 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('an unknown client gets 404 not_found', async () => {
    const res = await upload(uploadForm('nobody-here', SAMPLES.png, 'image/png'));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  test('a missing file or client_ref answers 400 bad_request naming the field', async () => {
    const noFile = await upload(uploadForm(f.chat, undefined, 'image/png'));
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toMatchObject({ code: 'bad_request', details: { file: expect.any(Array) } });
    const noRef = await upload(uploadForm(undefined, SAMPLES.png, 'image/png'));
    expect(noRef.status).toBe(400);
    expect(noRef.body.error).toMatchObject({ code: 'bad_request', details: { client_ref: expect.any(Array) } });
  });

  test('a truncated multipart body answers 400 bad_request', async () => {
    const boundary = 'truncated';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="client_ref"\r\n\r\n${f.chat}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      SAMPLES.png,
    ]);
    const res = await call(f.server.baseUrl, 'POST', '/media', {
      key: f.live,
      raw: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  test('the provider refusing the upload answers 422 provider_rejected with its code and message', async () => {
    const res = await upload(uploadForm(f.chat, SAMPLES.png, 'image/png', 'reject-me.png'));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'provider_rejected', details: { provider_code: '131053', provider_message: 'Media upload error' } });
  });

  test('an unreachable provider answers 502 upstream_unavailable', async () => {
    const res = await upload(uploadForm(f.chat, SAMPLES.png, 'image/png', 'unavailable.png'));
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_unavailable');
  });

  test('after an accepted, a refused and a truncated upload the spool folder is empty', async () => {
    expect((await upload(uploadForm(f.chat, SAMPLES.png, 'image/png'))).status).toBe(201);
    expect((await upload(uploadForm(f.chat, ofSize(SAMPLES.webp, 500 * KB + 1), 'image/webp'))).status).toBe(400);
    const boundary = 'cut';
    const cut = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      ofSize(SAMPLES.png, 256 * KB),
    ]);
    const truncated = await call(f.server.baseUrl, 'POST', '/media', {
      key: f.live,
      raw: cut,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(truncated.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    const spool = join(f.server.dataDir, 'uploads');
    expect(existsSync(spool)).toBe(true);
    expect(readdirSync(spool)).toEqual([]);
  });

  test('without a key the upload is refused with 401, without messages:send with 403, before the body is looked at', async () => {
    const none = await call(f.server.baseUrl, 'POST', '/media', { raw: uploadForm(f.chat, SAMPLES.gif, 'image/gif') });
    expect(none.status).toBe(401);
    const readOnly = (await f.server.domain.keys.create(DEFAULT_PARTNER_ID, { mode: 'live', scopes: ['clients:read'] })).plain;
    const scoped = await upload(uploadForm(f.chat, SAMPLES.gif, 'image/gif'), readOnly);
    expect(scoped.status).toBe(403);
  });
});

describe('GET /media/{media_id}', () => {
  const download = (path: string, key = f.live) => call(f.server.baseUrl, 'GET', '/media/{media_id}', { key, path });

  /** An end user sends a file in through the sandbox; answers its kind and the webhook's media object. */
  async function inbound(bytes: Buffer, type: string, clientRef = f.chat) {
    const received = await f.server.sandbox('/inbound', {
      client_ref: clientRef,
      from: '4915112345678',
      media: { type: 'document', content_base64: bytes.toString('base64'), mime_type: type },
    });
    const { kind, ...media } = received.media as { kind: string; id: string; sha256: string; mime_type: string };
    return { kind, media };
  }

  test('streams the bytes with their real Content-Type, X-Media-Sha256 and Content-Length', async () => {
    const { kind, media } = await inbound(SAMPLES.ogg, 'audio/ogg');
    expect(kind).toBe('audio');
    const res = await download(`/media/${media.id}?client_ref=${f.chat}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/ogg');
    expect(res.headers.get('content-length')).toBe(String(SAMPLES.ogg.length));
    expect(res.headers.get('x-media-sha256')).toBe(createHash('sha256').update(SAMPLES.ogg).digest('hex'));
    expect(res.headers.get('x-media-sha256')).toBe(media.sha256);
    expect(res.bytes.equals(SAMPLES.ogg)).toBe(true);
  });

  test('a missing client_ref query answers 400 client_ref_required', async () => {
    const { media } = await inbound(SAMPLES.jpeg, 'image/jpeg');
    const res = await download(`/media/${media.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('client_ref_required');
  });

  test('a social client answers 400 channel_media_inline', async () => {
    const res = await download(`/media/1234567890123456?client_ref=${f.social}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('channel_media_inline');
  });

  test('an unknown id, or another client\'s id, answers 404 media_not_found', async () => {
    await f.server.connectClient({ clientRef: 'other-chat', channel: 'chat' });
    const { media } = await inbound(SAMPLES.jpeg, 'image/jpeg', 'other-chat');
    for (const path of [`/media/9999999999999999?client_ref=${f.chat}`, `/media/${media.id}?client_ref=${f.chat}`]) {
      const res = await download(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('media_not_found');
    }
  });

  test('an unknown client answers 404 not_found', async () => {
    const res = await download('/media/1234567890123456?client_ref=nobody-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  test('inbound media is kept 30 days: available on day 29, media_not_found from day 30', async () => {
    const { media } = await inbound(SAMPLES.png, 'image/png');
    f.clock.advance(30 * DAY_MS - 1);
    expect((await download(`/media/${media.id}?client_ref=${f.chat}`)).status).toBe(200);
    f.clock.advance(1);
    const gone = await download(`/media/${media.id}?client_ref=${f.chat}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('media_not_found');
  });

  test('media past their 30 days are removed from the provider (bytes and record) by the next tick', async () => {
    const { media } = await inbound(SAMPLES.png, 'image/png');
    const account = (await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.chat))!.account_key;
    const path = (await f.server.simulator.heldMedia(account, media.id))!.path;
    expect(existsSync(path)).toBe(true);
    f.clock.advance(30 * DAY_MS);
    await f.server.tick();
    expect(existsSync(path)).toBe(false);
    expect((await f.server.simulator.heldMedia(account, media.id))).toBeUndefined();
  });

  test('a client without channel credentials answers 409 conflict', async () => {
    const { media } = await inbound(SAMPLES.png, 'image/png');
    const account = (await f.server.store.clients.findByRef(DEFAULT_PARTNER_ID, f.chat))!.account_key;
    (await f.server.simulator.setCredentials(account, false));
    try {
      const res = await download(`/media/${media.id}?client_ref=${f.chat}`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
    } finally {
      (await f.server.simulator.setCredentials(account, true));
    }
  });

  test('an unreachable provider answers 502 upstream_unavailable', async () => {
    const res = await download(`/media/unavailable-1?client_ref=${f.chat}`);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_unavailable');
  });
});
