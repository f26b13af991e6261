// Fitting generated requests to the run's world: an edit names one template in its path, query and body, with
// or without a template of the phase's own, and a probe's pinned field is never changed but for a send's `to`,
// spelt as digits at the length pinned.
import { contract } from '../../spec';
import { fitToWorld, type PhaseWorld } from './fit';

const updateTemplate = contract().byId('updateTemplate')!;
const bare: PhaseWorld = { token: 'tok', files: {} as PhaseWorld['files'], mayCreate: false };
const drawn = () => ({ pathValues: { template_ref: 'drawn_ref' }, query: [['client_ref', '3'] as [string, string], ['language', 'de'] as [string, string]], body: { client_ref: 'A', name: 'drawn_name', language: 'en_US' } });

test("without fixtures, an edit's path and query follow the body's drawn name, client and language (they must agree)", () => {
  const fitted = fitToWorld(updateTemplate, drawn(), { location: 'body', field: 'header', what: 'present', kind: 'valid' }, 0, bare)!;
  expect(fitted.pathValues.template_ref).toBe('drawn_name');
  expect(fitted.query).toEqual(expect.arrayContaining([['client_ref', 'A'], ['language', 'en_US']]));
  expect(fitted.body).toMatchObject({ client_ref: 'A', name: 'drawn_name', language: 'en_US' });
});

test('a drawn name that cannot travel as a path segment (`.`, `..`) stays in the body, and the path keeps its drawn value', () => {
  for (const name of ['.', '..']) {
    const parts = drawn();
    parts.body.name = name;
    const fitted = fitToWorld(updateTemplate, parts, { location: 'body', field: 'header', what: 'present', kind: 'valid' }, 0, bare)!;
    expect(fitted.pathValues.template_ref).toBe('drawn_ref');
    expect(fitted.body).toMatchObject({ name });
  }
});

test("with a template of the phase's own, an edit names it everywhere", () => {
  const world: PhaseWorld = { ...bare, chatClientRef: 'chat-1', own: { name: 'gen_tok_1', language: 'en_US' } };
  const fitted = fitToWorld(updateTemplate, drawn(), { location: 'body', field: 'header', what: 'present', kind: 'valid' }, 0, world)!;
  expect(fitted.pathValues.template_ref).toBe('gen_tok_1');
  expect(fitted.query).toEqual(expect.arrayContaining([['client_ref', 'chat-1'], ['language', 'en_US']]));
  expect(fitted.body).toMatchObject({ client_ref: 'chat-1', name: 'gen_tok_1', language: 'en_US' });
});

test('a field broken on purpose stays as drawn, and the others do not follow it', () => {
  const parts = drawn();
  parts.body.client_ref = '';
  const fitted = fitToWorld(updateTemplate, parts, { location: 'body', field: 'client_ref', what: 'minLength 1 − 1', kind: 'invalid' }, 0, bare)!;
  expect(fitted.body).toMatchObject({ client_ref: '' });
  expect(fitted.query).toEqual(expect.arrayContaining([['client_ref', '3']]));
});

test("a send's `to` at a length boundary keeps its length, spelt as digits (a chat recipient that is not a number is refused)", () => {
  const sendMessage = contract().byId('sendMessage')!;
  const world: PhaseWorld = { ...bare, chatClientRef: 'chat-1' };
  for (const to of ['a', 'x'.repeat(64), '']) {
    const parts = { pathValues: {}, query: [], body: { client_ref: 'A', to, type: 'text', text: { body: 'hi' } } };
    const kind = to === '' ? 'invalid' : 'valid';
    const fitted = fitToWorld(sendMessage, parts, { location: 'body', field: 'to', what: to === '' ? 'minLength 1 − 1' : `length ${to.length}`, kind }, 0, world)!;
    const spelt = (fitted.body as { to: string }).to;
    expect({ length: spelt.length, digits: /^[0-9]*$/.test(spelt) }).toEqual({ length: to.length, digits: true });
  }
});

test('a valid edit goes to the template the phase chose for it (one a valid creation made), not to its own', () => {
  const world: PhaseWorld = { ...bare, chatClientRef: 'chat-1', own: { name: 'gen_tok_own', language: 'en_US' }, editing: { name: 'gen_tok_7', language: 'en_US' } };
  const valid = fitToWorld(updateTemplate, drawn(), { location: 'body', field: 'footer.text', what: 'maxLength 60', kind: 'valid' }, 0, world)!;
  expect([valid.pathValues.template_ref, (valid.body as { name: string }).name]).toEqual(['gen_tok_7', 'gen_tok_7']);
  // An invalid edit is refused before any template is looked at: it goes to the phase's own.
  const invalid = fitToWorld(updateTemplate, drawn(), { location: 'body', field: 'footer.text', what: 'maxLength 60 + 1', kind: 'invalid' }, 0, world)!;
  expect(invalid.pathValues.template_ref).toBe('gen_tok_own');
});

test('a created template gets the run-unique name in full unless its name is the pinned boundary, whose length is kept, unique however short', () => {
  const createTemplate = contract().byId('createTemplate')!;
  const world: PhaseWorld = { ...bare, chatClientRef: 'chat-1', mayCreate: true };
  const parts = { pathValues: {}, query: [] as [string, string][], body: { client_ref: 'x', name: 'ab', body: { text: 'Hi' } } };
  expect((fitToWorld(createTemplate, parts, { location: 'body', field: 'footer', what: 'present', kind: 'valid' }, 0, world)!.body as { name: string }).name).toMatch(/^gen_tok_\d+$/);
  const short = [1, 2].map(() => (fitToWorld(createTemplate, parts, { location: 'body', field: 'name', what: 'minLength 1', kind: 'valid' }, 0, world)!.body as { name: string }).name);
  expect(short.map((n) => n.length)).toEqual([2, 2]);
  expect(short[0]).not.toBe(short[1]);
  expect(short.every((n) => /^[a-z][a-z0-9]$/.test(n))).toBe(true);
});
