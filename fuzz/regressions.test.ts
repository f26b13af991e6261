// Counterexamples the fuzzing found, fixed, and kept as regression cases: [found, request, rule].
import { api } from './hardening-kit';
import type { FuzzServer } from './setup';
import { fuzzServerForSuite } from './suite-server';

interface Regression {
  operation: string;
  /** Where it came from (fuzz seed / generator) and what the server answered when found. */
  found: string;
  request: (s: FuzzServer) => { method: string; path: string; body?: unknown };
  /** The rule, as a predicate on the answer. */
  holds: (a: { status: number; json: any }) => boolean;
}

const cases: [string, Regression][] = [
  [
    'GET /templates?search=a+b (a space form-encoded as "+") is not refused: search is a plain string in the contract',
    {
      operation: 'listTemplates',
      found: 'fuzz generator (URLSearchParams encodes spaces as "+"), 2026-11-22: 400 bad_request "Parameter \'search\' must be url encoded. Its value may not contain reserved characters." (express-openapi-validator allowReserved check)',
      request: (s) => ({ method: 'GET', path: `/templates?client_ref=${s.chatRef}&search=a+b` }),
      holds: (a) => a.status === 200,
    },
  ],
  [
    'GET /media/{media_id} with an unknown media id answers 404, not a validation error (media_id "." cannot travel in a path; the generator no longer makes it)',
    {
      operation: 'downloadMedia',
      found: 'npm run fuzz seed 777 (request 7278): a generator artifact, "/media/." normalized to "/media/" by the URL parser',
      request: (s) => ({ method: 'GET', path: `/media/x.y?client_ref=${s.chatRef}` }),
      holds: (a) => a.status === 404 && typeof a.json?.error?.code === 'string',
    },
  ],
  [
    'GET /clients?limit= 309 nines (Infinity once read by Number()) answers 400 bad_request naming the bound, not 500',
    {
      operation: 'listClients',
      found: 'the mock/server parity test, 2026-11-23: 500 internal_error (SQLite "datatype mismatch" on LIMIT Infinity); ODD_INTEGERS stopped at 26 digits',
      request: () => ({ method: 'GET', path: `/clients?limit=${'9'.repeat(309)}` }),
      holds: (a) => a.status === 400 && a.json?.error?.code === 'bad_request' && a.json?.error?.details?.limit?.[0] === 'must be <= 100',
    },
  ],
  [
    'GET /clients?offset= a minus sign and 400 nines answers 400 bad_request naming the bound, not 500',
    {
      operation: 'listClients',
      found: 'the same parity finding, the negative side',
      request: () => ({ method: 'GET', path: `/clients?offset=-${'9'.repeat(400)}` }),
      holds: (a) => a.status === 400 && a.json?.error?.code === 'bad_request' && a.json?.error?.details?.offset?.[0] === 'must be >= 0',
    },
  ],
];

const server = fuzzServerForSuite();

describe('fuzz regressions', () => {
  for (const [name, c] of cases) {
    test(name, async () => {
      const r = c.request(server());
      const a = await api(server().baseUrl, server().key)(r.method, r.path, r.body);
      if (!c.holds(a)) throw new Error(`${r.method} ${r.path} → ${a.status} ${a.text.slice(0, 300)} (found: ${c.found})`);
    });
  }
});
