// The contract suite against the mock (Prism with errors on, so it also validates every response it serves),
// plus a rehearsal of every documented status × named example through `Prefer`: an example that breaks its
// own schema fails here.
import assert from 'node:assert/strict';
import { probes } from './cases';
import { newRunState } from './harness';
import { defineSuite, expectHeld } from './jest-suite';
import { executeCase } from './runner';
import { contract } from '../spec';
import { startMockTarget } from './local-targets';
import { MOCK_PROFILE } from './targets';

defineSuite(MOCK_PROFILE, () => startMockTarget(), (suite) => {
  describe('Prism serves every documented status × named example (Prefer: code=…, example=…)', () => {
    for (const op of contract().operations) {
      const probe = probes[op.operationId];
      for (const [status, res] of Object.entries(op.responses)) {
        for (const example of res.exampleNames) {
          test(`${op.operationId} ${status} example ${example} is served and holds openapi.yaml`, async () => {
            const result = await executeCase(
              {
                operation: op.operationId,
                name: `${op.operationId} ${status} ${example}`,
                run: async (ctx) => {
                  const prefer = `code=${status}, example=${example}`;
                  const key = ctx.fx.apiKey;
                  // The probe is a valid request; GET /status has none and needs no key.
                  const response = probe
                    ? (await probe({ ...ctx, as: (k) => withPrefer(ctx.as(k === null ? key : k), prefer) }, key)).response
                    : await ctx.raw('GET', '/status', { key: null, headers: { Prefer: prefer } });
                  const e = ctx.last();
                  assert.equal(response.status, Number(status), `the mock answered ${response.status} ${JSON.stringify(e.json)}`);
                  const expected = res.content[Object.keys(res.content)[0]!]?.examples[example];
                  // a rehearsed 403 names the operation's own scope instead of the shared example's
                  if (status === '403') assert.match(String((e.json as any)?.error?.message), new RegExp(`required by ${op.method.toUpperCase()} `));
                  else if (e.json !== undefined) assert.deepEqual(e.json, expected);
                },
              },
              suite.target(),
              suite.coverage,
              newRunState(0),
            );
            expectHeld(result);
          });
        }
      }
    }
  });
});

/** Wraps an openapi-fetch client so every call carries a `Prefer` header. */
function withPrefer<C extends object>(client: C, prefer: string): C {
  return new Proxy(client, {
    get(target, method: string) {
      const fn = (target as any)[method];
      if (typeof fn !== 'function') return fn;
      return (path: string, init: any = {}) => fn.call(target, path, { ...init, headers: { ...(init.headers ?? {}), Prefer: prefer } });
    },
  });
}
