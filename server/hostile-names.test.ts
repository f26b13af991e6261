// Names of built-in properties (`__proto__`, `constructor`, `toString`, …) as query, body, form and path
// names or values, on every operation, with and without a key: every answer is one openapi.yaml documents
// (the envelope on 4xx), never a 500 and never Express's HTML error page.
import { contract, type Operation } from '../spec';
import { startTestServer, type TestServer } from './testing';
import { call } from './testing/contract-calls';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_MAX: '100000' } });
  key = await server.createKey({ mode: 'live', scopes: 'all' });
  await server.connectClient({ clientRef: 'names-chat', channel: 'chat' });
});
afterAll(() => server.close());

/** The operation's path with every path parameter set to `value`, and its required query parameters. */
function pathOf(op: Operation, value: string, extraQuery: string): string {
  const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
  const required = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=names-chat`);
  const query = [...required, extraQuery].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

/** A body with `name` as an own key, at the top and one level down, in the operation's own content type. */
function bodyWith(op: Operation, name: string): { body?: unknown; raw?: BodyInit } {
  const content = Object.keys(op.requestBody?.content ?? {});
  if (content.includes('application/json')) {
    return { raw: `{"client_ref":"names-chat","${name}":{"${name}":1},"text":{"${name}":"x"}}` };
  }
  if (content.includes('multipart/form-data')) {
    const form = new FormData();
    form.append('client_ref', 'names-chat');
    form.append(name, 'x');
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'a.png');
    return { raw: form };
  }
  return {};
}

const cases = contract().operations.flatMap((op) =>
  NAMES.flatMap((name) =>
    [true, false].map((withKey) => [`${op.method.toUpperCase()} ${op.path}`, name, withKey ? 'with a key' : 'without a key', op, withKey] as const),
  ),
);

test.each(cases)('%s answers %s as a query, body and path name %s with a documented answer', async (_route, name, _keyed, op, withKey) => {
  const requests = [
    { path: pathOf(op, 'names-chat', `${encodeURIComponent(name)}=1`) },
    ...(op.path.includes('{') ? [{ path: pathOf(op, name, '') }] : []),
    ...(op.requestBody ? [{ path: pathOf(op, 'names-chat', ''), ...bodyWith(op, name) }] : []),
  ];
  for (const request of requests) {
    // `call` throws when the answer is one the contract does not document for the operation.
    const res = await call(server.baseUrl, op.method.toUpperCase(), op.path, { ...request, key: withKey ? key : undefined });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(typeof res.body?.error?.code).toBe('string');
  }
});
