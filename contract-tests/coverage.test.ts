// The coverage verdict: an operation is "not implemented" only when what it answered can only be a missing
// route, never for the 404 of an unknown client; and the conformance figure counts what the run observed.
import { Coverage, enumLocations, sentValues } from './coverage';
import { contract } from '../spec';

const verdictOf = (c: Coverage, operation: string) => c.verdicts().find((v) => v.operation === operation)!.verdict;

test('an operation answered only with the 404 of an unknown reference is "no success", not "not implemented"', () => {
  const c = new Coverage('t');
  c.record('getClient', '404', 'not_found');
  c.record('getClient', '401', 'unauthorized');
  expect(verdictOf(c, 'getClient')).toBe('no success');
});

test('it is not implemented once a request made invalid on purpose got 404 too, or it answered a 404 it does not document, or a 405', () => {
  const invalid = new Coverage('t');
  invalid.record('getClient', '404', 'not_found');
  invalid.recordInvalidAnswer('getClient', 404);
  expect(verdictOf(invalid, 'getClient')).toBe('not implemented');
  const undocumented = new Coverage('t');
  undocumented.record('getUsage', '404', undefined);
  expect(verdictOf(undocumented, 'getUsage')).toBe('not implemented');
  const method = new Coverage('t');
  method.record('listClients', '405', 'method_not_allowed');
  expect(verdictOf(method, 'listClients')).toBe('not implemented');
});

test('a 404 carrying an error code of the operation’s own, or any other answer, shows the operation is there', () => {
  const own = new Coverage('t');
  own.record('downloadMedia', '404', 'media_not_found');
  own.recordInvalidAnswer('downloadMedia', 404);
  expect(verdictOf(own, 'downloadMedia')).toBe('no success');
  const validated = new Coverage('t');
  validated.record('getClient', '404', 'not_found');
  validated.record('getClient', '400', 'bad_request');
  validated.recordInvalidAnswer('getClient', 404);
  expect(verdictOf(validated, 'getClient')).toBe('no success');
  const never = new Coverage('t');
  expect(verdictOf(never, 'getClient')).toBe('not exercised');
  never.record('getClient', '200', undefined);
  expect(verdictOf(never, 'getClient')).toBe('covered');
});

test('the conformance figure is the share of documented statuses, error codes and request enum values observed', async () => {
  const c = new Coverage('t');
  const before = c.conformance();
  expect(before.statuses[0] + before.errorCodes[0] + before.enumValues[0]).toBe(0);
  expect(before.enumValues[1]).toBe(contract().operations.flatMap(enumLocations).reduce((n, e) => n + e.values.length, 0));
  c.record('listTemplates', '200', undefined);
  const record = async (operation: string, request: Request) => c.recordRequest(operation, request.url, await sentValues(request));
  await record('listTemplates', new Request('http://x/v1/templates?client_ref=a&category=UTILITY&status=PAUSED'));
  await record('sendMessage', new Request('http://x/v1/messages/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'location' }) }));
  const after = c.conformance();
  expect(after.statuses[0]).toBe(1);
  expect(after.enumValues[0]).toBe(3);
  expect(after.share).toBeCloseTo(4 / (after.statuses[1] + after.errorCodes[1] + after.enumValues[1]));
  expect(c.conformanceLine()).toMatch(/^\d+\.\d% \(documented statuses 1\/\d+, error codes 0\/\d+, request enum values 3\/\d+\)$/);
});
