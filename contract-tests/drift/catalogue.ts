// The drift harness's catalogue: realistic ways an implementation drifts from the contract, each with the
// cases that exist to catch it, and ways an implementation may differ that the specification allows (no
// case may flag those).
import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER } from '../../client/webhooks';
import { CLIENT_PATH, errorCode, is, json, respondJson, setJsonBody, TEMPLATE_PATH } from './http-match';
import { SPEC_ALLOWED } from './allowed';
import { DELIVERY_ALLOWED, DELIVERY_DRIFTS } from './deliveries';
import { mapJson, objectsIn, resigned, type Behaviour } from './proxy';
import type { Fixtures } from '../targets';
import type { RunRefs } from './refs';
import { STATEFUL_DRIFTS } from './stateful';
import { TENANT_DRIFTS } from './tenant';

/** The keys and references a drift may swap in or recognise (from the run's fixtures). */
export interface DriftKeys extends RunRefs {
  apiKey: string;
  extraApiKeys?: string[];
  expiredKey: string;
  revokedKey: string;
  trialExpiredKey: string;
}

/** The keys and references drifts use, from fixtures that hold them all (the reference server's sandbox file). */
export const driftKeysOf = (fx: Fixtures): DriftKeys => ({
  apiKey: fx.apiKey,
  extraApiKeys: fx.extraApiKeys,
  expiredKey: fx.expiredKey!,
  revokedKey: fx.revokedKey!,
  trialExpiredKey: fx.trialExpiredKey!.key,
  chatClientRef: fx.chatClientRef!,
  socialClientRef: fx.socialClientRef!,
  foreignChatClientRef: fx.foreignChatClientRef!,
  foreignTemplate: fx.foreignTemplate!,
  foreignMediaId: fx.foreignMediaId!,
});

export interface Drift {
  name: string;
  /** Names of the cases that exist to catch it: each must fail. */
  caughtBy: string[];
  behaviour(keys: DriftKeys): Behaviour;
}

export interface AllowedVariation {
  name: string;
  behaviour(keys: DriftKeys): Behaviour;
}

const swapKey = (from: string, to: string): Behaviour['request'] => (req) => {
  if (req.headers.authorization === `Bearer ${from}`) req.headers.authorization = `Bearer ${to}`;
};

