// Access (section 5): every secured operation refuses a missing, unknown, expired or revoked key (401) and a key
// without its scope (403); keys travel only in the Authorization header; every response carries its own
// correlation id; the rate-limit counters agree with each other and the window refuses with Retry-After.
import { contract } from '../../spec';
import { FixtureUnavailable } from '../fixtures-file';
import { STATUS_DEMANDS_KEY } from '../generated-requests/judge';
import type { Case, CaseContext } from '../harness';
import { check, failsWith, file, INVALID_AUTH_CODE, PNG_1X1, RECIPIENT, type Res, same, status } from './support';

// --------------------------------------------------------------------------------------------------------
// A request per secured operation that is valid in shape, for the 401 and 403 rules.
/** Authentication is checked before the client is looked up, so the 401/403 probes need no real client. */
const probeClient = (ctx: CaseContext) => ctx.fx.chatClientRef ?? 'contract-suite-client';

export type Probe = (ctx: CaseContext, key: string | null) => Promise<Res>;
export const probes: Record<string, Probe> = {
  sendMessage: (ctx, key) =>
    ctx.as(key).POST('/messages/send', { body: { client_ref: probeClient(ctx), to: RECIPIENT, type: 'text', text: { body: 'Hello' }, dry_run: true } }),
  sendTemplateMessage: (ctx, key) =>
    ctx.as(key).POST('/messages/send-template', {
      body: { client_ref: probeClient(ctx), to: RECIPIENT, template: { name: 'hello_world', language: { code: 'en_US' } }, dry_run: true },
    }),
  uploadMedia: (ctx, key) =>
    ctx.as(key).POST('/media', { body: { client_ref: probeClient(ctx), file: file(PNG_1X1, 'image/png', 'a.png') } }),
  downloadMedia: (ctx, key) =>
    ctx.as(key).GET('/media/{media_id}', { params: { path: { media_id: '1469203871245587' }, query: { client_ref: probeClient(ctx) } }, parseAs: 'arrayBuffer' }),
  createEmbeddedSignupSession: (ctx, key) => ctx.as(key).POST('/embedded-signup/sessions', { body: { client_ref: ctx.unique('ct-auth') } }),
  createSocialConnectSession: (ctx, key) => ctx.as(key).POST('/social-connect/sessions', { body: { client_ref: ctx.unique('ct-auth') } }),
  listClients: (ctx, key) => ctx.as(key).GET('/clients'),
  getClient: (ctx, key) => ctx.as(key).GET('/clients/{client_ref}', { params: { path: { client_ref: probeClient(ctx) } } }),
  completeClientSignup: (ctx, key) =>
    ctx.as(key).POST('/clients/signup', { body: { client_ref: ctx.unique('ct-auth'), auth_code: INVALID_AUTH_CODE } }),
  listTemplates: (ctx, key) => ctx.as(key).GET('/templates', { params: { query: { client_ref: probeClient(ctx) } } }),
  createTemplate: (ctx, key) =>
    ctx.as(key).POST('/templates', { body: { client_ref: probeClient(ctx), name: ctx.unique('ct_auth').replace(/-/g, '_'), body: { text: 'Hello' } } }),
  uploadTemplateMedia: (ctx, key) =>
    ctx.as(key).POST('/templates/media', { body: { client_ref: probeClient(ctx), file: file(PNG_1X1, 'image/png', 'a.png') } }),
  getTemplate: (ctx, key) =>
    ctx.as(key).GET('/templates/{template_ref}', { params: { path: { template_ref: 'order_shipped' }, query: { client_ref: probeClient(ctx) } } }),
  updateTemplate: (ctx, key) =>
    ctx.as(key).PATCH('/templates/{template_ref}', {
      params: { path: { template_ref: 'order_shipped' }, query: { client_ref: probeClient(ctx) } },
      body: { client_ref: probeClient(ctx), name: 'order_shipped', body: { text: 'Hello' } },
    }),
  deleteTemplate: (ctx, key) =>
    ctx.as(key).DELETE('/templates/{template_ref}', { params: { path: { template_ref: ctx.unique('ct_auth').replace(/-/g, '_') }, query: { client_ref: probeClient(ctx) } } }),
  getUsage: (ctx, key) => ctx.as(key).GET('/usage'),
};

/** A key of the right form that no service issued. */
const UNKNOWN_KEY = 'ik_live_contractSuiteUnknownKey0000000000';

