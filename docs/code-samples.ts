// The code samples of the rendered reference: for every operation and each of its named request examples,
// one complete program per language that a partner saves to a file and runs with only the key (and, where the
// reference is served elsewhere, the base URL) substituted. The request is built once from the contract
// (the example's body, the parameters' examples); @scalar/snippetz writes it in curl, JavaScript (Node),
// Python (requests), Go, Java, PHP (curl), Ruby and C#, and each language's program frame around that code
// adds what snippetz leaves out: the run instructions, imports, the entry point, error handling, and printing
// the status and the answer (a binary answer is written to a file). TypeScript uses this package's typed client.
import { snippetz } from '@scalar/snippetz';
import { deref, type Json, type Operation } from '../spec';

/** An entry of `x-codeSamples`: `lang` picks the highlighter, `label` names the tab, `example` the request example it sends. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
  example?: string;
}

/** The package name users import the client from. */
export const PACKAGE_NAME = '@partner-messaging/client';

/**
 * How a TypeScript sample's reader installs the client: not on the npm registry yet, so the file `npm pack -w
 * client` makes in a clone of the repository (README.md, "Packages: what to install").
 */
export const CLIENT_INSTALL = 'npm install ./partner-messaging-client-<version>.tgz tsx (the client is not on the npm registry yet: npm pack -w client in a clone of its repository makes that file)';

/** The placeholder the samples send as the key: visibly not a key, so a copied sample cannot leak one. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** Where a sample that downloads bytes (media) writes them. */
export const DOWNLOAD_FILE = 'media.bin';

type SnippetzTarget = Parameters<ReturnType<typeof snippetz>['print']>[0];
type SnippetzRequest = NonNullable<Parameters<ReturnType<typeof snippetz>['print']>[2]>;

/** One operation's example request, in the terms every language needs. */
export interface SampleRequest {
  method: string;
  /** The path as written in the contract (`/templates/{template_ref}`). */
  path: string;
  pathParams: Record<string, unknown>;
  queryParams: Record<string, unknown>;
  authenticated: boolean;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'multipart'; fields: Record<string, string>; files: Array<{ name: string; fileName: string; contentType: string }> };
  /** The success answer is bytes (a media download), not JSON. */
  binaryResponse: boolean;
}

/** What a program frame knows of the sample it wraps. */
interface Frame {
  /** The file the run instructions name (`send-message.mjs`). */
  file: string;
  request: SampleRequest;
}

/**
 * A language's program: its file name (from the operation: `sendMessage` → `send-message`), how it is run,
 * and the frame that makes a complete program of the request code (snippetz's, or the typed client's).
 */
export interface SampleLanguage {
  /** How Redoc identifies the language (its own key for the ones it knows: `C#` is `csharp`). */
  key: string;
  label: string;
  /** The highlighter. */
  lang: string;
  snippetz: readonly [SnippetzTarget, string] | null;
  fileName(words: string[]): string;
  /** The command the sample's first line tells the reader to run. */
  run(file: string): string;
  program(code: string, frame: Frame): string;
}

const kebab = (words: string[]) => words.join('-');
const snake = (words: string[]) => words.join('_');
const pascal = (words: string[]) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');

/** The request's file parts, as a reminder in the run instructions. */
/** The run instructions start with the key to substitute, when the request sends one. */
const replaceKey = (request: SampleRequest, then: string) => (request.authenticated ? `Replace ${API_KEY_PLACEHOLDER} with your key. ${then}` : then);

const needs = (request: SampleRequest, comment: string): string[] =>
  request.body.kind === 'multipart' ? request.body.files.map((file) => `${comment} It uploads ${file.fileName} (${file.contentType}): put a file of that name beside it.`) : [];

