// An enumeration is stated once: where a contract needs the values of a named one (its own, or for the sandbox's
// contract one of openapi.yaml's), it refers to it, so that a value added there reaches every use.
import { join } from 'node:path';
import { CONTRACT_PATH, RESOURCE_ROOT, readDocument, type Json } from '.';

const SANDBOX_SOURCE = join(RESOURCE_ROOT, 'server', 'sandbox', 'openapi.yaml');

/** Every inline `enum` of a document (outside the named schemas themselves), with where it stands. */
function inlineEnums(doc: Json): { pointer: string; values: string }[] {
  const found: { pointer: string; values: string }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    const named = /^#\/components\/schemas\/[^/]+$/.test(pointer);
    if (Array.isArray((node as Json).enum) && !named) found.push({ pointer, values: JSON.stringify([...(node as Json).enum].sort()) });
    for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(doc, '#');
  return found;
}

const namedEnums = (doc: Json): Map<string, string> =>
  new Map(Object.entries<Json>(doc.components?.schemas ?? {}).filter(([, s]) => Array.isArray(s.enum)).map(([name, s]) => [JSON.stringify([...s.enum].sort()), name]));

describe.each([
  ['openapi.yaml', CONTRACT_PATH, [CONTRACT_PATH]],
  ['server/sandbox/openapi.yaml', SANDBOX_SOURCE, [SANDBOX_SOURCE, CONTRACT_PATH]],
])('%s', (_name, file, namedIn) => {
  const doc = readDocument(file);
  const named = new Map(namedIn.flatMap((f) => [...namedEnums(readDocument(f))]));

  test('states no enumeration inline that a named schema holds', () => {
    expect(inlineEnums(doc).filter((e) => named.has(e.values)).map((e) => `${e.pointer} restates ${named.get(e.values)}`)).toEqual([]);
  });

  test('states no inline enumeration twice', () => {
    const byValues = new Map<string, string[]>();
    for (const e of inlineEnums(doc)) byValues.set(e.values, [...(byValues.get(e.values) ?? []), e.pointer]);
    expect([...byValues].filter(([, at]) => at.length > 1).map(([values, at]) => `${values} at ${at.join(' and ')}`)).toEqual([]);
  });
});

test('the check finds a restated enumeration, so the checks above can fail', () => {
  const doc = { components: { schemas: { Channel: { enum: ['chat', 'social'] }, X: { properties: { c: { type: 'string', enum: ['social', 'chat'] } } } } } };
  expect(inlineEnums(doc).map((e) => e.pointer)).toEqual(['#/components/schemas/X/properties/c']);
  expect(namedEnums(doc).get(inlineEnums(doc)[0]!.values)).toBe('Channel');
});
