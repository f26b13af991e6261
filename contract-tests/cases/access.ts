// Access: every secured operation refuses a missing or unknown key (401) and a key without its scope (403); keys travel only in the Authorization header; the rate limit counts and refuses.
import assert from 'node:assert/strict';
import { contract } from '../../spec';
import type { Case, CaseContext } from '../harness';
import { failsWith, file, INVALID_AUTH_CODE, PNG_1X1, RECIPIENT, type Res, same, status } from './support';

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
        run: async (ctx) => void failsWith(ctx, await probe(ctx, 'ik_live_contractSuiteUnknownKey0000000000'), 401, 'unauthorized'),
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


const accessRules: Case[] = [
  {
    operation: 'getStatus',
    name: 'GET /status answers 200 {status: ok, version: v1} without a key',
    run: async (ctx) => {
      const res = await ctx.as(null).GET('/status');
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
    name: 'X-RateLimit-Remaining drops by one per request of the same key',
    needs: ['rateLimits'],
    fixtures: ['freshKey'],
    run: async (ctx) => {
      const key = await ctx.fx.freshKey!();
      const first = await ctx.as(key).GET('/usage');
      const second = await ctx.as(key).GET('/usage');
      status(ctx, second, 200);
      const a = Number(first.response.headers.get('x-ratelimit-remaining'));
      const b = Number(second.response.headers.get('x-ratelimit-remaining'));
      assert.equal(b, a - 1, `X-RateLimit-Remaining went from ${a} to ${b}`);
    },
  },
  {
    operation: 'getUsage',
    name: 'exhausting the key window answers 429 rate_limited with Retry-After',
    needs: ['rateLimits'],
    fixtures: ['freshKey'],
    run: async (ctx) => {
      const client = ctx.as(await ctx.fx.freshKey!());
      // A fixed window may roll over during the burst; one more try then starts in a fresh window.
      let res: Res | undefined;
      for (let attempt = 0; attempt < 2 && res?.response.status !== 429; attempt++) {
        const first = await client.GET('/usage');
        status(ctx, first, 200);
        const remaining = Number(first.response.headers.get('x-ratelimit-remaining'));
        assert.ok(remaining <= 5000, `the window holds ${remaining} more requests; too many to exhaust in a contract run`);
        for (let left = remaining; left > 0; left -= 50) {
          await Promise.all(Array.from({ length: Math.min(50, left) }, () => client.GET('/usage')));
        }
        res = await client.GET('/usage');
      }
      failsWith(ctx, res!, 429, 'rate_limited');
      assert.ok(Number(res!.response.headers.get('retry-after')) >= 1, 'Retry-After is at least 1 second');
    },
  },
];

export const accessCases: Case[] = [...authenticationCases, ...accessRules];