const phpString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** PHP's curl takes a form as an array with CURLFile parts (snippetz writes libcurl's C mime calls, which PHP lacks). */
function phpForm(code: string, request: SampleRequest): string {
  if (request.body.kind !== 'multipart') return code;
  const lines = code.split('\n');
  const first = lines.findIndex((line) => line.startsWith('$mime = curl_mime_init('));
  const last = lines.findIndex((line) => line.startsWith('curl_setopt($ch, CURLOPT_MIMEPOST'));
  if (first < 0 || last < first) throw new Error(`code sample frame: no multipart form in the PHP code:\n${code}`);
  const entries = [
    ...Object.entries(request.body.fields).map(([name, value]) => `  ${phpString(name)} => ${phpString(value)},`),
    ...request.body.files.map((file) => `  ${phpString(file.name)} => new CURLFile(${phpString(file.fileName)}, ${phpString(file.contentType)}, ${phpString(file.fileName)}),`),
  ];
  lines.splice(first, last - first + 1, 'curl_setopt($ch, CURLOPT_POSTFIELDS, [', ...entries, ']);');
  return lines.filter((line) => !line.startsWith('curl_mime_free(')).join('\n');
}

const replaceLine = (code: string, pattern: RegExp, replacement: (line: string) => string): string => {
  const lines = code.split('\n');
  const index = lines.findIndex((line) => pattern.test(line));
  if (index < 0) throw new Error(`code sample frame: no line matches ${pattern} in:\n${code}`);
  lines[index] = replacement(lines[index]!);
  return lines.join('\n');
};

const indent = (code: string, by: string) =>
  code
    .split('\n')
    .map((line) => (line ? `${by}${line}` : line))
    .join('\n');

/**
 * The tabs of the reference, in order; the same list configures Redoc's `codeSamples.languages`, since Redoc
 * shows only the languages listed there.
 */
