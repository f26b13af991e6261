// The boundaries the generator pins are the ones openapi.yaml states, the values at them are valid, and the
// values one step past them are not (Ajv 2020 decides, as for every generated request).
import fc from 'fast-check';
import { contract } from '../../spec';
import { boundaryVariants, breakingVariants, type Variant } from './boundaries';
import { probesOf } from './probes';
import { parameterValid, partsValid } from './request-parts';

const doc = contract().document;
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const valid = (name: string, value: unknown) => contract().validators.errors(`#/components/schemas/${name}`, value).length === 0;
const samples = (v: Variant, n = 5) => fc.sample(v.arb, { numRuns: n, seed: 42 });
const find = (variants: Variant[], field: string, what: string | RegExp) => {
  const found = variants.find((v) => v.field === field && (typeof what === 'string' ? v.what === what : what.test(v.what)));
  if (!found) throw new Error(`no variant ${field} ${what} among ${variants.map((v) => `${v.field} ${v.what}`).join(' | ')}`);
  return found;
};
const at = (value: unknown, field: string) => field.split('.').reduce<any>((node, key) => node?.[key], value);
const length = (s: string) => [...s].length;

const REQUEST_SCHEMAS = contract()
  .operations.map((o) => [o.operationId, (o.requestBody?.content?.['application/json'] ?? o.requestBody?.content?.['multipart/form-data'])?.schema] as const)
  .filter(([, s]) => s !== undefined);

test.each(REQUEST_SCHEMAS)('every boundary value of the %s request body is valid against openapi.yaml', (_id, body) => {
  const validate = contract().validators.compile(body);
  const invalid = boundaryVariants(doc, body).flatMap((v) => samples(v, 3).filter((value) => !validate(value)).map(() => `${v.field} ${v.what}`));
  expect(invalid).toEqual([]);
});

test('a text body is pinned at exactly its maxLength and minLength, and broken at maxLength + 1 and minLength − 1', () => {
  const good = boundaryVariants(doc, schema('TextPayload'));
  for (const value of samples(find(good, 'body', 'maxLength 4096'))) expect(length(at(value, 'body'))).toBe(4096);
  for (const value of samples(find(good, 'body', 'minLength 1'))) expect(length(at(value, 'body'))).toBe(1);
  const bad = breakingVariants(doc, schema('TextPayload'));
  for (const value of samples(find(bad, 'body', 'maxLength 4096 + 1'))) {
    expect(length(at(value, 'body'))).toBe(4097);
    expect(valid('TextPayload', value)).toBe(false);
  }
  for (const value of samples(find(bad, 'body', 'minLength 1 − 1'))) expect(at(value, 'body')).toBe('');
});

test('a contacts array is pinned at exactly 257 items and at 1, and broken at 258 and 0', () => {
  const good = boundaryVariants(doc, schema('ContactsPayload'));
  expect(samples(find(good, '', 'maxItems 257')).map((v) => (v as unknown[]).length)).toEqual([257, 257, 257, 257, 257]);
  expect(samples(find(good, '', 'minItems 1')).map((v) => (v as unknown[]).length)).toEqual([1, 1, 1, 1, 1]);
  const bad = breakingVariants(doc, schema('ContactsPayload'));
  expect(samples(find(bad, '', 'maxItems 257 + 1')).every((v) => (v as unknown[]).length === 258 && !valid('ContactsPayload', v))).toBe(true);
  expect(samples(find(bad, '', 'minItems 1 − 1'))).toEqual([[], [], [], [], []]);
});

test('a location is pinned at each end of its latitude and longitude, and broken just past them', () => {
  const good = boundaryVariants(doc, schema('LocationPayload'));
  for (const [field, what, value] of [['latitude', 'minimum -90', -90], ['latitude', 'maximum 90', 90], ['longitude', 'minimum -180', -180], ['longitude', 'maximum 180', 180]] as const) {
    expect(samples(find(good, field, what)).every((v) => at(v, field) === value && valid('LocationPayload', v))).toBe(true);
  }
  const bad = breakingVariants(doc, schema('LocationPayload'));
  expect(samples(find(bad, 'latitude', /^maximum 90 \+/)).every((v) => at(v, 'latitude') > 90 && !valid('LocationPayload', v))).toBe(true);
  expect(samples(find(bad, 'longitude', 'required, left out')).every((v) => !('longitude' in (v as object)))).toBe(true);
});

