// The fuzz oracle itself: each rule it holds catches the answer that breaks it (so a green fuzz run means
// the server held the rules, not that the oracle could not see). Table-driven, no server needed.
import { judge, type Answer } from './oracle';
import type { FuzzRequest } from './requests';

const UUID = '3f0c9a52-8d7e-4b4f-9f51-2d7f1c0e6a11';
const headers = (extra: Record<string, string> = {}) => new Headers({ 'content-type': 'application/json', 'x-request-id': UUID, ...extra });
const answer = (status: number, body: unknown, h = headers()): Answer => ({ status, headers: h, body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) });
const status: FuzzRequest = { operationId: 'getStatus', kind: 'valid', why: 'valid request', method: 'GET', path: '/status', headers: {} };
const invalidClients: FuzzRequest = { operationId: 'listClients', kind: 'invalid', why: 'query parameter limit=0', method: 'GET', path: '/clients?limit=0', headers: {} };
const envelope = { error: { code: 'bad_request', message: 'The request is invalid.' } };
const limits = { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599' };

const cases: [string, { request: FuzzRequest; answer: Answer; want: RegExp | null }][] = [
  ['a valid answer holds every rule', { request: status, answer: answer(200, { status: 'ok', version: 'v1' }), want: null }],
  ['a 500 breaks "no 5xx"', { request: status, answer: answer(500, { error: { code: 'internal_error', message: 'x' } }), want: /no request may cause a 5xx/ }],
  ['a missing X-Request-Id is caught', { request: status, answer: answer(200, { status: 'ok', version: 'v1' }, new Headers({ 'content-type': 'application/json' })), want: /X-Request-Id/ }],
  ['a body breaking the schema is caught', { request: status, answer: answer(200, { status: 'fine', version: 'v1' }), want: /not valid against openapi\.yaml/ }],
  ['an undocumented status is caught', { request: status, answer: answer(418, envelope), want: /not documented/ }],
  ['a non-JSON body is caught', { request: status, answer: answer(200, 'ok'), want: /not valid JSON/ }],
  ['invalid input answered 200 is caught', { request: invalidClients, answer: answer(200, { results: [], count: 0, limit: 20, offset: 0 }, headers(limits)), want: /answered 200, not 4xx/ }],
  ['invalid input answered without the envelope is caught', { request: invalidClients, answer: answer(400, { message: 'bad' }, headers(limits)), want: /envelope/ }],
  ['invalid input answered 400 in the envelope holds', { request: invalidClients, answer: answer(400, envelope, headers(limits)), want: null }],
];

test.each(cases)('oracle: %s', (_name, { request, answer: a, want }) => {
  const problems = judge(request, a).join('\n');
  if (want === null) expect(problems).toBe('');
  else expect(problems).toMatch(want);
});