export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  {
    key: 'curl',
    label: 'curl',
    lang: 'bash',
    snippetz: ['shell', 'curl'],
    fileName: (words) => `${kebab(words)}.sh`,
    run: (file) => `sh ${file}`,
    program: (code, { file, request }) =>
      [
        `# ${replaceKey(request, 'Paste this into a shell, or save it as')} ${file} and run: sh ${file}`,
        ...needs(request, '#'),
        request.binaryResponse ? `# Prints the status line and headers; the media goes to ${DOWNLOAD_FILE}.` : '# Prints the status line, the headers and the answer.',
        `${code} \\`,
        request.binaryResponse ? `  --dump-header - \\\n  --output ${DOWNLOAD_FILE}` : '  --include',
      ].join('\n'),
  },
  {
    key: 'typescript',
    label: 'TypeScript',
    lang: 'typescript',
    snippetz: null,
    fileName: (words) => `${kebab(words)}.ts`,
    run: (file) => `npx tsx ${file}`,
    program: (code, { file, request }) =>
      [
        `// ${replaceKey(request, `Run: ${CLIENT_INSTALL}, save this as ${file}, then: npx tsx ${file}`)}`,
        ...needs(request, '//'),
        code,
      ].join('\n'),
  },
  {
    key: 'javascript',
    label: 'JavaScript',
    lang: 'javascript',
    snippetz: ['node', 'fetch'],
    fileName: (words) => `${kebab(words)}.mjs`,
    run: (file) => `node ${file}`,
    program: (code, { file, request }) => {
      const call = replaceLine(code, /^fetch\(/, (line) => `const response = await ${line}`);
      const imports = request.binaryResponse && !/^import fs from 'node:fs'/m.test(call) ? [`import fs from 'node:fs'`, ''] : [];
      return [
        `// ${replaceKey(request, `Run (Node.js 20 or later): save this as ${file}, then: node ${file}`)}`,
        ...needs(request, '//'),
        ...imports,
        call,
        '',
        'console.log(response.status)',
        ...(request.binaryResponse
          ? [`const bytes = Buffer.from(await response.arrayBuffer())`, `fs.writeFileSync('${DOWNLOAD_FILE}', bytes)`, `console.log(\`\${bytes.length} bytes written to ${DOWNLOAD_FILE}\`)`]
          : ['console.log(await response.text())']),
      ].join('\n');
    },
  },
  {
    key: 'python',
    label: 'Python',
    lang: 'python',
    snippetz: ['python', 'requests'],
    fileName: (words) => `${snake(words)}.py`,
    run: (file) => `python3 ${file}`,
    program: (code, { file, request }) =>
      [
        `# ${replaceKey(request, 'Run: pip install requests (Debian: apt-get install python3-requests),')}`,
        `# save this as ${file}, then: python3 ${file}`,
        ...needs(request, '#'),
        'import requests',
        '',
        replaceLine(code, /^requests\./, (line) => `response = ${line}`),
        '',
        'print(response.status_code)',
        ...(request.binaryResponse
          ? [`with open("${DOWNLOAD_FILE}", "wb") as file:`, '    file.write(response.content)', `print(len(response.content), "bytes written to ${DOWNLOAD_FILE}")`]
          : ['print(response.text)']),
      ].join('\n'),
  },
  {
    key: 'go',
    label: 'Go',
    lang: 'go',
    snippetz: ['go', 'native'],
    fileName: (words) => `${snake(words)}.go`,
    run: (file) => `go run ${file}`,
    program: (code, { file, request }) => {
      // snippetz discards every error (`x, _ := …`): a failed request would dereference nil
      let program = code.replace(/^([\t ]*)(\w+), _ := (.+)$/gm, (_line, space: string, name: string, call: string) =>
        [`${space}${name}, err := ${call}`, `${space}if err != nil {`, `${space}\tpanic(err)`, `${space}}`].join('\n'),
      );
      program = replaceLine(program, /^[\t ]*fmt\.Println\(res\)$/, (line) => line.replace('fmt.Println(res)', 'fmt.Println(res.StatusCode)'));
      if (request.binaryResponse) {
        program = replaceLine(program, /^[\t ]*fmt\.Println\(string\(body\)\)$/, (line) => {
          const space = /^[\t ]*/.exec(line)![0];
          return [
            `${space}if err := os.WriteFile("${DOWNLOAD_FILE}", body, 0o644); err != nil {`,
            `${space}\tpanic(err)`,
            `${space}}`,
            `${space}fmt.Printf("%d bytes written to ${DOWNLOAD_FILE}\\n", len(body))`,
          ].join('\n');
        });
        // the standard library's imports, sorted as gofmt keeps them
        program = program.replace(/^import \(\n([^)]*)\)/m, (_block, list: string) =>
          `import (\n${[...new Set([...list.split('\n').filter(Boolean), '\t"os"'])].sort().join('\n')}\n)`,
        );
      }
      return [`// ${replaceKey(request, `Run: save this as ${file}, then: go run ${file}`)}`, ...needs(request, '//'), program.replace(/\n\n}\s*$/, '\n}')].join('\n');
    },
  },
  {
    key: 'java',
    label: 'Java',
    lang: 'java',
    snippetz: ['java', 'nethttp'],
    fileName: (words) => `${pascal(words)}.java`,
    run: (file) => `java ${file}`,
    program: (code, { file, request }) => {
      const className = file.replace(/\.java$/, '');
      let body = code;
      if (request.binaryResponse) {
        body = replaceLine(body, /^HttpResponse<String> response = /, () => 'HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());');
        body = replaceLine(body, /^System\.out\.println\(response\.body\(\)\);$/, () =>
          [
            'System.out.println(response.statusCode());',
            `java.nio.file.Files.write(java.nio.file.Path.of("${DOWNLOAD_FILE}"), response.body());`,
            `System.out.println(response.body().length + " bytes written to ${DOWNLOAD_FILE}");`,
          ].join('\n'),
        );
      } else {
        body = replaceLine(body, /^System\.out\.println\(response\.body\(\)\);$/, (line) => `System.out.println(response.statusCode());\n${line}`);
      }
      return [
        `// ${replaceKey(request, `Run (Java 11 or later): save this as ${file}, then: java ${file}`)}`,
        ...needs(request, '//'),
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        '',
        `public class ${className} {`,
        '  public static void main(String[] args) throws Exception {',
        indent(body, '    '),
        '  }',
        '}',
      ].join('\n');
    },
  },
  {
    key: 'php',
    label: 'PHP',
    lang: 'php',
    snippetz: ['php', 'curl'],
    fileName: (words) => `${snake(words)}.php`,
    run: (file) => `php ${file}`,
    program: (code, { file, request }) =>
      [
        '<?php',
        `// ${replaceKey(request, 'Run (PHP with the curl extension; Debian: apt-get install php-cli php-curl):')}`,
        `// save this as ${file}, then: php ${file}`,
        ...needs(request, '//'),
        replaceLine(phpForm(code, request), /^curl_exec\(\$ch\);$/, () =>
          [
            'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
            '$body = curl_exec($ch);',
            'if ($body === false) {',
            '  fwrite(STDERR, curl_error($ch) . "\\n");',
            '  exit(1);',
            '}',
            'echo curl_getinfo($ch, CURLINFO_RESPONSE_CODE), "\\n";',
            request.binaryResponse ? `file_put_contents('${DOWNLOAD_FILE}', $body);\necho strlen($body), " bytes written to ${DOWNLOAD_FILE}\\n";` : 'echo $body, "\\n";',
          ].join('\n'),
        ),
      ].join('\n'),
  },
  {
    key: 'ruby',
    label: 'Ruby',
    lang: 'ruby',
    snippetz: ['ruby', 'native'],
    fileName: (words) => `${snake(words)}.rb`,
    run: (file) => `ruby ${file}`,
    program: (code, { file, request }) => {
      // snippetz's heredoc interpolates (`<<~JSON`), which would turn the JSON's `\"` into `"`
      let program = code.replace(/<<~JSON$/m, "<<~'JSON'");
      program = replaceLine(program, /^http = Net::HTTP\.new\(/, (line) => `${line}\nhttp.use_ssl = url.scheme == 'https'`);
      program = replaceLine(program, /^puts response\.read_body$/, () =>
        request.binaryResponse
          ? `puts response.code\nFile.binwrite('${DOWNLOAD_FILE}', response.body)\nputs "#{response.body.bytesize} bytes written to ${DOWNLOAD_FILE}"`
          : 'puts response.code\nputs response.body',
      );
      return [`# ${replaceKey(request, `Run: save this as ${file}, then: ruby ${file}`)}`, ...needs(request, '#'), program].join('\n');
    },
  },
  {
    key: 'csharp',
    label: 'C#',
    lang: 'csharp',
    snippetz: ['csharp', 'httpclient'],
    fileName: () => 'Program.cs',
    run: () => 'dotnet run',
    program: (code, { request }) =>
      [
        `// ${replaceKey(request, 'Run (.NET 7 or later): dotnet new console -o Sample, replace Sample/Program.cs')}`,
        '// with this file, then: cd Sample && dotnet run',
        ...needs(request, '//'),
        'using System;',
        'using System.IO;',
        'using System.Net.Http;',
        'using System.Net.Http.Headers;',
        '',
        code.trimEnd(),
        '',
        'Console.WriteLine((int)response.StatusCode);',
        request.binaryResponse
          ? `var bytes = await response.Content.ReadAsByteArrayAsync();\nawait File.WriteAllBytesAsync("${DOWNLOAD_FILE}", bytes);\nConsole.WriteLine($"{bytes.Length} bytes written to ${DOWNLOAD_FILE}");`
          : 'Console.WriteLine(await response.Content.ReadAsStringAsync());',
      ].join('\n'),
  },
];

