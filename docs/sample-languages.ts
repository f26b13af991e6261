// The languages of the code samples, in the order of the reference's tabs: for each, which @scalar/snippetz
// target writes its request code (none for TypeScript: ./typed-client-sample.ts) and the program frame that
// adds what snippetz leaves out: the run instructions, imports, the entry point, error handling, and printing
// the status and the answer (a binary answer is written to a file).
import type { snippetz } from '@scalar/snippetz';
import { API_KEY_PLACEHOLDER, CLIENT_INSTALL, DOWNLOAD_FILE } from './sample-conventions';
import type { SampleRequest } from './sample-requests';

type SnippetzTarget = Parameters<ReturnType<typeof snippetz>['print']>[0];

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
const needs = (request: SampleRequest, comment: string): string[] =>
  request.body.kind === 'multipart' ? request.body.files.map((file) => `${comment} It uploads ${file.fileName} (${file.contentType}): put a file of that name beside it.`) : [];

/** The run instructions start with the key to substitute, when the request sends one. */
const replaceKey = (request: SampleRequest, then: string) => (request.authenticated ? `Replace ${API_KEY_PLACEHOLDER} with your key. ${then}` : then);

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
