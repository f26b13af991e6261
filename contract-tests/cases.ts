// The contract suite, written once. Every case states the rule it holds; every response it causes is also
// held against openapi.yaml by the checked transport (harness.ts). Which target can hold which case is
// decided only by the target profiles (targets.ts) through `needs` and `fixtures`.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { components } from '../generated/openapi';
import type { Case, CaseContext } from './harness';
import { contract } from '../spec';

/**
 * Deep equality over JSON values. (Bodies parsed by the runtime's fetch come from another realm than jest's
 * sandbox, so `assert.deepStrictEqual` would reject equal values for their prototypes.)
 */
function same(actual: unknown, expected: unknown, message?: string): void {
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), message);
}

type Res = { response: Response; data?: unknown; error?: unknown };

/** Asserts the status; the message names the request and shows the body. */
function status(ctx: CaseContext, res: Res, expected: number): void {
  const e = ctx.last();
  assert.equal(
    res.response.status,
    expected,
    `${e.operation ?? e.path}: expected HTTP ${expected}, got ${res.response.status} ${JSON.stringify(e.json ?? null).slice(0, 300)}`,
  );
}

/** Asserts an error envelope with this status and code. */
function failsWith(ctx: CaseContext, res: Res, expected: number, code: string): components['schemas']['ErrorResponse'] {
  status(ctx, res, expected);
  const body = ctx.last().json as components['schemas']['ErrorResponse'];
  assert.equal(body?.error?.code, code, `${ctx.last().operation}: expected error.code ${code}, got ${JSON.stringify(body)}`);
  return body;
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A WebP (sticker) file of `size` bytes: RIFF/WEBP header, then padding. */
function webp(size: number): Buffer {
  const b = Buffer.alloc(size);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(size - 8, 4);
  b.write('WEBPVP8 ', 8, 'ascii');
  return b;
}
function form(fields: Record<string, string | { bytes: Buffer; type: string; name: string }>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type }), v.name);
  }
  return f;
}
/** openapi-typescript types multipart files as strings; the wire format is FormData. */
const multipart = (f: FormData) => f as unknown as never;

/** openapi-typescript makes defaulted fields required in request types; the suite states the defaults. */
const TEMPLATE_DEFAULTS = { language: 'en_US', category: 'UTILITY' } as const;

const chat = (ctx: CaseContext) => ctx.fx.chatClientRef!;
const social = (ctx: CaseContext) => ctx.fx.socialClientRef!;
const RECIPIENT = '4915112345678';
/** Invalid anywhere; the reference server's simulated provider also refuses every code starting with `invalid`. */
const INVALID_AUTH_CODE = 'invalid-contract-suite-code';
const SOCIAL_RECIPIENT = '17841405309211844';

async function createTemplate(ctx: CaseContext, name: string, language = 'en_US') {
  const res = await ctx.api.POST('/templates', {
    body: { client_ref: chat(ctx), name, language, category: 'UTILITY', body: { text: 'Hello {{1}}, your order is on its way.', examples: ['Anna'] } },
  });
  status(ctx, res, 201);
  return res.data!;
}

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
    ctx.as(key).POST('/media', { body: multipart(form({ client_ref: probeClient(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'a.png' } })) }),
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
    ctx.as(key).POST('/templates', { body: { client_ref: probeClient(ctx), name: ctx.unique('ct_auth').replace(/-/g, '_'), ...TEMPLATE_DEFAULTS, body: { text: 'Hello' } } }),
  uploadTemplateMedia: (ctx, key) =>
    ctx.as(key).POST('/templates/media', { body: multipart(form({ client_ref: probeClient(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'a.png' } })) }),
  getTemplate: (ctx, key) =>
    ctx.as(key).GET('/templates/{template_ref}', { params: { path: { template_ref: 'order_shipped' }, query: { client_ref: probeClient(ctx) } } }),
  updateTemplate: (ctx, key) =>
    ctx.as(key).PATCH('/templates/{template_ref}', {
      params: { path: { template_ref: 'order_shipped' }, query: { client_ref: probeClient(ctx) } },
      body: { client_ref: probeClient(ctx), name: 'order_shipped', ...TEMPLATE_DEFAULTS, body: { text: 'Hello' } },
    }),
  deleteTemplate: (ctx, key) =>
    ctx.as(key).DELETE('/templates/{template_ref}', { params: { path: { template_ref: ctx.unique('ct_auth').replace(/-/g, '_') }, query: { client_ref: probeClient(ctx) } } }),
  getUsage: (ctx, key) => ctx.as(key).GET('/usage'),
};

