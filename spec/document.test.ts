import { deref, derefAt, type Json } from './document';

const doc: Json = {
  components: {
    schemas: {
      Name: { type: 'string', maxLength: 512, description: 'the name' },
      Alias: { $ref: '#/components/schemas/Name', description: 'an alias' },
      LoopA: { $ref: '#/components/schemas/LoopB' },
      LoopB: { $ref: '#/components/schemas/LoopA' },
      Self: { $ref: '#/components/schemas/Self' },
    },
    responses: { NotFound: { description: 'absent' } },
  },
};

describe('the one $ref follower of spec/', () => {
  it('follows a chain to the node it ends at and answers where that node lives', () => {
    expect(derefAt(doc, { $ref: '#/components/schemas/Alias' }, '#/paths/x')).toEqual({
      node: { type: 'string', maxLength: 512, description: 'an alias' },
      pointer: '#/components/schemas/Name',
    });
  });

  it('lets the keywords beside a $ref override the target, the outermost first', () => {
    expect(deref(doc, { $ref: '#/components/schemas/Alias', description: 'outer', default: 'x' })).toEqual({ type: 'string', maxLength: 512, description: 'outer', default: 'x' });
    expect(deref(doc, { $ref: '#/components/responses/NotFound', description: 'gone' })).toEqual({ description: 'gone' });
  });

  it('answers a node without $ref, and what is not an object, as it is', () => {
    const plain = { type: 'integer' };
    expect(deref(doc, plain)).toBe(plain);
    expect(deref(doc, undefined)).toBeUndefined();
    expect(deref(doc, 'text')).toBe('text');
  });

  it('refuses a $ref loop with an error naming the chain', () => {
    expect(() => derefAt(doc, { $ref: '#/components/schemas/LoopA' }, '#/paths/~1x')).toThrow(
      '$ref loop: #/paths/~1x → #/components/schemas/LoopA → #/components/schemas/LoopB → #/components/schemas/LoopA',
    );
    expect(() => deref(doc, { $ref: '#/components/schemas/Self' })).toThrow('$ref loop: #/components/schemas/Self → #/components/schemas/Self');
  });

  it('leaves a reference to another file as it is', () => {
    const external = { $ref: 'other.yaml#/components/schemas/X' };
    expect(deref(doc, external)).toBe(external);
  });
});