const authenticationCases: Case[] = contract()
  .operations.filter((o) => o.secured)
  .flatMap((o): Case[] => {
    const probe = probes[o.operationId];
    if (!probe) throw new Error(`contract-tests/cases/access.ts has no probe request for ${o.operationId}`);
    const scope = (o.requiredScopes ?? []).join(', ') || 'its scope';
    return [
      {
        operation: o.operationId,
        name: `${o.operationId} refuses a request without Authorization with 401 unauthorized`,
        needs: ['missingCredentials'],
        run: async (ctx) => void failsWith(ctx, await probe(ctx, null), 401, 'unauthorized'),
      },
      {
        operation: o.operationId,
        name: `${o.operationId} refuses an unknown bearer key with 401 unauthorized`,
        needs: ['authentication'],
        run: async (ctx) => void failsWith(ctx, await probe(ctx, UNKNOWN_KEY), 401, 'unauthorized'),
      },
      {
        operation: o.operationId,
        name: `${o.operationId} refuses a valid key without ${scope} with 403 forbidden`,
        needs: ['scopes'],
        fixtures: ['restrictedKey'],
        run: async (ctx) => void failsWith(ctx, await probe(ctx, ctx.fx.restrictedKey!), 403, 'forbidden'),
      },
    ];
  });


/** Every secured operation, probed with one key: each must answer 401 unauthorized. */
async function everyOperationRefuses(ctx: CaseContext, key: string): Promise<void> {
  for (const o of contract().operations.filter((op) => op.secured)) failsWith(ctx, await probes[o.operationId]!(ctx, key), 401, 'unauthorized');
}

/** A UUID as RFC 9562 writes it: 8-4-4-4-12 hex digits, nothing around them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rateLimit = (res: Res) => ({
  limit: Number(res.response.headers.get('x-ratelimit-limit')),
  remaining: Number(res.response.headers.get('x-ratelimit-remaining')),
});

/** Requests after a key's first 429, a second apart, that show how its Retry-After moves with the clock. */
const RETRY_AFTER_FOLLOW_UPS = 3;
/** The Retry-After the follow-ups need to see it count down while the key stays refused. */
const WATCHED_SECONDS = RETRY_AFTER_FOLLOW_UPS * 1.1 + 2;

