// The x-codeSamples injected by docs/build.ts: every operation and each of its named request examples in
// curl, TypeScript (the typed client), JavaScript, Python, Go, Java, PHP, Ruby and C#, as complete programs
// written from the contract's own examples; the TypeScript samples compile against the client and the
// generated types. docs/samples.test.ts runs every sample with its language's toolchain.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexOperations, readDocument } from '../spec';
import { SPEC_FILE, withCodeSamples } from './build';
import type { CodeSample } from './code-samples';
import { API_KEY_PLACEHOLDER } from './sample-conventions';
import { SAMPLE_LANGUAGES } from './sample-languages';
import { typecheckSnippets } from './typecheck-snippets';

function samplesByOperation(): Map<string, CodeSample[]> {
  const copy = withCodeSamples(readDocument(SPEC_FILE));
  return new Map(
    indexOperations(copy).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.definition['x-codeSamples'] as CodeSample[]]),
  );
}

const samples = samplesByOperation();
const sampleOf = (operation: string, label: string, example?: string): string =>
  samples.get(operation)?.find((sample) => sample.label === label && (example === undefined || sample.example === example))?.source ?? '';
const allOf = (label: string) =>
  [...samples].flatMap(([operation, list]) =>
    list.filter((sample) => sample.label === label).map((sample) => ({ name: `${operation} ${sample.example ?? ''}`, source: sample.source })),
  );

describe('x-codeSamples of the rendered reference', () => {
  it('gives every one of the 17 operations, for each of its named request examples, a sample in each of the nine languages, in the tab order', () => {
    expect(samples.size).toBe(17);
    const labels = SAMPLE_LANGUAGES.map((language) => language.label);
    expect(labels).toEqual(['curl', 'TypeScript', 'JavaScript', 'Python', 'Go', 'Java', 'PHP', 'Ruby', 'C#']);
    const spec = readDocument(SPEC_FILE);
    for (const op of indexOperations(spec)) {
      const operation = `${op.method.toUpperCase()} ${op.path}`;
      const named = Object.keys(op.requestBody?.content?.['application/json']?.examples ?? {});
      const list = samples.get(operation) ?? [];
      const expected = (named.length ? named : [undefined]).flatMap((example) => labels.map((label) => `${example ?? '-'} ${label}`));
      expect({ operation, samples: list.map((sample) => `${sample.example ?? '-'} ${sample.label}`) }).toEqual({ operation, samples: expected });
      for (const sample of list) expect({ operation, label: sample.label, empty: sample.source.trim() === '' }).toMatchObject({ empty: false });
    }
  });

  it('follows the request example: each named example has its own body in every language', () => {
    expect(sampleOf('POST /messages/send', 'curl', 'chat_location')).toContain('"latitude": 52.520008');
    expect(sampleOf('POST /messages/send', 'curl', 'chat_text')).not.toContain('latitude');
    expect(sampleOf('POST /messages/send-template', 'Go', 'carousel')).toContain('"template_ref": "autumn_collection"');
    expect(sampleOf('POST /messages/send-template', 'TypeScript', 'raw_template')).toContain("name: 'login_code'");
  });

  it('tells in its first lines how to run it, under a file name of its language, and names the file it uploads', () => {
    const runs: Record<string, string> = {
      curl: 'sh send-message.sh',
      TypeScript: 'npx tsx send-message.ts',
      JavaScript: 'node send-message.mjs',
      Python: 'python3 send_message.py',
      Go: 'go run send_message.go',
      Java: 'java SendMessage.java',
      PHP: 'php send_message.php',
      Ruby: 'ruby send_message.rb',
      'C#': 'dotnet run',
    };
    for (const [label, command] of Object.entries(runs)) {
      expect({ label, head: sampleOf('POST /messages/send', label).split('\n').slice(0, 3).join('\n') }).toEqual({ label, head: expect.stringContaining(command) });
    }
    for (const { label } of SAMPLE_LANGUAGES) expect({ label, uploads: sampleOf('POST /media', label).includes('It uploads photo.jpg (image/jpeg)') }).toEqual({ label, uploads: true });
    // the client's install as it works today: its packed file, the registry not having it yet
    for (const [operation, list] of samples) {
      const first = list.find((sample) => sample.label === 'TypeScript')!.source.split('\n')[0]!;
      expect({ operation, first }).toEqual({ operation, first: expect.stringContaining('Run: npm install ./partner-messaging-client-<version>.tgz tsx (the client is not on the npm registry yet: npm pack -w client') });
    }
    expect(sampleOf('GET /status', 'curl')).not.toContain(API_KEY_PLACEHOLDER);
    expect(sampleOf('POST /media', 'PHP').startsWith('<?php\n')).toBe(true);
  });

  it('sends the bearer key placeholder in every language on every authenticated operation, and none on GET /status', () => {
    for (const [operation, list] of samples) {
      for (const sample of list.filter((s) => s.label !== 'TypeScript')) {
        const carriesKey = sample.source.includes(API_KEY_PLACEHOLDER);
        expect({ operation, label: sample.label, carriesKey }).toEqual({ operation, label: sample.label, carriesKey: operation !== 'GET /status' });
      }
    }
  });

  it("builds the JSON body from the operation's request example", () => {
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
    expect(sampleOf('POST /media', 'JavaScript')).toContain("new Blob([fs.readFileSync('photo.jpg')])");
    expect(sampleOf('POST /media', 'PHP')).toContain("'file' => new CURLFile('photo.jpg', 'image/jpeg', 'photo.jpg')");
    expect(sampleOf('POST /media', 'Go')).toContain('writer.CreateFormFile("file", "photo.jpg")');
    expect(sampleOf('POST /templates/media', 'C#')).toContain('File.OpenRead("shipping-banner.jpg")');
  });

  it('fills path and required query parameters from their examples', () => {
    expect(sampleOf('GET /media/{media_id}', 'curl')).toContain("'http://localhost:4000/v1/media/1469203871245587?client_ref=acme-shoes-de'");
    expect(sampleOf('GET /media/{media_id}', 'Ruby')).toContain('URI("http://localhost:4000/v1/media/1469203871245587?client_ref=acme-shoes-de")');
  });

  it('TypeScript samples compile, exactly as shown, against the client and the generated types under strict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-samples-'));
    try {
      const files = allOf('TypeScript').map(({ source }, index) => {
        const file = join(dir, `sample${index + 1}.ts`);
        writeFileSync(file, `${source}\nexport {};\n`);
        return file;
      });
      const tsc = typecheckSnippets(dir, files);
      expect(tsc.output).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
