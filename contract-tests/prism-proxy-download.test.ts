// GET /media/{media_id} declares `application/octet-stream` and `*/*` (openapi.yaml, docs/decisions.md): an
// independent validator watching a successful download, here `prism proxy --errors`, accepts the bytes sent
// under their real media type instead of turning them into a 500.
import { startPrism, type PrismHandle } from '../mock/prism';
import { startTestServer, type TestServer } from '../server/testing';
import { JPEG } from '../server/testing/samples';

let server: TestServer;
let prism: PrismHandle;
beforeAll(async () => {
  server = await startTestServer();
  prism = await startPrism({ mode: 'proxy', upstream: server.baseUrl, errors: true });
}, 30_000);
afterAll(async () => {
  await prism?.close();
  await server?.close();
});

test('prism proxy --errors accepts a successful media download sent under its real content type', async () => {
  const key = await server.createKey({ mode: 'live', scopes: 'all' });
  await server.connectClient({ clientRef: 'proxy-chat', channel: 'chat' });
  const { media_id: mediaId } = await server.sandbox('/inbound', {
    client_ref: 'proxy-chat',
    from: '4915112345678',
    media: { type: 'image', content_base64: JPEG.toString('base64'), mime_type: 'image/jpeg' },
  });
  const res = await fetch(`${prism.url}/media/${mediaId}?client_ref=proxy-chat`, { headers: { authorization: `Bearer ${key}` } });
  expect([res.status, res.headers.get('content-type'), res.headers.get('sl-violations')]).toEqual([200, 'image/jpeg', null]);
});
