// The portal's forms check values as the sandbox contract does: each field read from the contract itself,
// and each value judged as JSON Schema judges it (the sandbox's validator is the reference).
import { ENUMS, LIMITS } from '../../sandbox/generated/constants';
import { bodyField, choicesOf, minItemsOf, parameterField, problemOf, valueOf } from './contract';

describe("the portal's forms, read from the sandbox contract", () => {
  it("a field's choices are its enumeration in the contract, through a $ref or a oneOf", () => {
    expect(choicesOf(bodyField('sandboxCreateKey', 'mode').schema)).toEqual(ENUMS.KeyMode);
    expect(choicesOf(bodyField('sandboxAddFault', 'kind').schema)).toEqual(ENUMS.FaultKind);
    expect(choicesOf(parameterField('sandboxListDeliveries', 'query', 'state').schema)).toEqual(ENUMS.DeliveryState);
    expect(choicesOf(parameterField('sandboxFireSample', 'path', 'event').schema)).toEqual(ENUMS.EventKind);
    expect(choicesOf(bodyField('sandboxCreateKey', 'name').schema)).toBeUndefined();
  });

  it('a pattern is a search, as JSON Schema reads it: ^https?:// takes a whole URL and refuses another scheme', () => {
    const url = bodyField('sandboxSetWebhook', 'url');
    expect(problemOf(url, 'https://example.com/hooks')).toBe('');
    expect(problemOf(url, 'ftp://example.com/hooks')).toBe('Must match ^https?://.');
  });

  it("lengths count characters (code points), at the contract's bounds", () => {
    const secret = bodyField('sandboxSetWebhook', 'secret');
    expect(problemOf(secret, 'x'.repeat(LIMITS.SigningSecret.minLength))).toBe('');
    expect(problemOf(secret, 'x'.repeat(LIMITS.SigningSecret.minLength - 1))).toBe(`At least ${LIMITS.SigningSecret.minLength} characters.`);
    const name = bodyField('sandboxCreateKey', 'name');
    expect(problemOf(name, '😀'.repeat(200))).toBe('');
    expect(problemOf(name, '😀'.repeat(201))).toBe('At most 200 characters.');
  });

  it('numbers hold their range and wholeness, and are sent as numbers', () => {
    const delay = bodyField('sandboxAddFault', 'delay_ms');
    expect(problemOf(delay, '120000')).toBe('');
    expect(problemOf(delay, '120001')).toBe('At most 120000.');
    expect(problemOf(delay, '0')).toBe('At least 1.');
    expect(problemOf(delay, '1.5')).toBe('A whole number.');
    expect(problemOf(delay, 'soon')).toBe('A number.');
    expect(valueOf(delay, '250')).toBe(250);
  });

  it('an empty value is absent when optional and refused when required', () => {
    expect(problemOf(bodyField('sandboxAddFault', 'times'), '')).toBe('');
    expect(valueOf(bodyField('sandboxAddFault', 'times'), '')).toBeUndefined();
    expect(problemOf(bodyField('sandboxAddFault', 'kind'), '')).toBe('Required.');
    expect(problemOf(bodyField('sandboxAddFault', 'kind'), 'teapot')).toBe(`One of ${ENUMS.FaultKind.join(', ')}.`);
  });

  it("an array's least number of items is the contract's, also in a oneOf branch", () => {
    expect(minItemsOf(bodyField('sandboxCreateKey', 'scopes'))).toBe(1);
    expect(minItemsOf(bodyField('sandboxSetWebhook', 'events'))).toBe(0);
  });
});