/** The words of an operation id (`sendMessage` → `send`, `message`), for the samples' file names. */
const wordsOf = (operationId: string): string[] => operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');

/** The file a multipart sample uploads, by operation. */
function sampleFile(operationId: string): { fileName: string; contentType: string } {
  return operationId === 'uploadTemplateMedia'
    ? { fileName: 'shipping-banner.jpg', contentType: 'image/jpeg' }
    : { fileName: 'photo.jpg', contentType: 'image/jpeg' };
}

function exampleOf(doc: Json, parameter: Json): unknown {
  const schema = deref(doc, parameter.schema) as Json | undefined;
  return parameter.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined);
}

/** The operation's request bodies: one per named JSON example (by name), a multipart form, or none. */
function bodiesOf(doc: Json, op: Operation): Array<{ example?: string; body: SampleRequest['body'] }> {
  const content: Json = op.requestBody?.content ?? {};
  const json: Json | undefined = content['application/json'];
  if (json) {
    const named = Object.entries<unknown>(json.examples ?? {}).map(([name, example]) => ({
      example: name,
      body: { kind: 'json' as const, value: (deref(doc, example) as Json | undefined)?.value },
    }));
    return named.length ? named : [{ body: { kind: 'json', value: json.example ?? {} } }];
  }
  const multipart: Json | undefined = content['multipart/form-data'];
  if (multipart) {
    const schema = deref(doc, multipart.schema) as Json | undefined;
    const fields: Record<string, string> = {};
    const files: Array<{ name: string; fileName: string; contentType: string }> = [];
    for (const [name, raw] of Object.entries<unknown>(schema?.properties ?? {})) {
      const property = deref(doc, raw) as Json;
      if (property.format === 'binary' || typeof property.contentMediaType === 'string') files.push({ name, ...sampleFile(op.operationId) });
      else if (Array.isArray(property.examples) && property.examples.length) fields[name] = String(property.examples[0]);
      else if (Array.isArray(property.enum) && property.enum.length) fields[name] = String(property.enum[0]);
    }
    return [{ body: { kind: 'multipart', fields, files } }];
  }
  return [{ body: { kind: 'none' } }];
}

