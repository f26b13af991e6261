// The quickstart holds, step by step, against the reference server as `npm start` runs it (a child process
// on a free port with an empty data directory): the first-start key, a hosted session completed on its
// connect page, a template approved by the simulated reviewer, and the first send with the typed client.
import { createPartnerClient } from '../client';
import { startLikeNpmStart, type StartedServer } from './npm-start';

describe('quickstart against the reference server (npm start)', () => {
  let started: StartedServer | undefined;

  beforeAll(async () => {
    started = await startLikeNpmStart({ TEMPLATE_REVIEW_DELAY_MS: '200' });
  }, 100_000);

  afterAll(async () => {
    await started?.stop();
  });

  it('prints a test key on first start, alone on its line, and answers GET /status without it', async () => {
    expect(started?.apiKey).toMatch(/^ik_test_/);
    const status = await fetch(`${started?.baseUrl}/status`);
    expect(await status.json()).toEqual({ status: 'ok', version: 'v1' });
  });

  it('connects a chat client, creates a template and sends it with the test key: a dry run with the assembled template', async () => {
    const api = createPartnerClient({ baseUrl: started?.baseUrl ?? '', apiKey: started?.apiKey ?? '' });

    // 2. a hosted session, completed on its connect page
    const session = await api.POST('/embedded-signup/sessions', { body: { client_ref: 'acme-shoes-de' } });
    expect(session.response.status).toBe(201);
    const url = new URL(session.data?.url ?? '');
    const connected = await fetch(`${new URL(started?.baseUrl ?? '').origin}${url.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: url.searchParams.get('token') ?? '',
        business_name: 'ACME Shoes GmbH',
        phone_number: '+49 30 901820',
      }).toString(),
    });
    expect(connected.status).toBe(200);
    const client = await api.GET('/clients/{client_ref}', { params: { path: { client_ref: 'acme-shoes-de' } } });
    expect(client.data?.channel).toBe('chat');

    // 3. the template, approved by the simulated reviewer
    const created = await api.POST('/templates', {
      body: {
        client_ref: 'acme-shoes-de',
        name: 'Order Shipped',
        language: 'de_DE',
        category: 'UTILITY',
        body: { text: 'Hallo {{1}}, deine Bestellung {{2}} ist unterwegs.', examples: ['Anna', '10482'] },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'order_shipped', status: 'PENDING' });
    let status: string | undefined;
    for (let tries = 0; tries < 60 && status !== 'APPROVED'; tries += 1) {
      await new Promise((done) => setTimeout(done, 250));
      const template = await api.GET('/templates/{template_ref}', {
        params: { path: { template_ref: 'order_shipped' }, query: { client_ref: 'acme-shoes-de', language: 'de_DE' } },
      });
      status = template.data?.status;
    }
    expect(status).toBe('APPROVED');

    // 4. the send: with a test key, a dry run carrying a hint and the assembled template
    const sent = await api.POST('/messages/send-template', {
      body: { client_ref: 'acme-shoes-de', to: '4915112345678', template_ref: 'order_shipped', language: 'de_DE', parameters: ['Anna', '10482'] },
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data).toMatchObject({ success: true, dry_run: true });
    expect(typeof sent.data?.hint).toBe('string');
    expect(sent.data?.template).toMatchObject({ name: 'order_shipped', language: { code: 'de_DE' } });
  }, 60_000);

  it('uploads send media through the typed client as multipart', async () => {
    const api = createPartnerClient({ baseUrl: started?.baseUrl ?? '', apiKey: started?.apiKey ?? '' });
    // a minimal JPEG: SOI, an APP0/JFIF segment, EOI
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
    const { data, error, response } = await api.POST('/media', {
      body: { client_ref: 'acme-shoes-de', file: new File([jpeg], 'photo.jpg', { type: 'image/jpeg' }) },
    });
    expect({ status: response.status, error }).toEqual({ status: 201, error: undefined });
    expect(data).toMatchObject({ success: true, kind: 'image', expires_in_days: 30 });
  }, 30_000);
});