const authCases: Case[] = contract()
  .operations.filter((o) => o.secured)
  .flatMap((o): Case[] => {
    const probe = probes[o.operationId];
    if (!probe) throw new Error(`contract-tests/cases.ts has no probe request for ${o.operationId}`);
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

// --------------------------------------------------------------------------------------------------------
const platformCases: Case[] = [
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

  // Clients
  {
    operation: 'listClients',
    name: 'listing clients answers 200 with a page object or a plain array of clients',
    run: async (ctx) => {
      const res = await ctx.api.GET('/clients');
      status(ctx, res, 200);
    },
  },
  {
    operation: 'listClients',
    name: 'a connected client appears in the client list with its channel',
    needs: ['state'],
    fixtures: ['chatClientRef', 'socialClientRef'],
    run: async (ctx) => {
      const found: components['schemas']['Client'][] = [];
      for (let offset = 0; offset < 10_000; offset += 100) {
        const res = await ctx.api.GET('/clients', { params: { query: { limit: 100, offset } } });
        status(ctx, res, 200);
        const page = Array.isArray(res.data) ? res.data : res.data!.results;
        found.push(...page);
        if (page.length < 100 || Array.isArray(res.data)) break;
      }
      assert.equal(found.find((c) => c.client_ref === chat(ctx))?.channel, 'chat', `${chat(ctx)} is listed as a chat client`);
      assert.equal(found.find((c) => c.client_ref === social(ctx))?.channel, 'social', `${social(ctx)} is listed as a social client`);
    },
  },
  {
    operation: 'listClients',
    name: 'limit=1 returns at most one client and reports limit and offset in the page object',
    needs: ['rules'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/clients', { params: { query: { limit: 1, offset: 0 } } });
      status(ctx, res, 200);
      const page = Array.isArray(res.data) ? res.data : res.data!.results;
      assert.ok(page.length <= 1, `got ${page.length} clients`);
      if (!Array.isArray(res.data)) same([res.data!.limit, res.data!.offset, res.data!.count], [1, 0, page.length]);
    },
  },
  {
    operation: 'listClients',
    name: 'limit=0 is refused with 400 bad_request',
    needs: ['validation'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.GET('/clients', { params: { query: { limit: 0 } } }), 400, 'bad_request'),
  },
  {
    operation: 'getClient',
    name: 'getting a client answers 200 with a Client',
    fixtures: ['chatClientRef'],
    run: async (ctx) => void status(ctx, await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: chat(ctx) } } }), 200),
  },
  {
    operation: 'getClient',
    name: 'a connected client is returned with its own client_ref and channel',
    needs: ['state'],
    fixtures: ['chatClientRef', 'socialClientRef'],
    run: async (ctx) => {
      for (const [ref, channel] of [[chat(ctx), 'chat'], [social(ctx), 'social']] as const) {
        const res = await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ref } } });
        status(ctx, res, 200);
        same([res.data!.client_ref, res.data!.channel], [ref, channel]);
      }
    },
  },
  {
    operation: 'getClient',
    name: 'an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ctx.unique('ct-unknown') } } }), 404, 'not_found'),
  },

  // Onboarding
  ...(
    [
      ['createEmbeddedSignupSession', '/embedded-signup/sessions'],
      ['createSocialConnectSession', '/social-connect/sessions'],
    ] as const
  ).flatMap(([operation, path]): Case[] => [
    {
      operation,
      name: `${operation} creates a single-use hosted session valid 600 seconds (201 session_id, url, expires_in 600)`,
      run: async (ctx) => {
        const res = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        status(ctx, res, 201);
        assert.equal(res.data!.expires_in, 600);
        assert.ok(res.data!.session_id.length > 0);
      },
    },
    {
      operation,
      name: `${operation} gives every session its own id and URL`,
      needs: ['state'],
      run: async (ctx) => {
        const a = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        const b = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        status(ctx, b, 201);
        assert.notEqual(a.data!.session_id, b.data!.session_id);
        assert.notEqual(a.data!.url, b.data!.url);
      },
    },
    {
      operation,
      name: `${operation} refuses a request without client_ref with 400 bad_request`,
      needs: ['validation'],
      run: async (ctx) => void failsWith(ctx, await ctx.api.POST(path, { body: {} as never }), 400, 'bad_request'),
    },
  ]),
  {
    operation: 'createEmbeddedSignupSession',
    name: 'a chat client_ref whose number is already connected is refused with 409 number_already_connected',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/embedded-signup/sessions', { body: { client_ref: chat(ctx) } }), 409, 'number_already_connected'),
  },
  {
    operation: 'createEmbeddedSignupSession',
    name: 'a client_ref connected on social is refused on the chat route with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/embedded-signup/sessions', { body: { client_ref: social(ctx) } }), 409, 'conflict'),
  },
  {
    operation: 'createSocialConnectSession',
    name: 'an already connected client_ref is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/social-connect/sessions', { body: { client_ref: social(ctx) } }), 409, 'conflict'),
  },
  {
    operation: 'completeClientSignup',
    name: 'an invalid auth_code is refused with 400 bad_request',
    needs: ['rules'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup'), auth_code: INVALID_AUTH_CODE } }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'completeClientSignup',
    name: 'a signup without auth_code is refused with 400 bad_request',
    needs: ['validation'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup') } as never }), 400, 'bad_request'),
  },
  {
    operation: 'completeClientSignup',
    name: 'a valid auth_code connects a chat client (201 Client)',
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup'), auth_code: await ctx.fx.signupAuthCode!() } });
      status(ctx, res, 201);
      assert.equal(res.data!.channel, 'chat');
    },
  },
  {
    operation: 'completeClientSignup',
    name: 'a client connected by signup is then returned by GET /clients/{client_ref}',
    needs: ['state'],
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const ref = ctx.unique('ct-signup');
      status(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ref, auth_code: await ctx.fx.signupAuthCode!() } }), 201);
      const res = await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ref } } });
      status(ctx, res, 200);
      same([res.data!.client_ref, res.data!.channel], [ref, 'chat']);
    },
  },
  {
    operation: 'completeClientSignup',
    name: 'a signup for an already connected client_ref is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['signupAuthCode', 'chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: chat(ctx), auth_code: await ctx.fx.signupAuthCode!() } }), 409, 'conflict'),
  },

  // Usage
  {
    operation: 'getUsage',
    name: 'usage answers 200 with the current month and its history',
    run: async (ctx) => void status(ctx, await ctx.api.GET('/usage'), 200),
  },
  {
    operation: 'getUsage',
    name: 'usage covers the current UTC month and the twelve closed months before it, newest first',
    needs: ['rules'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/usage');
      status(ctx, res, 200);
      const now = new Date();
      const month = (back: number) => {
        const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
        return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      };
      assert.equal(res.data!.current.period, month(0));
      same(res.data!.history.map((p) => p.period), Array.from({ length: 12 }, (_, i) => month(i + 1)));
      for (const p of [res.data!.current, ...res.data!.history]) {
        assert.equal(p.total_messages, p.inbound_messages + p.outbound_messages + p.outbound_template_messages, `${p.period} total is the sum`);
      }
    },
  },
];

