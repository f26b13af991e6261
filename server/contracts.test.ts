// The two OpenAPI documents the server validates its traffic against, read as the server reads them. The
// server starts with `validateApiSpec: false` (checking them costs a third of a second at every start), so
// the check it skips is made here, once per change.
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH, contract } from '../spec';
import { SANDBOX_SPEC_PATH } from './sandbox/router';

describe.each([
  ['openapi.yaml', CONTRACT_PATH],
  ['server/sandbox/generated/openapi.json (server/sandbox/openapi.yaml bundled)', SANDBOX_SPEC_PATH],
])('%s', (_name, path) => {
  test('is valid against the OpenAPI 3.1 schema, as express-openapi-validator checks it', () => {
    const document = load(readFileSync(path, 'utf8')) as { openapi: string };
    const { errors } = new OpenAPISchemaValidator({ version: document.openapi, validateApiSpec: true }).validate(document as never);
    expect(errors).toEqual([]);
  });

  test('reads to the same document with js-yaml, the reader of the contract module, as with yaml', () => {
    const text = readFileSync(path, 'utf8');
    expect(load(text)).toEqual(parse(text));
  });
});

test('the checker finds a broken document, so the check above can fail', () => {
  const document = structuredClone(contract().document) as Record<string, any>;
  delete document.info;
  document.paths['/clients'].get.responses = 5;
  const { errors } = new OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true }).validate(document as never);
  expect(errors?.length).toBeGreaterThan(0);
});