/**
 * The operation's example requests, one per named request example (`example` is its name) or one without:
 * required parameters and optional ones without a default, from their examples.
 */
export function sampleRequests(doc: Json, op: Operation): Array<{ example?: string; request: SampleRequest }> {
  const pathParams: Record<string, unknown> = {};
  const queryParams: Record<string, unknown> = {};
  for (const parameter of op.parameters) {
    const example = exampleOf(doc, parameter);
    const schema = deref(doc, parameter.schema) as Json | undefined;
    if (example === undefined || (parameter.required !== true && schema?.default !== undefined)) continue;
    if (parameter.in === 'path') pathParams[parameter.name] = example;
    if (parameter.in === 'query') queryParams[parameter.name] = example;
  }
  const binaryResponse = Object.values(op.responses).some((response) => 'application/octet-stream' in response.content);
  return bodiesOf(doc, op).map(({ example, body }) => ({
    ...(example !== undefined ? { example } : {}),
    request: { method: op.method, path: op.path, pathParams, queryParams, authenticated: op.secured, body, binaryResponse },
  }));
}

/** The request as a HAR request, what @scalar/snippetz writes code from. */
function harRequest(request: SampleRequest, baseUrl: string): SnippetzRequest {
  let path = request.path;
  for (const [name, value] of Object.entries(request.pathParams)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const headers: Array<{ name: string; value: string }> = [];
  if (request.authenticated) headers.push({ name: 'Authorization', value: `Bearer ${API_KEY_PLACEHOLDER}` });
  const har: SnippetzRequest = {
    method: request.method.toUpperCase(),
    url: `${baseUrl}${path}`,
    headers,
    queryString: Object.entries(request.queryParams).map(([name, value]) => ({ name, value: String(value) })),
  };
  if (request.body.kind === 'json') {
    headers.push({ name: 'Content-Type', value: 'application/json' });
    har.postData = { mimeType: 'application/json', text: JSON.stringify(request.body.value, null, 2) };
  } else if (request.body.kind === 'multipart') {
    har.postData = {
      mimeType: 'multipart/form-data',
      params: [
        ...Object.entries(request.body.fields).map(([name, value]) => ({ name, value })),
        ...request.body.files.map(({ name, fileName, contentType }) => ({ name, fileName, contentType })),
      ],
    };
  }
  return har;
}

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

const generator = snippetz();

/** Every sample of one operation: for each request example (in the contract's order), one per language in the order of SAMPLE_LANGUAGES. */
export function codeSamples(doc: Json, op: Operation, baseUrl: string): CodeSample[] {
  const words = wordsOf(op.operationId);
  return sampleRequests(doc, op).flatMap(({ example, request }) => {
    const har = harRequest(request, baseUrl);
    return SAMPLE_LANGUAGES.map((language) => {
      const { label, lang, snippetz: target } = language;
      const code = target ? generator.print(target[0], target[1], har) : typedClientSample(request, baseUrl);
      if (!code) throw new Error(`@scalar/snippetz wrote no ${label} sample for ${op.operationId}`);
      const source = language.program(code, { file: language.fileName(words), request });
      return { lang, label, source, ...(example !== undefined ? { example } : {}) };
    });
  });
}