export const DRIFTS: Drift[] = [
  {
    name: 'Client.channel renamed to channel_type',
    caughtBy: ['getting a client answers 200 with a Client', 'a connected client is returned with its own client_ref and channel'],
    behaviour: () => ({
      response: (res, req) => {
        if (is(req, 'GET', CLIENT_PATH)) mapJson(res, ({ channel, ...rest }) => ({ ...rest, channel_type: channel }));
      },
    }),
  },
  {
    name: 'POST /templates answers 200 instead of 201',
    caughtBy: ['creating a template answers 201 with status PENDING'],
    behaviour: () => ({
      response: (res, req) => {
        if (is(req, 'POST', /^\/templates$/) && res.status === 201) res.status = 200;
      },
    }),
  },
  {
    name: 'an unknown client answers 404 client_not_found instead of not_found',
    caughtBy: ['an unknown client_ref is refused with 404 not_found'],
    behaviour: () => ({
      response: (res) => {
        if (res.status === 404 && errorCode(res) === 'not_found') mapJson(res, (b) => ({ error: { ...b.error, code: 'client_not_found' } }));
      },
    }),
  },
  {
    name: 'GET /clients ignores offset',
    caughtBy: ['offset skips that many clients: pages of one, offset 0, 1, 2…, are the full list in order, and past the end a page is empty'],
    behaviour: () => ({ request: (req) => void (is(req, 'GET', /^\/clients$/) && req.query.delete('offset')) }),
  },
  {
    name: 'GET /clients ignores limit',
    caughtBy: ['limit=1 returns at most one client and reports limit and offset in the page object'],
    behaviour: () => ({ request: (req) => void (is(req, 'GET', /^\/clients$/) && req.query.delete('limit')) }),
  },
  ...(['status', 'category', 'language'] as const).map(
    (filter): Drift => ({
      name: `GET /templates ignores the ${filter} filter`,
      caughtBy: [
        {
          status: 'the status filter lists exactly the templates in that status',
          category: 'the category filter lists exactly the templates of that category',
          language: 'the language filter lists exactly the templates in that language',
        }[filter],
      ],
      behaviour: () => ({ request: (req) => void (is(req, 'GET', /^\/templates$/) && req.query.delete(filter)) }),
    }),
  ),
  {
    name: 'GET /templates search is case-sensitive',
    caughtBy: ['search matches part of the name, case-insensitively'],
    behaviour: () => ({
      response: (res, req) => {
        const search = req.query.get('search');
        if (!is(req, 'GET', /^\/templates$/) || !search) return;
        mapJson(res, (list) => {
          const results = list.results.filter((t: { name: string }) => t.name.includes(search));
          return { ...list, results, count: results.length };
        });
      },
    }),
  },
  {
    name: 'TemplateList count is not the number of results',
    caughtBy: ['the template list count is the number of results'],
    behaviour: () => ({ response: (res, req) => void (is(req, 'GET', /^\/templates$/) && mapJson(res, (list) => ({ ...list, count: list.count + 1 }))) }),
  },
  {
    name: 'GET /templates/{ref} ignores language (a name in two languages is always ambiguous)',
    caughtBy: ['a name in several languages is refused with 409 conflict without language, and found with it'],
    behaviour: () => ({ request: (req) => void (is(req, 'GET', TEMPLATE_PATH) && req.query.delete('language')) }),
  },
  {
    name: 'X-RateLimit-Remaining missing',
    caughtBy: ['usage answers 200 with the current month and its history'],
    behaviour: () => ({ response: (res) => void delete res.headers['x-ratelimit-remaining'] }),
  },
  {
    name: 'X-Request-Id is not a UUID',
    caughtBy: ['GET /status answers 200 {status: ok, version: v1} without a key', 'every response carries its own X-Request-Id, a UUID (success, client error and refused key alike)'],
    behaviour: () => {
      let n = 0;
      return { response: (res) => void (res.headers['x-request-id'] = `req-${++n}`) };
    },
  },
  {
    name: 'X-Request-Id is the same on every response',
    caughtBy: ['every response carries its own X-Request-Id, a UUID (success, client error and refused key alike)'],
    behaviour: () => {
      const fixed = randomUUID();
      return { response: (res) => void (res.headers['x-request-id'] = fixed) };
    },
  },
  {
    name: 'X-RateLimit-Remaining does not count down',
    caughtBy: ['X-RateLimit-Limit stays the same and X-RateLimit-Remaining, never above it, drops by one per request of the key'],
    behaviour: () => ({
      response: (res) => {
        if (res.headers['x-ratelimit-limit']) res.headers['x-ratelimit-remaining'] = String(Number(res.headers['x-ratelimit-limit']) - 1);
      },
    }),
  },
  {
    name: 'a 429 without Retry-After',
    caughtBy: ['exhausting the key window answers 429 rate_limited with Retry-After'],
    behaviour: () => ({ response: (res) => void (res.status === 429 && delete res.headers['retry-after']) }),
  },
  {
    name: 'Template.updated_at without a time zone',
    caughtBy: ['getting a created template answers 200 with a Template'],
    behaviour: () => ({
      response: (res, req) => void (is(req, 'GET', TEMPLATE_PATH) && mapJson(res, (t) => ({ ...t, updated_at: t.updated_at?.replace(/(\.\d+)?Z$/, '') }))),
    }),
  },
  {
    name: 'Template.created_at with an offset of hours only (+00, not RFC 3339)',
    caughtBy: ['getting a created template answers 200 with a Template'],
    behaviour: () => ({
      response: (res, req) => void (is(req, 'GET', TEMPLATE_PATH) && mapJson(res, (t) => ({ ...t, created_at: t.created_at?.replace(/(\.\d+)?Z$/, '+00') }))),
    }),
  },
  {
    name: 'GET /status answers version v2',
    caughtBy: ['GET /status answers 200 {status: ok, version: v1} without a key'],
    behaviour: () => ({ response: (res, req) => void (is(req, 'GET', /^\/status$/) && mapJson(res, (b) => ({ ...b, version: 'v2' }))) }),
  },
  {
    name: 'a session expires in 3600 seconds',
    caughtBy: ['createEmbeddedSignupSession creates a single-use hosted session valid 600 seconds (201 session_id, url, expires_in 600)'],
    behaviour: () => ({ response: (res, req) => void (is(req, 'POST', /^\/embedded-signup\/sessions$/) && mapJson(res, (b) => ({ ...b, expires_in: 3600 }))) }),
  },
  {
    name: 'validation details are strings, not arrays of messages',
    caughtBy: ['limit=0 is refused with 400 bad_request, details naming limit'],
    behaviour: () => ({
      response: (res) => {
        if (res.status !== 400) return;
        mapJson(res, (b) => ({ error: { ...b.error, details: Object.fromEntries(Object.entries(b.error.details ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : v])) } }));
      },
    }),
  },
  {
    name: 'a send ignores dry_run (the message is delivered)',
    caughtBy: ['a dry run is validated without delivery and answers dry_run: true'],
    behaviour: () => ({
      request: (req) => {
        const body = is(req, 'POST', /^\/messages\/send$/) ? json(req) : undefined;
        if (body?.dry_run === true) setJsonBody(req, { ...body, dry_run: false });
      },
    }),
  },
  {
    name: 'a template_ref dry run leaves out the assembled template',
    caughtBy: ['a template_ref dry run answers 200 dry_run with the assembled template carrying the parameters in order'],
    behaviour: () => ({ response: (res, req) => void (is(req, 'POST', /^\/messages\/send-template$/) && mapJson(res, ({ template: _, ...rest }) => rest)) }),
  },
  {
    name: 'a simulated test-key send carries no hint',
    caughtBy: ['a test-key template send is simulated (200, dry_run, hint), also outside the window: template sends are not subject to it'],
    behaviour: () => ({ response: (res) => void mapJson(res, (b) => (b && typeof b === 'object' && 'hint' in b ? { ...b, hint: undefined } : b)) }),
  },
  {
    name: 'missing_parameters does not name the missing placeholders',
    caughtBy: ['an approved template with body placeholders sent without parameters is refused with 400 missing_parameters naming them'],
    behaviour: () => ({
      response: (res) => void (errorCode(res) === 'missing_parameters' && mapJson(res, (b) => ({ error: { code: b.error.code, message: b.error.message } }))),
    }),
  },
  {
    name: 'a social client carries stickers and the other chat-only types',
    caughtBy: ['a social client refuses a sticker, location, contacts, interactive or reaction with 400 channel_type_unsupported'],
    behaviour: () => ({
      response: (res, req) => {
        if (is(req, 'POST', /^\/messages\/send$/) && errorCode(res) === 'channel_type_unsupported') respondJson(res, 200, { success: true, message_id: `m_${randomUUID()}`, dry_run: true });
      },
    }),
  },
  {
    name: 'a send accepts any media id (the provider is left to fail it later)',
    caughtBy: [
      'an image sent by a media id that was never issued is refused with 404 media_not_found, on a dry run too',
      'a template header image sent by a media id that was never issued is refused with 404 media_not_found, on a dry run too',
    ],
    behaviour: () => ({
      response: (res) => void (errorCode(res) === 'media_not_found' && respondJson(res, 200, { success: true, message_id: `wamid.${randomUUID()}`, dry_run: true })),
    }),
  },
  {
    name: 'a test-key send outside the customer service window is accepted',
    caughtBy: ['a test-key free-form send to a recipient outside the 24-hour window is refused with 422 outside_service_window'],
    behaviour: () => ({
      response: (res) => void (errorCode(res) === 'outside_service_window' && respondJson(res, 200, { success: true, message_id: `wamid.${randomUUID()}`, dry_run: true })),
    }),
  },
  {
    name: 'an expired key is accepted',
    caughtBy: ['an expired key is refused with 401 unauthorized by every secured operation'],
    behaviour: (k) => ({ request: swapKey(k.expiredKey, k.apiKey) }),
  },
  {
    name: 'a revoked key is accepted',
    caughtBy: ['a revoked key is refused with 401 unauthorized by every secured operation'],
    behaviour: (k) => ({ request: swapKey(k.revokedKey, k.apiKey) }),
  },
  {
    name: 'a key in the query string is accepted',
    caughtBy: ['a key sent in the query string instead of the header is refused with 401 unauthorized'],
    behaviour: () => ({
      request: (req) => {
        const key = req.query.get('api_key');
        if (!key) return;
        req.query.delete('api_key');
        req.headers.authorization = `Bearer ${key}`;
      },
    }),
  },
  {
    name: 'the trial gate is not enforced (live sends go on after trial and grace)',
    caughtBy: ['a live send after trial and grace is refused with 402 trial_expired (nothing is delivered)'],
    behaviour: (k) => ({ request: swapKey(k.trialExpiredKey, k.apiKey) }),
  },
  {
    name: 'X-Media-Sha256 is not the digest of the bytes sent',
    caughtBy: ['X-Media-Sha256 is the SHA-256 of the downloaded bytes'],
    behaviour: () => ({ response: (res) => void (res.headers['x-media-sha256'] && (res.headers['x-media-sha256'] = 'f'.repeat(64))) }),
  },
  {
    name: 'an unknown path answers an HTML page',
    caughtBy: ['a path that is no operation answers 404 not_found in the error envelope'],
    behaviour: () => ({
      response: (res, req) => {
        if (res.status !== 404 || !req.path.includes('no-such-route')) return;
        res.headers['content-type'] = 'text/html';
        res.body = Buffer.from('<html><body>Cannot GET</body></html>');
      },
    }),
  },
  {
    name: 'changing the language of an approved template is accepted',
    caughtBy: ['changing the language of an approved template is refused with 400 bad_request'],
    behaviour: () => ({
      response: (res, req) => {
        if (!is(req, 'PATCH', TEMPLATE_PATH) || res.status !== 400) return;
        const body = json(req)!;
        respondJson(res, 200, { id: '1', client_ref: body.client_ref, name: body.name, language: body.language, category: body.category, status: 'PENDING', rejected_reason: null });
      },
    }),
  },
  {
    name: 'webhook deliveries are not signed',
    caughtBy: ['webhook.test fired from the portal arrives signed and holds openapi.yaml'],
    behaviour: () => ({ webhook: (d) => ({ raw: d.raw, headers: Object.fromEntries(Object.entries(d.headers).filter(([k]) => k !== SIGNATURE_HEADER.toLowerCase())) }) }),
  },
  {
    name: 'the signature is over the payload before it was re-serialized (not the bytes sent)',
    caughtBy: ['webhook.test fired from the portal arrives signed and holds openapi.yaml'],
    behaviour: () => ({ webhook: (d) => ({ headers: d.headers, raw: Buffer.from(JSON.stringify(JSON.parse(d.raw.toString('utf8')), null, 2)) }) }),
  },
  {
    name: 'template.status is never delivered',
    caughtBy: ["a created template's review result arrives as a signed template.status event"],
    behaviour: () => ({ webhook: (d) => (JSON.parse(d.raw.toString('utf8')).event === 'template.status' ? null : d) }),
  },
  {
    name: 'message.status statuses lack recipient_id',
    caughtBy: ['a test-key send to a registered test recipient is delivered, and its message.status arrives signed'],
    behaviour: () => ({
      webhook: (d, sign) =>
        JSON.parse(d.raw.toString('utf8')).event === 'message.status'
          ? resigned(d, sign, (e) => ({ ...e, statuses: e.statuses.map(({ recipient_id: _, ...s }: Record<string, unknown>) => s) }))
          : d,
    }),
  },
  ...STATEFUL_DRIFTS,
  ...TENANT_DRIFTS,
  ...DELIVERY_DRIFTS,
];