// --------------------------------------------------------------------------------------------------------
const messageCases: Case[] = [
  {
    operation: 'sendMessage',
    name: 'a chat text send answers 200 with a message id',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'Contract suite' }, dry_run: true } });
      status(ctx, res, 200);
      assert.equal(res.data!.success, true);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a dry run is validated without delivery and answers dry_run: true',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'Contract suite' }, dry_run: true } });
      status(ctx, res, 200);
      assert.equal(res.data!.dry_run, true);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a chat client carries every message type (image, video, audio, document, sticker, location, contacts, interactive, reaction)',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const link = 'https://cdn.example.com/contract/file';
      const bodies: Record<string, unknown> = {
        image: { link: `${link}.jpg`, caption: 'c' },
        video: { link: `${link}.mp4` },
        audio: { link: `${link}.ogg` },
        document: { link: `${link}.pdf`, filename: 'f.pdf' },
        sticker: { link: `${link}.webp` },
        location: { latitude: 52.52, longitude: 13.4 },
        contacts: [{ name: { formatted_name: 'Anna' } }],
        interactive: { type: 'button', body: { text: 'Yes?' }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } },
        reaction: { message_id: 'wamid.contract', emoji: '👍' },
      };
      for (const [type, payload] of Object.entries(bodies)) {
        const res = await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type, [type]: payload, dry_run: true } as never });
        status(ctx, res, 200);
      }
    },
  },
  {
    operation: 'sendMessage',
    name: 'a text message with an empty text.body is refused with 400 bad_request naming text.body',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const body = failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: '' }, dry_run: true } }),
        400,
        'bad_request',
      );
      assert.ok(Object.keys(body.error.details ?? {}).some((k) => k.includes('text')), `details name text.body: ${JSON.stringify(body.error.details)}`);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a malformed JSON body is refused with 400 bad_request',
    needs: ['validation', 'malformedJson'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        { response: await ctx.raw('POST', '/messages/send', { body: '{"client_ref": ', headers: { 'Content-Type': 'application/json' } }) },
        400,
        'bad_request',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a send for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: ctx.unique('ct-unknown'), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses a sticker with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', {
          body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'sticker', sticker: { link: 'https://cdn.example.com/s.webp' }, dry_run: true },
        }),
        400,
        'channel_type_unsupported',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social client refuses media given as an uploaded id with 400 media_link_required',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send', { body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { id: '1013859600285441' }, dry_run: true } }),
        400,
        'media_link_required',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a social image with a caption is accepted and lists the undelivered caption in warnings',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send', {
        body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, type: 'image', image: { link: 'https://cdn.example.com/a.jpg', caption: 'Blue' }, dry_run: true },
      });
      status(ctx, res, 200);
      assert.ok(res.data!.warnings?.some((w) => w.includes('caption')), `warnings mention the caption: ${JSON.stringify(res.data!.warnings)}`);
    },
  },
  {
    operation: 'sendMessage',
    name: 'a test-key free-form send to a recipient outside the 24-hour window is refused with 422 outside_service_window',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.as(ctx.fx.testKey!).POST('/messages/send', { body: { client_ref: chat(ctx), to: '4930000000017', type: 'text', text: { body: 'x' } } }),
        422,
        'outside_service_window',
      ),
  },
  {
    operation: 'sendMessage',
    name: 'a test-key dry run is not counted in usage',
    needs: ['rules', 'state'],
    fixtures: ['chatClientRef', 'testKey'],
    run: async (ctx) => {
      const before = await ctx.api.GET('/usage');
      await ctx.as(ctx.fx.testKey!).POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } });
      await ctx.api.POST('/messages/send', { body: { client_ref: chat(ctx), to: RECIPIENT, type: 'text', text: { body: 'x' }, dry_run: true } });
      const after = await ctx.api.GET('/usage');
      status(ctx, after, 200);
      same(after.data!.current, before.data!.current);
    },
  },

  // Template sends
  {
    operation: 'sendTemplateMessage',
    name: 'a raw template object on a chat client answers 200',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/messages/send-template', {
        body: {
          client_ref: chat(ctx),
          to: RECIPIENT,
          template: { name: 'login_code', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '481516' }] }] },
          dry_run: true,
        },
      });
      status(ctx, res, 200);
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'giving both template_ref and template is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', {
          body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: 'order_shipped', template: { name: 'order_shipped' }, dry_run: true } as never,
        }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send to a social client is refused with 400 channel_type_unsupported',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: social(ctx), to: SOCIAL_RECIPIENT, template: { name: 'hello_world' }, dry_run: true } }),
        400,
        'channel_type_unsupported',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template send naming an unknown template_ref is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: ctx.unique('ct_unknown'), dry_run: true } }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'sendTemplateMessage',
    name: 'a template still in review (PENDING) is refused with 400 template_not_approved',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, ctx.unique('ct_pending').replace(/-/g, '_'));
      failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', { body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.id ?? t.name, parameters: ['Anna'], dry_run: true } }),
        400,
        'template_not_approved',
      );
    },
  },
  {
    operation: 'sendTemplateMessage',
    name: 'an approved template with body placeholders sent without parameters is refused with 400 missing_parameters',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const t = ctx.fx.approvedTemplate!;
      failsWith(
        ctx,
        await ctx.api.POST('/messages/send-template', {
          body: { client_ref: chat(ctx), to: RECIPIENT, template_ref: t.ref, ...(t.language ? { language: t.language } : {}), dry_run: true },
        }),
        400,
        'missing_parameters',
      );
    },
  },
];

