// Every operation of openapi.yaml that takes a reference to a client, template or media has a second-tenant
// case (cases/tenant.ts), read from the contract: a new operation that takes one cannot go unchecked.
import { contract, deref, type Json, type Operation } from '../spec';
import { tenantCases } from './cases/tenant';

/** Where a client_ref names a client to connect (a session, a signup), another partner's reference is free: no 404 to hold. */
const CONNECTS_A_CLIENT = ['createEmbeddedSignupSession', 'createSocialConnectSession', 'completeClientSignup'];

/** The property names of a schema, through its `allOf`/`oneOf`/`anyOf` branches. */
const propertiesOf = (schema: unknown, depth = 0): string[] => {
  const s = deref(contract().document, schema) as Json | undefined;
  if (!s || depth > 10) return [];
  return [...Object.keys(s.properties ?? {}), ...[...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])].flatMap((b: unknown) => propertiesOf(b, depth + 1))];
};

const bodyProperties = (op: Operation): string[] => {
  const content = op.requestBody?.content ?? {};
  return propertiesOf((content['application/json'] ?? content['multipart/form-data'])?.schema);
};

const takesReference = (op: Operation) =>
  op.parameters.some((p) => /ClientRef$/.test(String(p.schema?.$ref)) || ['template_ref', 'media_id'].includes(p.name)) ||
  bodyProperties(op).some((name) => ['client_ref', 'template_ref'].includes(name));

test('every operation that takes a client, template or media reference has a second-tenant case', () => {
  const referencing = contract().operations.filter(takesReference).map((op) => op.operationId).filter((id) => !CONNECTS_A_CLIENT.includes(id));
  expect(referencing).toHaveLength(11);
  const covered = new Set(tenantCases.map((c) => c.operation));
  expect(referencing.filter((id) => !covered.has(id))).toEqual([]);
});
