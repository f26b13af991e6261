// The code samples of the rendered reference (`x-codeSamples`): for every operation and each of its named
// request examples, one complete program per language that a partner saves to a file and runs with only the
// key (and, where the reference is served elsewhere, the base URL) substituted. Each example request
// (./sample-requests.ts) becomes a HAR request that @scalar/snippetz writes in curl, JavaScript (Node), Python
// (requests), Go, Java, PHP (curl), Ruby and C# (TypeScript uses this package's typed client:
// ./typed-client-sample.ts), inside the program frame of its language (./sample-languages.ts).
import { snippetz } from '@scalar/snippetz';
import type { Json, Operation } from '../spec';
import { API_KEY_PLACEHOLDER } from './sample-conventions';
import { SAMPLE_LANGUAGES } from './sample-languages';
import { sampleRequests, type SampleRequest } from './sample-requests';
import { typedClientSample } from './typed-client-sample';

/** An entry of `x-codeSamples`: `lang` picks the highlighter, `label` names the tab, `example` the request example it sends. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
  example?: string;
}

type SnippetzRequest = NonNullable<Parameters<ReturnType<typeof snippetz>['print']>[2]>;

/** The words of an operation id (`sendMessage` → `send`, `message`), for the samples' file names. */
const wordsOf = (operationId: string): string[] => operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');

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
