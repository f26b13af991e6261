// `npm run mock`: the mock of openapi.yaml (mock/server.ts) at http://127.0.0.1:${MOCK_PORT:-4010}/v1, the same
// operations without the prefix too. Quiet by default; MOCK_VERBOSE=1 prints one line per request.
import { createServer } from 'node:net';
import { UsageError, runCommand } from '../cli/command';
import { MOCK_RATE_LIMIT, VERSION_PREFIX } from './settings';

const USAGE = `Usage: partner-messaging-mock [--dynamic]        (in this repository: npm run mock [-- --dynamic])

Serves the mock of openapi.yaml at http://127.0.0.1:\${MOCK_PORT:-4010}${VERSION_PREFIX} (and without ${VERSION_PREFIX}).
It answers from the contract's examples (choose one with the Prefer header), after the steps the reference
server takes: a Bearer key starting ik_test_ or ik_live_ (else 401), ${MOCK_RATE_LIMIT.max} requests per key per
${MOCK_RATE_LIMIT.windowSeconds} s (X-RateLimit-* headers, then 429), and request validation (400 bad_request with details).

Options:
  --dynamic   answer with data generated from the schemas instead of examples
  --version   the package's version and the API version of its contract
  -h, --help  this text

Environment: MOCK_PORT (4010), MOCK_HOST (127.0.0.1), MOCK_VERBOSE (1 prints every request),
MOCK_DOCS_URL (the rendered reference the errors' doc_url links; default http://localhost:4000/docs/).`;

function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function serve(dynamic: boolean): Promise<number | void> {
  const port = Number(process.env.MOCK_PORT ?? 4010);
  const host = process.env.MOCK_HOST ?? '127.0.0.1';
  const verbose = !!process.env.MOCK_VERBOSE && process.env.MOCK_VERBOSE !== '0';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`MOCK_PORT must be a port number, got ${process.env.MOCK_PORT}`);
  if (port !== 0 && !(await portFree(port, host))) {
    console.error(`partner-messaging-mock: port ${port} on ${host} is already in use. Start on another port: MOCK_PORT=4011 npm run mock`);
    return 1;
  }
  // Loaded only to serve: Prism takes seconds to load, which --help and --version need not wait for.
  const { startMock } = await import('./server');
  const docsUrl = process.env.MOCK_DOCS_URL;
  const mock = await startMock({ port, host, dynamic, ...(docsUrl ? { docsUrl } : {}), ...(verbose ? { log: (line: string) => console.log(line) } : {}) });
  console.log(
    [
      `Mock of openapi.yaml at ${mock.url}${VERSION_PREFIX}  (also without the prefix: ${mock.url}/messages/send)`,
      'Any "Authorization: Bearer ik_test_…" or "ik_live_…" key is accepted; nothing is stored; invalid requests get 400 bad_request.',
      `Rehearse an error:  curl -H 'Authorization: Bearer ik_test_x' -H 'Prefer: code=404' '${mock.url}${VERSION_PREFIX}/clients/acme-shoes-fr'`,
      `${verbose ? 'Every request is printed' : 'Quiet (MOCK_VERBOSE=1 prints every request)'}. Ctrl-C stops it.`,
    ].join('\n'),
  );
  const stop = () => void mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

runCommand({
  name: 'partner-messaging-mock',
  home: __dirname,
  usage: USAGE,
  options: { dynamic: { type: 'boolean' } },
  run: ({ values }) => serve(values.dynamic ?? false),
});
