// The x-codeSamples injected by docs/build.ts: every operation in curl, TypeScript (the typed client),
// JavaScript, Python, Go, Java, PHP, Ruby and C#, written from the contract's own examples; the TypeScript
// samples compile against the client and the generated types, and the JavaScript, Python and Java samples
// compile with their own tools (so the docs cannot drift from openapi.yaml or carry broken code).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexOperations, readDocument } from '../spec';
import { SPEC_FILE, withCodeSamples } from './build';
import { API_KEY_PLACEHOLDER, SAMPLE_LANGUAGES, type CodeSample } from './code-samples';
import { COMPILERS, compileSamples, hasCompiler, type SampleLanguage } from './compile-samples';
import { typecheckSnippets } from './typecheck-snippets';

const inCI = process.env.CI === 'true';

function samplesByOperation(): Map<string, CodeSample[]> {
  const copy = withCodeSamples(readDocument(SPEC_FILE));
  return new Map(
    indexOperations(copy).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.definition['x-codeSamples'] as CodeSample[]]),
  );
}

const samples = samplesByOperation();
const sampleOf = (operation: string, label: string): string =>
  samples.get(operation)?.find((sample) => sample.label === label)?.source ?? '';
const allOf = (label: string) =>
  [...samples].map(([operation, list]) => ({ name: operation, source: list.find((sample) => sample.label === label)?.source ?? '' }));

describe('x-codeSamples of the rendered reference', () => {
  it('gives every one of the 17 operations a sample in each of the nine languages, in the tab order', () => {
    expect(samples.size).toBe(17);
    const labels = SAMPLE_LANGUAGES.map((language) => language.label);
    expect(labels).toEqual(['curl', 'TypeScript', 'JavaScript', 'Python', 'Go', 'Java', 'PHP', 'Ruby', 'C#']);
    for (const [operation, list] of samples) {
      expect({ operation, labels: list.map((sample) => sample.label) }).toEqual({ operation, labels });
      for (const sample of list) expect({ operation, label: sample.label, empty: sample.source.trim() === '' }).toMatchObject({ empty: false });
    }
  });

  it('sends the bearer key placeholder in every language on every authenticated operation, and none on GET /status', () => {
    for (const [operation, list] of samples) {
      for (const sample of list.filter((s) => s.label !== 'TypeScript')) {
        const carriesKey = sample.source.includes(API_KEY_PLACEHOLDER);
        expect({ operation, label: sample.label, carriesKey }).toEqual({ operation, label: sample.label, carriesKey: operation !== 'GET /status' });
      }
    }
  });

  it("builds the JSON body from the operation's first request example", () => {
    const curl = sampleOf('POST /messages/send', 'curl');
    expect(curl).toContain('curl http://localhost:4000/v1/messages/send');
    expect(curl).toContain('"body": "Your order 10482 has shipped and arrives on Thursday."');
    expect(sampleOf('POST /messages/send', 'Python')).toContain('"client_ref": "acme-shoes-de"');
    expect(sampleOf('POST /messages/send', 'PHP')).toContain("'client_ref' => 'acme-shoes-de'");
  });

  it('sends the uploads as multipart form fields with a file part read from disk', () => {
    expect(sampleOf('POST /media', 'curl')).toContain("--form 'client_ref=acme-shoes-de'");
    expect(sampleOf('POST /media', 'curl')).toContain("--form 'file=@photo.jpg;type=image/jpeg'");
    expect(sampleOf('POST /media', 'curl')).not.toContain('Content-Type: application/json');
    expect(sampleOf('POST /media', 'Python')).toContain('open("photo.jpg", "rb")');
    expect(sampleOf('POST /media', 'Go')).toContain('writer.CreateFormFile("file", "photo.jpg")');
    expect(sampleOf('POST /templates/media', 'C#')).toContain('File.OpenRead("shipping-banner.jpg")');
  });

  it('fills path and required query parameters from their examples', () => {
    expect(sampleOf('GET /media/{media_id}', 'curl')).toContain("'http://localhost:4000/v1/media/1469203871245587?client_ref=acme-shoes-de'");
    expect(sampleOf('GET /media/{media_id}', 'Ruby')).toContain('URI("http://localhost:4000/v1/media/1469203871245587?client_ref=acme-shoes-de")');
  });

  it('TypeScript samples compile against the client and the generated types', () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-samples-'));
    try {
      const files = allOf('TypeScript').map(({ name, source }, index) => {
        const imports = source.split('\n').filter((line) => line.startsWith('import '));
        const body = source.split('\n').filter((line) => !line.startsWith('import '));
        const file = join(dir, `sample${index + 1}.ts`);
        writeFileSync(file, `// ${name}\n${imports.join('\n')}\n\nexport async function run(): Promise<void> {\n${body.join('\n')}\n}\n`);
        return file;
      });
      const tsc = typecheckSnippets(dir, files);
      expect(tsc.output).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const compiled: Array<[SampleLanguage, string, string]> = [
    ['javascript', 'JavaScript', "fetch('http://localhost:4000/v1/status', {"],
    ['python', 'Python', 'requests.get("http://localhost:4000/v1/status",\n'],
    ['java', 'Java', 'HttpRequest request = HttpRequest.newBuilder()\n  .uri(java.net.URI.create("http://localhost:4000/v1/status")\n'],
  ];
  describe.each(compiled)('%s samples', (language, label, broken) => {
    const available = hasCompiler(language);
    if (!available && !inCI) console.warn(`docs/code-samples.test.ts: ${label} samples not compiled: ${COMPILERS[language]} not found`);
    const run = available || inCI ? it : it.skip;

    run(`every ${label} sample compiles with ${COMPILERS[language]}`, () => {
      const result = compileSamples(language, allOf(label));
      expect(result.output).toBe('');
      expect(result.status).toBe(0);
    }, 120_000);

    run(`the ${label} check fails on a sample with a syntax error`, () => {
      const result = compileSamples(language, [{ name: 'broken', source: broken }]);
      expect(result.status).not.toBe(0);
      expect(result.output).not.toBe('');
    }, 60_000);
  });
});
