// Every code sample of the rendered reference, of every operation and every named request example, run as a
// partner runs it: saved under the file name its first line gives and run by its language's own toolchain
// (docs/run-samples.ts), with only the key and the base URL substituted, against the reference server whose
// sandbox put the examples' objects in place (POST /sandbox/examples). Each language has a server of its own
// and runs the samples in the order of the reference (so the edit and deletion of `order_shipped` come after
// the sends that use it); the languages run side by side. A recording proxy in front of each server sees each
// sample's one request and the answer: the documented success status, and the answer the sample printed.
// Where a language compiles (TypeScript, Java), a lane compiles its samples together before running each as
// its own program (docs/run-samples.ts says how, and why that is the same source by the same compiler as
// the one-file command the sample's first line gives a partner): one compiler start per language, not per
// sample.
// A toolchain missing is a skip with the Debian package to install, except under CI=true, where it fails.
// C# is not run (no .NET SDK in Debian 12): its samples are held to the shape checkCSharpShape describes.
import { startTestServer, type TestServer } from '../server/testing';
import { RUN_LANGUAGES, TOOLCHAINS, checkCSharpShape, sampleProject, type RunLanguage, type SampleProject } from './run-samples';
import { casesOf, nameOf, operations, runLane, samples, type LaneResult } from './sample-lanes';
import { SAMPLE_LANGUAGES } from './sample-languages';

const inCI = process.env.CI === 'true';
/** Languages run at once: two cores, with some of each run waiting on the server. */
const LANES = 3;
async function inLanes<T, R>(items: T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const available = RUN_LANGUAGES.filter(({ key }) => TOOLCHAINS[key].available());
const missing = RUN_LANGUAGES.filter(({ key }) => !TOOLCHAINS[key].available());
if (missing.length && !inCI) {
  console.warn(`docs/samples.test.ts: not run, toolchain missing: ${missing.map(({ label, key }) => `${label} (apt-get install ${TOOLCHAINS[key].needs})`).join(', ')}`);
}

describe('the code samples of the reference, run by each language toolchain against the reference server', () => {
  const results = new Map<RunLanguage, LaneResult>();
  let project: SampleProject;

  beforeAll(async () => {
    project = await sampleProject();
    const ran = await inLanes(available, LANES, async (language) => {
      // each language a server of its own, the examples in place, and the key `npm start` prints (every scope)
      const server: TestServer = await startTestServer({ database: 'sqlite' });
      try {
        await server.sandbox('/examples', {});
        return await runLane(language.key, project, { origin: server.origin, key: await server.createKey({ mode: 'test', scopes: 'all' }) });
      } finally {
        await server.close();
      }
    });
    available.forEach((language, index) => results.set(language.key, ran[index]!));
  }, 1_500_000);

  afterAll(() => project?.close());

  it('has a sample of every operation and of every named request example in every language', () => {
    const expected = operations.flatMap((op) => {
      const named = Object.keys(op.requestBody?.content?.['application/json']?.examples ?? {});
      return (named.length ? named : [undefined]).map((example) => `${op.operationId}${example ? ` (${example})` : ''}`);
    });
    expect(expected.length).toBeGreaterThan(operations.length);
    for (const { label } of SAMPLE_LANGUAGES) expect({ label, cases: casesOf(label).map(nameOf) }).toEqual({ label, cases: expected });
  });

  describe.each(RUN_LANGUAGES.map((language) => [language.label, language.key] as const))('%s', (label, key) => {
    const runs = TOOLCHAINS[key].available() || inCI ? it : it.skip;
    runs(`every ${label} sample exits 0, the server answers its documented success status, and it prints that answer`, () => {
      if (!TOOLCHAINS[key].available()) throw new Error(`CI=true but ${label} cannot run: .ci/run must install ${TOOLCHAINS[key].needs}`);
      const result = results.get(key)!;
      console.info(`${label}: ${result.ran} samples run in ${(result.ms / 1000).toFixed(1)} s`);
      expect(result.failures).toEqual([]);
      expect(result.ran).toBe(casesOf(label).length);
    });
  });

  describe('C# (not run: the .NET SDK is not packaged in Debian 12)', () => {
    it('every C# sample has a using for each type it names, closed literals and balanced brackets, and prints the status and the answer', () => {
      const problems = casesOf('C#').flatMap((c) => checkCSharpShape(c.sample.source).map((problem) => `${nameOf(c)}: ${problem}`));
      expect(problems).toEqual([]);
      expect(casesOf('C#').length).toBe(samples.length / SAMPLE_LANGUAGES.length);
    });

    it('the C# shape check finds a missing using, an unclosed bracket or literal, and a sample that prints nothing', () => {
      const sample = casesOf('C#').find((c) => c.op.operationId === 'sendMessage')!.sample.source;
      expect(checkCSharpShape(sample.replace('using System.Net.Http.Headers;\n', ''))).toContain('names AuthenticationHeaderValue without using System.Net.Http.Headers');
      expect(checkCSharpShape(sample.replace('HttpMethod.Post, ', 'HttpMethod.Post, ('))).toContain('( never closed');
      expect(checkCSharpShape(sample.replace('"Bearer"', '"Bearer'))).toEqual(['a string literal is not closed on its line']);
      expect(checkCSharpShape(sample.replace('Console.WriteLine((int)response.StatusCode);', ''))).toContain('does not print the status');
    });
  });
});
