// Regenerates generated/openapi.ts from openapi.yaml; with --check, fails when the committed file is stale.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const root = resolve(__dirname, '..');
const specUrl = new URL(`file://${resolve(root, 'openapi.yaml')}`);
const target = resolve(root, 'generated/openapi.ts');

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

async function render(): Promise<string> {
  const ast = await openapiTS(specUrl, {
    // a field with a default is optional to send (language, category of a template, dry_run, …)
    defaultNonNullable: false,
    // multipart `file` parts are binary: type them as Blob so generated clients can send real files
    transform(schemaObject) {
      if (schemaObject.format === 'binary') return BLOB;
      return undefined;
    },
  });
  const banner = '// Generated from openapi.yaml by `npm run generate` (openapi-typescript). Do not edit.\n\n';
  return banner + astToString(ast);
}

async function main(): Promise<void> {
  const fresh = await render();
  if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current !== fresh) {
      console.error('generated/openapi.ts is stale: run `npm run generate` and commit the result.');
      process.exit(1);
    }
    console.log('generated/openapi.ts is up to date.');
    return;
  }
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
