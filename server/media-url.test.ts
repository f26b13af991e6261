// No request forgery through `header.media_url`: every textual form of a non-public address is refused before
// a connection is made, on creation and on edit, as the first URL and as a redirect target; a failed
// download never tells whether a port is open.
import express from 'express';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nonPublicReason } from './domain/shared/public-address';
import { MediaUrlRefused } from './domain/templates/media-url';
import { HttpMediaUrlFetcher } from './downloads/media-url-fetcher';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';
import { NON_PUBLIC_HOSTS } from './testing/non-public-hosts';

/** A TCP server on every loopback address that records each connection: nothing may ever reach it. */
async function startCanary(): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const canary = { port: 0, connections: 0, close: async (): Promise<void> => undefined };
  const server: TcpServer = createTcpServer((socket) => {
    canary.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  canary.port = (server.address() as AddressInfo).port;
  canary.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return canary;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 1)]);

describe('the public-address rule (ipaddr.js)', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'private (shared)'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a00:1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::a00:1', 'private (local NAT64)'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['2002:c0a8:1::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
    ['2001:0:7f00:1::1', 'loopback'],
    ['8.8.8.8', undefined],
    ['93.184.216.34', undefined],
    ['2606:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
    ['64:ff9b::808:808', undefined],
    ['2002:808:808::1', undefined],
    ['not an address', 'not an IP address'],
  ])('%s is refused as %s (undefined: public)', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });
});

describe('the media URL fetcher refuses every spelling of a non-public address without connecting', () => {
  let canary: Awaited<ReturnType<typeof startCanary>>;
  beforeAll(async () => (canary = await startCanary()));
  afterAll(() => canary.close());

  test.each(NON_PUBLIC_HOSTS.flatMap((host) => ['http', 'https'].map((scheme) => [`${scheme}://${host}`])))('%s is refused', async (origin) => {
    const fetcher = new HttpMediaUrlFetcher(nonPublicReason);
    const refused = await fetcher.open(`${origin}:${canary.port}/banner.png`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MediaUrlRefused);
    expect((refused as MediaUrlRefused).reason).toMatch(/must point at a public address|does not resolve/);
    expect(canary.connections).toBe(0);
  });

  test('a redirect to a non-public address is refused before it is followed', async () => {
    const target = await startCanary();
    const redirector = express();
    redirector.get('/banner.png', (_req, res) => void res.redirect(302, `http://[::ffff:7f00:1]:${target.port}/banner.png`));
    const http = await new Promise<Server>((done) => {
      const s = redirector.listen(0, '127.0.0.1', () => done(s));
    });
    try {
      // 127.0.0.1 stands in for a public host here: the policy lets only it through.
      const fetcher = new HttpMediaUrlFetcher((address) => (address === '127.0.0.1' ? undefined : nonPublicReason(address)));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/banner.png`;
      await expect(fetcher.open(url)).rejects.toMatchObject({ reason: expect.stringMatching(/must point at a public address .*loopback/) });
      expect(target.connections).toBe(0);
    } finally {
      await new Promise((done) => http.close(done));
      await target.close();
    }
  });

  test('a closed port and a port that hangs up read the same: the answer never maps a network', async () => {
    const fetcher = new HttpMediaUrlFetcher((address) => (address === '127.0.0.1' ? undefined : nonPublicReason(address)));
    const closed = await startCanary();
    const closedPort = closed.port;
    await closed.close();
    const hangsUp = await startCanary();
    try {
      const reasons = await Promise.all(
        [closedPort, hangsUp.port].map((port) =>
          fetcher.open(`http://127.0.0.1:${port}/banner.png`).then(
            () => 'downloaded',
            (error: MediaUrlRefused) => error.reason,
          ),
        ),
      );
      expect(reasons).toEqual(['could not be downloaded', 'could not be downloaded']);
    } finally {
      await hangsUp.close();
    }
  });
});

describe('header.media_url through the API', () => {
  let server: TestServer;
  let key: string;
  let canary: Awaited<ReturnType<typeof startCanary>>;
  beforeAll(async () => {
    canary = await startCanary();
    server = await startTestServer({ env: { TICK_INTERVAL_MS: '0' } });
    key = await server.createKey({ mode: 'live', scopes: 'all' });
    await server.connectClient({ clientRef: 'ssrf-chat', channel: 'chat' });
  });
  afterAll(async () => {
    await server.close();
    await canary.close();
  });

  const create = (name: string, url: string) =>
    call(server.baseUrl, 'POST', '/templates', { key, body: { client_ref: 'ssrf-chat', name, header: { format: 'IMAGE', media_url: url }, body: { text: 'News' } } });

  test.each(['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '[64:ff9b::7f00:1]', '2130706433', 'localhost'])(
    'creating a template whose header media_url is on %s is refused with 400 and nothing is fetched',
    async (host) => {
      for (const scheme of ['http', 'https']) {
        const res = await create(`ssrf_${Math.random().toString(36).slice(2, 8)}`, `${scheme}://${host}:${canary.port}/banner.png`);
        expect(res.status).toBe(400);
        expect(res.body.error.details['header.media_url'][0]).toMatch(/must point at a public address|does not resolve/);
      }
      expect(canary.connections).toBe(0);
    },
  );

  test('editing a template to a header media_url on a mapped loopback address is refused with 400 and nothing is fetched', async () => {
    const created = await call(server.baseUrl, 'POST', '/templates', { key, body: { client_ref: 'ssrf-chat', name: 'ssrf_edit', body: { text: 'Hi' } } });
    expect(created.status).toBe(201);
    await server.sandbox('/templates/review', { client_ref: 'ssrf-chat', template_ref: 'ssrf_edit', status: 'APPROVED' });
    const res = await call(server.baseUrl, 'PATCH', '/templates/{template_ref}', {
      path: '/templates/ssrf_edit?client_ref=ssrf-chat',
      key,
      body: { client_ref: 'ssrf-chat', name: 'ssrf_edit', header: { format: 'IMAGE', media_url: `http://[::ffff:7f00:1]:${canary.port}/x.png` }, body: { text: 'Hi' } },
    });
    expect(res.status).toBe(400);
    expect(canary.connections).toBe(0);
  });
});

describe('concurrent template creations', () => {
  test('ten simultaneous creations of one name and language with a header media_url create exactly one template at the provider', async () => {
    const files = express();
    let served = 0;
    // Slow enough that all ten requests are past their first name check before any reaches the provider.
    files.get('/banner.png', (_req, res) => {
      served += 1;
      setTimeout(() => res.type('image/png').send(PNG), 200);
    });
    const http = await new Promise<Server>((done) => {
      const s = files.listen(0, '127.0.0.1', () => done(s));
    });
    const server = await startTestServer({ env: { TICK_INTERVAL_MS: '0', TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS: 'true' } });
    try {
      const key = await server.createKey({ mode: 'live', scopes: 'all' });
      await server.connectClient({ clientRef: 'race-chat', channel: 'chat' });
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/banner.png`;
      const body = { client_ref: 'race-chat', name: 'Race Banner', language: 'en_US', header: { format: 'IMAGE', media_url: url }, body: { text: 'Hello' } };
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(server.baseUrl, 'POST', '/templates', { key, body })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      expect(served).toBe(1);
      const listed = await call(server.baseUrl, 'GET', '/templates', { path: '/templates?client_ref=race-chat&refresh=true', key });
      expect(listed.body.results.filter((t: { name: string }) => t.name === 'race_banner')).toHaveLength(1);
    } finally {
      await server.close();
      await new Promise((done) => http.close(done));
    }
  });
});