// --------------------------------------------------------------------------------------------------------
const mediaCases: Case[] = [
  {
    operation: 'uploadMedia',
    name: 'a chat client uploads a PNG and gets a media id of kind image kept 30 days (201)',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'p.png' } })) });
      status(ctx, res, 201);
      assert.equal(res.data!.expires_in_days, 30);
    },
  },
  {
    operation: 'uploadMedia',
    name: 'an uploaded PNG is detected as kind image',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'p.png' } })) });
      status(ctx, res, 201);
      assert.equal(res.data!.kind, 'image');
    },
  },
  {
    operation: 'uploadMedia',
    name: 'a GIF upload is refused with 400 media_type_unsupported',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: GIF_1X1, type: 'image/gif', name: 'a.gif' } })) }),
        400,
        'media_type_unsupported',
      ),
  },
  {
    operation: 'uploadMedia',
    name: 'a sticker over 500 KB is refused with 400 media_too_large',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: webp(600 * 1024), type: 'image/webp', name: 's.webp' } })) }),
        400,
        'media_too_large',
      ),
  },
  {
    operation: 'uploadMedia',
    name: 'an upload for a social client is refused with 400 bad_request',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: multipart(form({ client_ref: social(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'p.png' } })) }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'uploadMedia',
    name: 'an upload for an unknown client_ref is refused with 404 not_found',
    needs: ['state', 'binaryBodies'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/media', { body: multipart(form({ client_ref: ctx.unique('ct-unknown'), file: { bytes: PNG_1X1, type: 'image/png', name: 'p.png' } })) }),
        404,
        'not_found',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'inbound media downloads with 200, Content-Length and X-Media-Sha256',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef', 'inboundMediaId'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/media/{media_id}', {
        params: { path: { media_id: ctx.fx.inboundMediaId! }, query: { client_ref: chat(ctx) } },
        parseAs: 'arrayBuffer',
      });
      status(ctx, res, 200);
      assert.equal(Number(res.response.headers.get('content-length')), (res.data as ArrayBuffer).byteLength);
    },
  },
  {
    operation: 'downloadMedia',
    name: 'X-Media-Sha256 is the SHA-256 of the downloaded bytes',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef', 'inboundMediaId'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/media/{media_id}', {
        params: { path: { media_id: ctx.fx.inboundMediaId! }, query: { client_ref: chat(ctx) } },
        parseAs: 'arrayBuffer',
      });
      status(ctx, res, 200);
      const sha = createHash('sha256').update(Buffer.from(res.data as ArrayBuffer)).digest('hex');
      assert.equal(res.response.headers.get('x-media-sha256'), sha);
    },
  },
  {
    operation: 'downloadMedia',
    name: 'a download without client_ref is refused with 400 client_ref_required',
    needs: ['validation'],
    run: async (ctx) => void failsWith(ctx, { response: await ctx.raw('GET', '/media/1469203871245587') }, 400, 'client_ref_required'),
  },
  {
    operation: 'downloadMedia',
    name: 'a download for a social client is refused with 400 channel_media_inline',
    needs: ['rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: '1469203871245587' }, query: { client_ref: social(ctx) } } }),
        400,
        'channel_media_inline',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'a media id the provider does not know is refused with 404 media_not_found',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: ctx.unique('ct-media') }, query: { client_ref: chat(ctx) } } }),
        404,
        'media_not_found',
      ),
  },
  {
    operation: 'downloadMedia',
    name: 'a download for an unknown client_ref is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.GET('/media/{media_id}', { params: { path: { media_id: '1469203871245587' }, query: { client_ref: ctx.unique('ct-unknown') } } }),
        404,
        'not_found',
      ),
  },
];