/** Reverses the key order of every object. */
const reordered = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(reordered) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)])) : value;

/** The same instant with a +02:00 offset and lowercase t (RFC 3339 allows both). */
const inPlusTwo = (at: string) => {
  const d = new Date(new Date(at).getTime() + 2 * 3600_000).toISOString().replace(/Z$/, '+02:00');
  return d.replace('T', 't');
};

export const ALLOWED: AllowedVariation[] = [
  {
    name: 'GET /clients answers the plain array form',
    behaviour: () => ({ response: (res, req) => void (is(req, 'GET', /^\/clients$/) && res.status === 200 && mapJson(res, (page) => page.results)) }),
  },
  {
    name: 'JSON object keys come in another order',
    behaviour: () => ({ response: (res) => void mapJson(res, reordered) }),
  },
  {
    name: 'JSON is pretty-printed and the content type carries a charset',
    behaviour: () => ({
      response: (res) => {
        if (!/json/.test(res.headers['content-type'] ?? '')) return;
        res.body = Buffer.from(JSON.stringify(JSON.parse(res.body.toString('utf8')), null, 2));
        res.headers['content-type'] = 'application/json; charset=utf-8';
      },
    }),
  },
  {
    name: 'responses carry extra headers',
    behaviour: () => ({
      response: (res) => Object.assign(res.headers, { 'x-powered-by': 'drift-harness', 'server-timing': 'app;dur=1.2', 'cache-control': 'no-store' }),
    }),
  },
  {
    name: 'template date-times use a +02:00 offset and a lowercase t',
    behaviour: () => ({
      response: (res) =>
        void mapJson(res, (body) => {
          for (const o of objectsIn(body)) for (const k of ['created_at', 'updated_at']) if (typeof o[k] === 'string' && 'status' in o) o[k] = inPlusTwo(o[k] as string);
        }),
    }),
  },
  {
    name: 'webhook payloads carry extra properties (signed as sent)',
    behaviour: () => ({ webhook: (d, sign) => resigned(d, sign, (e) => ({ ...e, api_version: '1.6.0', delivery_attempt: 1 })) }),
  },
  ...DELIVERY_ALLOWED,
  ...SPEC_ALLOWED,
];
