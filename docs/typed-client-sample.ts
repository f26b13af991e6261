// The TypeScript code sample: the example request through this package's typed client, a complete program
// (imports, an async entry point, error handling, printing the status and the answer).
import { API_KEY_PLACEHOLDER, DOWNLOAD_FILE, PACKAGE_NAME } from './sample-conventions';
import type { SampleRequest } from './sample-requests';

function tsLiteral(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, '$1:')
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_match, inner: string) => `'${inner.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`)
    .split('\n')
    .join(`\n${indent}`);
}

/**
 * The TypeScript sample: the same request through the package's typed client (checked by tsc in the tests),
 * in an async `main` so it runs in CommonJS projects (no top-level await) as well as in ES module ones.
 */
export function typedClientSample(request: SampleRequest, baseUrl: string): string {
  const method = request.method.toUpperCase();
  const init: string[] = [];
  const params: string[] = [];
  if (Object.keys(request.pathParams).length) params.push(`path: ${tsLiteral(request.pathParams, '      ')}`);
  if (Object.keys(request.queryParams).length) params.push(`query: ${tsLiteral(request.queryParams, '      ')}`);
  if (params.length) init.push(`params: {\n      ${params.join(',\n      ')},\n    }`);
  const preamble: string[] = [];
  const imports = [`import { createPartnerClient } from '${PACKAGE_NAME}';`];
  if (request.body.kind === 'json') init.push(`body: ${tsLiteral(request.body.value, '    ')}`);
  if (request.body.kind === 'multipart') {
    const [file] = request.body.files;
    imports.unshift(`import { readFile } from 'node:fs/promises';`);
    if (file) {
      preamble.push(
        `  // multipart/form-data: give the file as a Blob or File; the client builds the form`,
        `  const file = new File([await readFile('${file.fileName}')], '${file.fileName}', { type: '${file.contentType}' });`,
      );
    }
    const entries = [
      ...Object.entries(request.body.fields).map(([name, value]) => `${name}: '${value}'`),
      ...request.body.files.map(({ name }) => (name === 'file' ? 'file' : `${name}: file`)),
    ];
    init.push(`body: { ${entries.join(', ')} }`);
  }
  if (request.binaryResponse) {
    imports.unshift(`import { writeFile } from 'node:fs/promises';`);
    init.push(`parseAs: 'arrayBuffer'`);
  }
  const call = init.length ? `await api.${method}('${request.path}', {\n    ${init.join(',\n    ')},\n  })` : `await api.${method}('${request.path}')`;
  const isDelete = request.method === 'delete';
  return [
    ...imports,
    '',
    `const api = createPartnerClient({ baseUrl: '${baseUrl}', apiKey: '${API_KEY_PLACEHOLDER}' });`,
    '',
    'async function main(): Promise<void> {',
    ...preamble,
    `  const { ${isDelete ? '' : 'data, '}error, response } = ${call};`,
    '  console.log(response.status);',
    '  if (error) {',
    '    console.log(JSON.stringify(error, null, 2));',
    '    process.exitCode = 1;',
    '    return;',
    '  }',
    ...(request.binaryResponse
      ? [`  await writeFile('${DOWNLOAD_FILE}', Buffer.from(data));`, `  console.log(\`\${data.byteLength} bytes written to ${DOWNLOAD_FILE}\`);`]
      : isDelete
        ? []
        : ['  console.log(JSON.stringify(data, null, 2));']),
    '}',
    '',
    'main().catch((error: unknown) => {',
    '  console.error(error);',
    '  process.exitCode = 1;',
    '});',
  ].join('\n');
}