const accessRules: Case[] = [
  {
    operation: 'getStatus',
    name: 'GET /status answers 200 {status: ok, version: v1} without a key',
    run: async (ctx) => {
      const res = await ctx.as(null).GET('/status');
      if (res.response.status !== 200) {
        const keyed = await ctx.api.GET('/status');
        check(keyed.response.status !== 200, STATUS_DEMANDS_KEY, `${res.response.status} without a key, 200 with one`);
      }
      status(ctx, res, 200);
      same([res.data!.status, res.data!.version], ['ok', 'v1']);
    },
  },
  {
    operation: 'listClients',
    name: 'an Authorization header that is not Bearer is refused with 401 unauthorized',
    needs: ['missingCredentials'],
    run: async (ctx) => {
      const res = await ctx.raw('GET', '/clients', { headers: { Authorization: `Basic ${Buffer.from(`${ctx.fx.apiKey}:`).toString('base64')}` } });
      failsWith(ctx, { response: res }, 401, 'unauthorized');
    },
  },
  {
    operation: 'listClients',
    name: 'a bearer value without the ik_test_/ik_live_ prefix is refused with 401 unauthorized',
    needs: ['authentication'],
    run: async (ctx) => void failsWith(ctx, await ctx.as('not-a-partner-key').GET('/clients'), 401, 'unauthorized'),
  },
  {
    operation: 'getUsage',
    name: 'a key sent in the query string instead of the header is refused with 401 unauthorized',
    needs: ['missingCredentials'],
    run: async (ctx) => {
      const res = await ctx.raw('GET', `/usage?api_key=${encodeURIComponent(ctx.fx.apiKey)}`, { key: null });
      failsWith(ctx, { response: res }, 401, 'unauthorized');
    },
  },
  {
    operation: 'getUsage',
    name: 'an expired key is refused with 401 unauthorized by every secured operation',
    needs: ['authentication'],
    fixtures: ['expiredKey'],
    run: (ctx) => everyOperationRefuses(ctx, ctx.fx.expiredKey!),
  },
  {
    operation: 'getUsage',
    name: 'a revoked key is refused with 401 unauthorized by every secured operation',
    needs: ['authentication'],
    fixtures: ['revokedKey'],
    run: (ctx) => everyOperationRefuses(ctx, ctx.fx.revokedKey!),
  },
  {
    operation: 'getUsage',
    name: 'every response carries its own X-Request-Id, a UUID (success, client error and refused key alike)',
    needs: ['rules', 'authentication'],
    run: async (ctx) => {
      await ctx.as(null).GET('/status');
      await ctx.api.GET('/usage');
      await ctx.api.GET('/usage');
      await ctx.api.GET('/clients', { params: { query: { limit: 0 } } });
      await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ctx.unique('ct-unknown') } } });
      await ctx.as(UNKNOWN_KEY).GET('/usage');
      const ids = ctx.exchanges().map((e) => e.headers.get('x-request-id'));
      for (const [i, id] of ids.entries()) check(id !== null && UUID.test(id), 'X-Request-Id is a UUID on every response', `${ctx.exchanges()[i]!.operation} ${ctx.exchanges()[i]!.status}: ${JSON.stringify(id)}`);
      check(new Set(ids).size === ids.length, 'each response carries a fresh X-Request-Id', `${ids.length} responses carried ${new Set(ids).size} distinct ids: ${ids.join(', ')}`);
    },
  },
  {
    operation: 'getUsage',
    name: 'X-RateLimit-Limit stays the same and X-RateLimit-Remaining, never above it, drops by one per request of the key',
    needs: ['rateLimits'],
    run: async (ctx) => {
      // A fixed window may roll over between the requests; one more try then runs inside the fresh window. Every
      // answer counts, a 429 of the upstream throttle waited out too (the key's request was counted all the same).
      let seen: { limit: number; remaining: number }[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const before = ctx.exchanges().length;
        for (let i = 0; i < 3; i++) status(ctx, await ctx.api.GET('/usage'), 200);
        seen = ctx.exchanges().slice(before).map((e) => ({ limit: Number(e.headers.get('x-ratelimit-limit')), remaining: Number(e.headers.get('x-ratelimit-remaining')) }));
        if (seen.every((s, i) => i === 0 || s.remaining <= seen[i - 1]!.remaining)) break;
      }
      const shown = JSON.stringify(seen);
      check(seen.every((s) => s.remaining <= s.limit), 'X-RateLimit-Remaining never exceeds X-RateLimit-Limit', shown);
      check(seen.every((s) => s.limit === seen[0]!.limit), 'X-RateLimit-Limit is the same on every response of a key', shown);
      check(seen.every((s, i) => i === 0 || s.remaining === seen[i - 1]!.remaining - 1), 'X-RateLimit-Remaining drops by one per request', shown);
    },
  },
  {
    operation: 'getUsage',
    name: 'exhausting the key window answers 429 rate_limited with Retry-After',
    needs: ['rateLimits'],
    fixtures: ['rateLimitKey'],
    run: async (ctx) => {
      const client = ctx.as(await ctx.fx.rateLimitKey!());
      // The burst is tried again when the window rolled over during it (the last request was answered 200),
      // and when it was refused too near the window's end for the follow-ups to watch Retry-After count down
      // (then after the window, which the key has to wait out anyway). Any other answer is judged as it is.
      let res: Res | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        const first = await client.GET('/usage');
        if (first.response.status === 429 && attempt === 0) {
          const wait = first.response.headers.get('retry-after');
          throw new FixtureUnavailable('rateLimitKey', `the key is still exhausted from an earlier run${wait ? ` (Retry-After: ${wait} s)` : ''}; give an issuer, or run again after its window`);
        }
        status(ctx, first, 200);
        const { remaining } = rateLimit(first);
        check(remaining <= 5000, 'a window a contract run can exhaust (at most 5,000 requests)', `X-RateLimit-Remaining: ${remaining}`);
        for (let left = remaining; left > 0; left -= 50) {
          await Promise.all(Array.from({ length: Math.min(50, left) }, () => client.GET('/usage')));
        }
        res = await client.GET('/usage');
        if (res.response.status !== 200 && res.response.status !== 429) break;
        const retryAfter = Number(res.response.headers.get('retry-after'));
        if (res.response.status === 429 && !(retryAfter >= 1 && retryAfter < WATCHED_SECONDS)) break;
        if (res.response.status === 429) await new Promise((r) => setTimeout(r, (retryAfter + 1) * 1000));
      }
      failsWith(ctx, res!, 429, 'rate_limited');
      check(Number(res!.response.headers.get('retry-after')) >= 1, 'a 429 carries Retry-After of at least 1 second', String(res!.response.headers.get('retry-after')));
      // A few more refusals a second apart: the run's header rules hold their Retry-After against the clock
      // (it counts down; the window does not start afresh before it is over).
      for (let i = 0; i < RETRY_AFTER_FOLLOW_UPS && res!.response.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 1_100));
        res = await client.GET('/usage');
      }
    },
  },
  {
    operation: 'getStatus',
    name: 'a path that is no operation answers 404 not_found in the error envelope',
    needs: ['rules', 'undocumentedPaths'],
    run: async (ctx) => {
      const res = await ctx.outside('GET', `/${ctx.unique('no-such-route')}`);
      const errors = contract().validators.errors('#/components/schemas/ErrorResponse', res.json);
      check(res.status === 404 && errors.length === 0 && (res.json as { error: { code: string } }).error.code === 'not_found', 'an unknown path answers 404 not_found in the error envelope', `${res.status} ${JSON.stringify(res.json)?.slice(0, 200)}`);
    },
  },
];

export const accessCases: Case[] = [...authenticationCases, ...accessRules];