test('every enum value is a boundary of its own, and a value outside the enum breaks it', () => {
  const good = boundaryVariants(doc, schema('TemplateCategory'));
  expect(good.map((v) => samples(v, 1)[0])).toEqual(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
  const outside = samples(find(breakingVariants(doc, schema('TemplateCategory')), '', /outside the enum/), 1)[0];
  expect(valid('TemplateCategory', outside)).toBe(false);
});

test('every oneOf branch of a send is a variant, and so is each media source of an image', () => {
  const whats = boundaryVariants(doc, schema('SendMessageRequest')).map((v) => v.what);
  for (const type of ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'reaction']) expect(whats).toContain(`branch "${type}"`);
  expect(whats).toContain('branch "By link", branch "image"');
  expect(whats).toContain('branch "By id", branch "image"');
});

test('an optional field is left out in one variant and present in another; a default is named when it is left out', () => {
  const variants = boundaryVariants(doc, schema('CreateTemplateRequest'));
  expect(samples(find(variants, 'language', 'left out (default "en_US")')).every((v) => !('language' in (v as object)))).toBe(true);
  expect(samples(find(variants, 'footer', 'present')).every((v) => 'footer' in (v as object))).toBe(true);
  expect(samples(find(variants, 'category', 'value "AUTHENTICATION"')).every((v) => at(v, 'category') === 'AUTHENTICATION')).toBe(true);
});

test('the query parameters of GET /clients are probed at limit 1 and 100 (valid) and at 0, 101 and offset −1 (invalid)', () => {
  const ctx = { key: 'ik_live_x', noScopeKey: 'ik_live_y', clientRefs: [] };
  const op = contract().byId('listClients')!;
  const raw = (kind: 'valid' | 'invalid', field: string, what: string | RegExp) => {
    const probe = probesOf(ctx, op, kind).find((p) => p.field === field && (typeof what === 'string' ? p.what === what : what.test(p.what)));
    if (!probe) throw new Error(`no ${kind} probe ${field} ${what}`);
    return fc.sample(probe.arb, { numRuns: 3, seed: 1 });
  };
  const limitOf = (parts: { query: [string, string][] }) => parts.query.find(([n]) => n === 'limit')?.[1];
  expect(raw('valid', 'limit', 'minimum 1').map(limitOf)).toEqual(['1', '1', '1']);
  expect(raw('valid', 'limit', 'maximum 100').map(limitOf)).toEqual(['100', '100', '100']);
  expect(raw('valid', 'limit', 'left out').every((p) => limitOf(p) === undefined && partsValid(op, p))).toBe(true);
  expect(raw('invalid', 'limit', /^minimum 1 −/).every((p) => limitOf(p) === '0' && !partsValid(op, p))).toBe(true);
  expect(raw('invalid', 'limit', /^maximum 100 \+/).every((p) => limitOf(p) === '101' && !partsValid(op, p))).toBe(true);
  expect(raw('invalid', 'offset', /^minimum 0 −/).every((p) => !partsValid(op, p))).toBe(true);
});

test('an empty parameter value is invalid unless a query parameter allows empty values (OpenAPI allowEmptyValue)', () => {
  expect(parameterValid({ in: 'query', name: 'q', schema: { type: 'string' } }, '')).toBe(false);
  expect(parameterValid({ in: 'query', name: 'q', allowEmptyValue: true, schema: { type: 'string' } }, '')).toBe(true);
  expect(parameterValid({ in: 'path', name: 'p', allowEmptyValue: true, schema: { type: 'string' } }, '')).toBe(false);
  expect(parameterValid({ in: 'query', name: 'q', schema: { type: 'string' } }, 'x')).toBe(true);
});
