// The generated phase against the reference server: it passes (no finding against a correct implementation,
// every template it made deleted), it is reproducible with its seed, and it never sends a request to any host
// but the target's: every connection the process opens goes to the target, and every URL its requests carry
// (media links, header media, button URLs) names the target's host, so the implementation fetches nothing
// elsewhere either.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { startServerTarget } from '../local-targets';
import { runSuite } from '../runner';
import type { RunningTarget } from '../targets';

let target: RunningTarget;

beforeAll(async () => {
  target = await startServerTarget();
}, 60_000);
afterAll(() => target?.close());

test('the generated phase sends only to the target: every connection, every request URL and every URL inside a request names its host', async () => {
  const origin = new URL(target.baseUrl).origin;
  const urls: string[] = [];
  const bodies: string[] = [];
  const connections: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    urls.push(request.url);
    bodies.push(await request.clone().text());
    return realFetch(request);
  };
  const onSocket = ({ socket }: { socket: Socket }) => socket.once('connect', () => connections.push(`${socket.remoteAddress}:${socket.remotePort}`));
  subscribe('net.client.socket', onSocket as (message: unknown) => void);
  let sent: number;
  try {
    const result = await runSuite(target, { cases: [], generated: { seed: 7, maxRequests: 400, budgetMs: 120_000 } });
    sent = result.generated!.sent;
    expect(result.findings).toEqual([]);
  } finally {
    globalThis.fetch = realFetch;
    unsubscribe('net.client.socket', onSocket as (message: unknown) => void);
  }
  expect(sent).toBeGreaterThan(300);
  expect(urls.length).toBeGreaterThanOrEqual(sent);
  expect(urls.filter((u) => new URL(u).origin !== origin)).toEqual([]);
  const port = new URL(origin).port;
  expect(connections.filter((c) => !(c.endsWith(`:${port}`) && /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1):/.test(c)))).toEqual([]);
  const carried = bodies.flatMap((b) => b.match(/https?:\/\/[^\s"'\\]+/g) ?? []);
  // Media links, header media and button URLs were generated, and every one points at the target.
  expect(carried.length).toBeGreaterThan(20);
  expect(carried.filter((u) => new URL(u).host !== new URL(origin).host)).toEqual([]);
}, 240_000);

test('the same seed sends the same requests: two phases of one seed draw identical bodies but for the run-unique names', async () => {
  const drawn = async () => {
    const realFetch = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = async (input: Request | string | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      // A run's unique token (in names and references), the ids the server gives the templates the phase makes and
      // the boundary of the phase's own upload differ by run; the rest is the seed's.
      const text = `${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`;
      seen.push(text.replace(/gen[_-][0-9a-z]{8,12}[_-]\d+/g, 'gen-unique').replace(/formdata-undici-\d+/g, 'formdata-boundary').replace(/\/templates\/\d{10,}/g, '/templates/<id>'));
      return realFetch(request);
    };
    try {
      await runSuite(target, { cases: [], generated: { seed: 4242, maxRequests: 60, budgetMs: 120_000, operations: ['sendMessage', 'listClients'] } });
    } finally {
      globalThis.fetch = realFetch;
    }
    return seen;
  };
  const first = await drawn();
  const second = await drawn();
  expect(first.length).toBeGreaterThan(60);
  expect(second).toEqual(first);
}, 240_000);
