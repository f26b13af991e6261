// The x-codeSamples injected by docs/build.ts: one curl and one typed-client sample on every operation, made
// from the contract's own examples, and the typed-client samples compile against the client and the
// generated types (so the docs cannot drift from openapi.yaml).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SPEC_FILE, withCodeSamples, type CodeSample } from './build';
import { typecheckSnippets } from './typecheck-snippets';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function samplesByOperation(): Map<string, CodeSample[]> {
  const spec = withCodeSamples(parse(readFileSync(SPEC_FILE, 'utf8')) as Json) as Json;
  const result = new Map<string, CodeSample[]>();
  for (const [path, item] of Object.entries(spec.paths as Json)) {
    for (const method of METHODS) {
      if (item[method]) result.set(`${method.toUpperCase()} ${path}`, item[method]['x-codeSamples'] as CodeSample[]);
    }
  }
  return result;
}

describe('x-codeSamples of the rendered reference', () => {
  const samples = samplesByOperation();

  it('gives every one of the 17 operations a curl and a typed-client sample', () => {
    expect(samples.size).toBe(17);
    for (const [operation, list] of samples) {
      expect({ operation, labels: list.map((sample) => sample.label) }).toEqual({ operation, labels: ['curl', 'Typed client'] });
    }
  });

  it('sends the bearer key on every authenticated operation and none on GET /status', () => {
    for (const [operation, list] of samples) {
      const curl = list[0]?.source ?? '';
      if (operation === 'GET /status') expect(curl).not.toContain('Authorization');
      else expect(curl).toContain('-H "Authorization: Bearer $PARTNER_API_KEY"');
    }
  });

  it("builds the JSON body from the operation's first request example", () => {
    const curl = samples.get('POST /messages/send')?.[0]?.source ?? '';
    expect(curl).toContain("curl -X POST 'http://localhost:4000/v1/messages/send'");
    expect(curl).toContain('"body": "Your order 10482 has shipped and arrives on Thursday."');
  });

  it('sends the uploads as multipart form fields with a file part', () => {
    const curl = samples.get('POST /media')?.[0]?.source ?? '';
    expect(curl).toContain("-F 'client_ref=acme-shoes-de'");
    expect(curl).toContain("-F 'file=@photo.jpg;type=image/jpeg'");
    expect(curl).not.toContain('Content-Type: application/json');
  });

  it('fills path and required query parameters from their examples', () => {
    const curl = samples.get('GET /media/{media_id}')?.[0]?.source ?? '';
    expect(curl).toContain("'http://localhost:4000/v1/media/1469203871245587?client_ref=acme-shoes-de'");
  });

  it('typed-client samples compile against the client and the generated types', () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-samples-'));
    try {
      let index = 0;
      const files: string[] = [];
      for (const [operation, list] of samples) {
        const source = list[1]?.source ?? '';
        const imports = source.split('\n').filter((line) => line.startsWith('import '));
        const body = source.split('\n').filter((line) => !line.startsWith('import '));
        const file = join(dir, `sample${(index += 1)}.ts`);
        writeFileSync(file, `// ${operation}\n${imports.join('\n')}\n\nexport async function run(): Promise<void> {\n${body.join('\n')}\n}\n`);
        files.push(file);
      }
      const tsc = typecheckSnippets(dir, files);
      expect(tsc.output).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