// --------------------------------------------------------------------------------------------------------
const snake = (ctx: CaseContext, prefix: string) => ctx.unique(prefix).replace(/-/g, '_').toLowerCase();

const templateCases: Case[] = [
  {
    operation: 'listTemplates',
    name: "listing a chat client's templates answers 200 with results and count",
    fixtures: ['chatClientRef'],
    run: async (ctx) => void status(ctx, await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx) } } }), 200),
  },
  {
    operation: 'listTemplates',
    name: 'listing templates without client_ref is refused with 400 bad_request',
    needs: ['validation'],
    run: async (ctx) => void failsWith(ctx, { response: await ctx.raw('GET', '/templates') }, 400, 'bad_request'),
  },
  {
    operation: 'listTemplates',
    name: 'listing templates of an unknown client is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.GET('/templates', { params: { query: { client_ref: ctx.unique('ct-unknown') } } }), 404, 'not_found'),
  },
  {
    operation: 'createTemplate',
    name: 'creating a template answers 201 with status PENDING',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_create'));
      assert.equal(t.status, 'PENDING');
    },
  },
  {
    operation: 'createTemplate',
    name: 'a created template is normalized to lower_snake_case, read back by id and listed',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      // Letters only: how digits next to letters split into words is not specified.
      const base = `ct_readback_${snake(ctx, 'x').replace(/[^a-z]/g, '').slice(1)}_${'abcdefghij'[Date.now() % 10]}`;
      const t = await createTemplate(ctx, `${base.replace(/_/g, ' ').toUpperCase()}!`);
      assert.equal(t.name, base);
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx), language: 'en_US' } } });
      status(ctx, got, 200);
      same([got.data!.name, got.data!.language, got.data!.status], [base, 'en_US', 'PENDING']);
      const list = await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx), search: base } } });
      status(ctx, list, 200);
      assert.ok(list.data!.results.some((r) => r.name === base), `${base} is listed`);
    },
  },
  {
    operation: 'createTemplate',
    name: 'a second template with the same name and language is refused with 409 conflict',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_dup');
      await createTemplate(ctx, name);
      failsWith(
        ctx,
        await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name, ...TEMPLATE_DEFAULTS, body: { text: 'Again' } } }),
        409,
        'conflict',
      );
    },
  },
  {
    operation: 'createTemplate',
    name: 'a template body over 1024 characters is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name: snake(ctx, 'ct_long'), ...TEMPLATE_DEFAULTS, body: { text: 'x'.repeat(1025) } } }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'createTemplate',
    name: 'a template for an unknown client is refused with 404 not_found',
    needs: ['state'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: ctx.unique('ct-unknown'), name: snake(ctx, 'ct_x'), ...TEMPLATE_DEFAULTS, body: { text: 'x' } } }), 404, 'not_found'),
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a PNG header image uploads with 201 and a handle',
    needs: ['binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'h.png' } })) });
      status(ctx, res, 201);
      assert.ok(res.data!.handle.length > 0);
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a header image upload is reported with format IMAGE',
    needs: ['rules', 'binaryBodies'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/templates/media', { body: multipart(form({ client_ref: chat(ctx), file: { bytes: PNG_1X1, type: 'image/png', name: 'h.png' } })) });
      status(ctx, res, 201);
      assert.equal(res.data!.format, 'IMAGE');
    },
  },
  {
    operation: 'uploadTemplateMedia',
    name: 'a template media upload without file is refused with 400 bad_request',
    needs: ['validation'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/templates/media', { body: multipart(form({ client_ref: chat(ctx) })) }), 400, 'bad_request'),
  },
  {
    operation: 'getTemplate',
    name: 'getting a created template answers 200 with a Template',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_get'));
      status(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx) } } }), 200);
    },
  },
  {
    operation: 'getTemplate',
    name: 'getting an unknown template_ref is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: snake(ctx, 'ct_none') }, query: { client_ref: chat(ctx) } } }), 404, 'not_found'),
  },
  {
    operation: 'getTemplate',
    name: 'a name that exists in several languages, asked without language, is refused with 409 conflict',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_multi');
      await createTemplate(ctx, name, 'en_US');
      await createTemplate(ctx, name, 'de_DE');
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: { client_ref: chat(ctx) } } }), 409, 'conflict');
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing a template in review (PENDING) is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_edit'));
      failsWith(
        ctx,
        await ctx.api.PATCH('/templates/{template_ref}', {
          params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx), language: 'en_US' } },
          body: { client_ref: chat(ctx), name: t.name, ...TEMPLATE_DEFAULTS, body: { text: 'Edited {{1}}', examples: ['Anna'] } },
        }),
        409,
        'conflict',
      );
    },
  },
  {
    operation: 'updateTemplate',
    name: 'changing the language of an approved template is refused with 400 bad_request',
    needs: ['rules'],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { ref, language } = ctx.fx.approvedTemplate!;
      const q = { client_ref: chat(ctx), ...(language ? { language } : {}) };
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: ref }, query: q } });
      status(ctx, got, 200);
      const other = got.data!.language === 'en_US' ? 'de_DE' : 'en_US';
      failsWith(
        ctx,
        await ctx.api.PATCH('/templates/{template_ref}', {
          params: { path: { template_ref: ref }, query: q },
          body: { client_ref: chat(ctx), name: got.data!.name, category: got.data!.category ?? 'UTILITY', language: other, body: { text: 'Changed' } },
        }),
        400,
        'bad_request',
      );
    },
  },
  {
    operation: 'updateTemplate',
    name: 'editing an approved template answers 200 and resubmits it for review',
    needs: [],
    fixtures: ['chatClientRef', 'approvedTemplate'],
    run: async (ctx) => {
      const { ref, language } = ctx.fx.approvedTemplate!;
      const q = { client_ref: chat(ctx), ...(language ? { language } : {}) };
      const got = await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: ref }, query: q } });
      status(ctx, got, 200);
      const body = got.data!.components?.find((c) => String(c.type).toUpperCase() === 'BODY') as { text?: string } | undefined;
      const res = await ctx.api.PATCH('/templates/{template_ref}', {
        params: { path: { template_ref: ref }, query: q },
        body: { client_ref: chat(ctx), name: got.data!.name, category: got.data!.category ?? 'UTILITY', language: got.data!.language, components: got.data!.components, body: { text: body?.text ?? 'Hello' } },
      });
      status(ctx, res, 200);
      assert.equal(res.data!.status, 'PENDING');
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'deleting a created template answers 204 with no body',
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const t = await createTemplate(ctx, snake(ctx, 'ct_del'));
      status(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: t.id ?? t.name }, query: { client_ref: chat(ctx) } } }), 204);
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'a deleted template is gone (404) and its name is blocked for reuse (409 conflict)',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const name = snake(ctx, 'ct_gone');
      await createTemplate(ctx, name);
      const q = { client_ref: chat(ctx), language: 'en_US' };
      status(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 204);
      failsWith(ctx, await ctx.api.GET('/templates/{template_ref}', { params: { path: { template_ref: name }, query: q } }), 404, 'not_found');
      failsWith(ctx, await ctx.api.POST('/templates', { body: { client_ref: chat(ctx), name, ...TEMPLATE_DEFAULTS, body: { text: 'x' } } }), 409, 'conflict');
    },
  },
  {
    operation: 'deleteTemplate',
    name: 'deleting an unknown template is refused with 404 not_found',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.DELETE('/templates/{template_ref}', { params: { path: { template_ref: snake(ctx, 'ct_none') }, query: { client_ref: chat(ctx) } } }), 404, 'not_found'),
  },
];

/** The whole suite, in a stable order (rate-limit exhaustion last: it uses its own key anyway). */
export const cases: Case[] = [...platformCases, ...messageCases, ...mediaCases, ...templateCases, ...authCases].sort(
  (a, b) => Number(a.name.startsWith('exhausting')) - Number(b.name.startsWith('exhausting')),
);

const names = new Set<string>();
for (const c of cases) {
  if (names.has(c.name)) throw new Error(`duplicate case name: ${c.name}`);
  names.add(c.name);
  if (!contract().byId(c.operation)) throw new Error(`case "${c.name}" names an unknown operation ${c.operation}`);
}
