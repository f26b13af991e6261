// The response checker, table-driven: each row is a response a target could send and what the checker must
// say about it (nothing, or the operation and the field).
import { contract, describeViolation } from '.';

const RID = '3f1c9a7e-5b2d-4e8f-9a61-0c7d2b4e8f15';
const rateHeaders = { 'x-request-id': RID, 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599' };
const json = (v: unknown) => Buffer.from(JSON.stringify(v));
const client = { client_ref: 'acme-shoes-de', channel: 'chat' };
const template = { id: '1', client_ref: 'acme-shoes-de', name: 'order_shipped', language: 'en_US', status: 'APPROVED' };

type Row = [string, { method: string; path: string; status: number; headers: Record<string, string>; body: Buffer }, string[]];
const table: Row[] = [
  ['a documented 200 with a valid Client and every header holds', { method: 'GET', path: '/clients/acme', status: 200, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json(client) }, []],
  ['a Client with unknown extra properties holds (Client allows them)', { method: 'GET', path: '/clients/acme', status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...rateHeaders }, body: json({ ...client, tier: 'gold' }) }, []],
  ['a channel outside the enum names the operation and /channel', { method: 'GET', path: '/clients/acme', status: 200, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json({ ...client, channel: 'fax' }) }, ['getClient 200: body /channel: must be equal to one of the allowed values']],
  ['a missing required property names it', { method: 'GET', path: '/clients/acme', status: 200, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json({ channel: 'chat' }) }, ["getClient 200: body /client_ref: must have required property 'client_ref'"]],
  ['an undocumented status is a violation', { method: 'GET', path: '/usage', status: 418, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json({}) }, ['getUsage 418: status: status 418 is not documented (documented: 200, 400, 401, 403, 429, 500)']],
  ['problem+json instead of the error envelope is a content-type violation', { method: 'GET', path: '/usage', status: 401, headers: { 'content-type': 'application/problem+json', 'x-request-id': RID }, body: json({ title: 'x' }) }, ['getUsage 401: content-type: "application/problem+json" is not documented (documented: application/json)']],
  ['a missing X-RateLimit-Remaining header is named', { method: 'GET', path: '/usage', status: 403, headers: { 'content-type': 'application/json', 'x-request-id': RID, 'x-ratelimit-limit': '600' }, body: json({ error: { code: 'forbidden', message: 'm' } }) }, ['getUsage 403: header X-RateLimit-Remaining: is required but missing']],
  ['a header value breaking its schema is named', { method: 'GET', path: '/status', status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' }, body: json({ status: 'ok', version: 'v1' }) }, ['getStatus 200: header X-Request-Id: "req-1" must match format "uuid"']],
  ['an error code breaking the envelope pattern is named', { method: 'GET', path: '/status', status: 500, headers: { 'content-type': 'application/json', 'x-request-id': RID }, body: json({ error: { code: 'Internal Error', message: 'm' } }) }, ['getStatus 500: body /error/code: must match pattern "^[a-z][a-z_]*$"']],
  ['a 204 with a body is a violation', { method: 'DELETE', path: '/templates/x', status: 204, headers: rateHeaders, body: Buffer.from('{}') }, ['deleteTemplate 204: body: no body is documented but 2 bytes were sent']],
  ['media bytes with their real type hold (application/octet-stream documents any bytes)', { method: 'GET', path: '/media/1', status: 200, headers: { 'content-type': 'audio/ogg', 'content-length': '4', 'x-media-sha256': 'a'.repeat(64), ...rateHeaders }, body: Buffer.from('OggS') }, []],
  ['a media download without Content-Length is named', { method: 'GET', path: '/media/1', status: 200, headers: { 'content-type': 'audio/ogg', 'x-media-sha256': 'a'.repeat(64), ...rateHeaders }, body: Buffer.from('OggS') }, ['downloadMedia 200: header Content-Length: is required but missing']],
  ['a path no operation has is a violation', { method: 'GET', path: '/v1/status', status: 200, headers: {}, body: Buffer.alloc(0) }, ['GET /v1/status 200: path: no operation of openapi.yaml matches this method and path']],
  ...(
    [
      ['2024-05-01T10:00:00Z', []],
      ['2024-05-01t10:00:00.123z', []],
      ['2024-05-01T12:00:00+02:00', []],
      ['2024-05-01T10:00:00', ['must match format "date-time"']],
      ['2024-05-01 10:00:00Z', ['must match format "date-time"']],
      ['2024-05-01T12:00:00+02', ['must match format "date-time"']],
      ['2024-05-01T12:00:00+0200', ['must match format "date-time"']],
      ['2023-02-29T10:00:00Z', ['must match format "date-time"']],
    ] as const
  ).map(([at, errors]): Row => [
    `a template updated_at of ${at} ${errors.length ? 'breaks' : 'holds'} RFC 3339`,
    { method: 'GET', path: '/templates/order_shipped', status: 200, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json({ ...template, updated_at: at }) },
    errors.map((e) => `getTemplate 200: body /updated_at: ${e}`),
  ]),
  ['POST /clients/signup is completeClientSignup, not getClient', { method: 'POST', path: '/clients/signup', status: 201, headers: { 'content-type': 'application/json', ...rateHeaders }, body: json(client) }, []],
];

describe('the response checker holds every response against openapi.yaml', () => {
  test.each(table)('%s', (_name, given, want) => {
    const result = contract().check({ ...given, headers: new Headers(given.headers) });
    expect(result.violations.map(describeViolation)).toEqual(want);
  });

  test('every named response example of openapi.yaml holds its own schema', () => {
    const broken: string[] = [];
    for (const op of contract().operations)
      for (const res of Object.values(op.responses))
        for (const [media, m] of Object.entries(res.content))
          for (const [name, value] of Object.entries(m.examples))
            if (m.schemaPointer && media.includes('json') && contract().validators.errors(m.schemaPointer, value).length) broken.push(`${op.operationId} ${res.status} ${name}`);
    expect(broken).toEqual([]);
  });

  test('an example that breaks its schema would be caught (the check above can fail)', () => {
    const m = contract().byId('getUsage')!.responses['200']!.content['application/json']!;
    const example = structuredClone(m.examples.november) as { current: { period: string } };
    example.current.period = 'November';
    expect(contract().validators.errors(m.schemaPointer!, example).map((e) => `${e.instancePath} ${e.message}`)).toEqual([
      '/current/period must match pattern "^[0-9]{4}-(0[1-9]|1[0-2])$"',
    ]);
  });
});

