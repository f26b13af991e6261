// Drifts no hand-written case was written for, caught by the run-wide checks: the generated phase (an
// implementation that refuses valid input at a boundary, or accepts invalid input one step past it; those of
// requests with effects are boundaries.ts's), the header rules on every answer, GET /status demanding a key,
// and the coverage verdict (an operation not implemented). Each names what the run must do to meet it and the
// finding that catches it; and variations the specification allows that none of these checks may flag.
import { randomUUID } from 'node:crypto';
import type { AllowedVariation } from './catalogue';
import { codePoints, is, json, probe, refuse, respondJson, sendOf, setJsonBody, TEMPLATE_PATH } from './http-match';
import { mapJson, type ProxiedRequest, type ProxiedResponse } from './proxy';
import type { RunWideDrift } from './run-wide';

export type { RunWideDrift } from './run-wide';

const notFound = (res: ProxiedResponse) => respondJson(res, 404, { error: { code: 'not_found', message: 'Not found.' } });

const STATUS_CASE = 'GET /status answers 200 {status: ok, version: v1} without a key';
const noKey = (req: ProxiedRequest) => is(req, 'GET', /^\/status$/) && !req.headers.authorization;

export const RUN_WIDE_DRIFTS: RunWideDrift[] = [
  // ---------------------------------------------------------------------------------------------------------
  // Refuses valid input at a boundary: the generated valid requests at that boundary are refused.
  {
    name: 'a text message of exactly 4096 characters is refused (the limit is off by one)',
    class: 'refuses valid input at a boundary',
    behaviour: () => ({ response: (res, req) => void (codePoints((sendOf(req, 'text')?.text as { body?: string } | undefined)?.body) === 4096 && refuse(res, 'text.body', 'must NOT have more than 4095 characters')) }),
    run: { operations: ['sendMessage'], probes: probe('valid', 'text.body') },
    finding: /^valid input refused: sendMessage \(body text\.body: maxLength 4096.*blaming text\.body — section 2 SendMessageRequest, field text\.body$/,
  },
  {
    name: 'GET /clients refuses limit=100, the documented maximum',
    class: 'refuses valid input at a boundary',
    behaviour: () => ({ response: (res, req) => void (is(req, 'GET', /^\/clients$/) && req.query.get('limit') === '100' && refuse(res, 'limit', 'must be <= 99')) }),
    run: { operations: ['listClients'], probes: probe('valid', 'limit') },
    finding: /^valid input refused: listClients \(query limit: maximum 100\) answered 400 bad_request blaming limit — section 4 GET \/clients, field limit$/,
  },
  {
    name: 'contacts of 257 cards (the documented maximum) are refused',
    class: 'refuses valid input at a boundary',
    behaviour: () => ({ response: (res, req) => void (((sendOf(req, 'contacts')?.contacts as unknown[] | undefined)?.length ?? 0) >= 257 && refuse(res, 'contacts', 'must NOT have more than 256 items')) }),
    run: { operations: ['sendMessage'], probes: probe('valid', 'contacts') },
    finding: /^valid input refused: sendMessage \(body contacts: maxItems 257.*blaming contacts — section 2 SendMessageRequest, field contacts$/,
  },
  {
    name: 'a template without language (optional, default en_US) is refused',
    class: 'refuses valid input at a boundary',
    behaviour: () => ({
      response: (res, req) => {
        const body = is(req, 'POST', /^\/templates$/) ? json(req) : undefined;
        if (body && body.language === undefined) refuse(res, 'language', 'is required');
      },
    }),
    run: { operations: ['createTemplate'], probes: probe('valid', 'language') },
    finding: /^valid input refused: createTemplate \(body language: left out \(default "en_US"\)\) answered 400 bad_request blaming language — section 2 CreateTemplateRequest, field language$/,
  },
  {
    name: 'an image given by media id (the second form of a media reference) is refused',
    class: 'refuses valid input at a boundary',
    // Its validator knows the link form only.
    behaviour: () => ({ response: (res, req) => void ((sendOf(req, 'image')?.image as { id?: string } | undefined)?.id !== undefined && refuse(res, 'image.link', 'is required')) }),
    run: { operations: ['sendMessage'], probes: (p) => p.kind === 'valid' && p.field === 'image' && /^branch "By id"/.test(p.what) },
    finding: /^valid input refused: sendMessage \(body image: branch "By id".*blaming image\.link — section 2 SendMessageRequest, field image\.link$/,
  },
  {
    name: 'GET /templates refuses the category AUTHENTICATION (one of its enum values)',
    class: 'refuses valid input at a boundary',
    behaviour: () => ({ response: (res, req) => void (is(req, 'GET', /^\/templates$/) && req.query.get('category') === 'AUTHENTICATION' && refuse(res, 'category', 'must be MARKETING or UTILITY')) }),
    run: { operations: ['listTemplates'], probes: probe('valid', 'category') },
    finding: /^valid input refused: listTemplates \(query category: value "AUTHENTICATION"\) answered 400 bad_request blaming category — section 4 GET \/templates, field category$/,
  },
  // ---------------------------------------------------------------------------------------------------------
  // Accepts invalid input one step past a boundary: the generated invalid requests there are not refused.
  {
    name: 'a text message of 4097 characters is cut to 4096 and sent',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({
      request: (req) => {
        const body = sendOf(req, 'text');
        const text = body?.text as { body?: string } | undefined;
        if (body && typeof text?.body === 'string' && codePoints(text.body) > 4096) setJsonBody(req, { ...body, text: { ...text, body: [...text.body].slice(0, 4096).join('') } });
      },
    }),
    run: { operations: ['sendMessage'], probes: probe('invalid', 'text.body', /^maxLength/) },
    finding: /^invalid input accepted: sendMessage \(body text\.body: maxLength 4096 \+ 1.*answered 200 — section 2 SendMessageRequest, field text\.body$/,
  },
  {
    name: 'GET /clients clamps limit=101 to 100 instead of refusing it',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({ request: (req) => void (is(req, 'GET', /^\/clients$/) && Number(req.query.get('limit')) > 100 && req.query.set('limit', '100')) }),
    run: { operations: ['listClients'], probes: probe('invalid', 'limit', /^maximum/) },
    finding: /^invalid input accepted: listClients \(query limit: maximum 100 \+ 1\) answered 200 — section 4 GET \/clients, field limit$/,
  },
  {
    name: 'contacts beyond 257 cards are dropped and the send goes on',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({
      request: (req) => {
        const body = sendOf(req, 'contacts');
        if (Array.isArray(body?.contacts) && body.contacts.length > 257) setJsonBody(req, { ...body, contacts: body.contacts.slice(0, 257) });
      },
    }),
    run: { operations: ['sendMessage'], probes: probe('invalid', 'contacts', /^maxItems/) },
    finding: /^invalid input accepted: sendMessage \(body contacts: maxItems 257 \+ 1.*answered 200 — section 2 SendMessageRequest, field contacts$/,
  },
  {
    name: 'a template footer of 61 characters is cut to 60 and the template created',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({
      request: (req) => {
        const body = is(req, 'POST', /^\/templates$/) ? json(req) : undefined;
        const footer = body?.footer as { text?: string } | undefined;
        if (body && typeof footer?.text === 'string' && codePoints(footer.text) > 60) setJsonBody(req, { ...body, footer: { text: [...footer.text].slice(0, 60).join('') } });
      },
    }),
    run: { operations: ['createTemplate'], probes: probe('invalid', 'footer.text', /^maxLength/) },
    // Created (201), or refused only for its name (409) once shrinking made the name short: either way not refused
    // as invalid.
    finding: /^invalid input (accepted|not refused as invalid): createTemplate \(body footer\.text: maxLength 60 \+ 1\) answered (201|409 conflict).* — section 2 CreateTemplateRequest, field footer\.text$/,
  },
  {
    name: 'GET /templates ignores a status outside its enum instead of refusing it',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({
      request: (req) => {
        const status = req.query.get('status');
        if (is(req, 'GET', /^\/templates$/) && status && !['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'FLAGGED'].includes(status)) req.query.delete('status');
      },
    }),
    run: { operations: ['listTemplates'], probes: probe('invalid', 'status', /outside the enum/) },
    finding: /^invalid input accepted: listTemplates \(query status: value "PENDING_UNKNOWN" outside the enum\) answered 200 — section 4 GET \/templates, field status$/,
  },
  {
    name: 'an auth_code over 2048 characters is cut before the exchange (answered 409 for a connected client, not 400)',
    class: 'accepts invalid input one step past a boundary',
    behaviour: () => ({
      request: (req) => {
        const body = is(req, 'POST', /^\/clients\/signup$/) ? json(req) : undefined;
        if (body && typeof body.auth_code === 'string' && codePoints(body.auth_code) > 2048) setJsonBody(req, { ...body, auth_code: body.auth_code.slice(0, 2048) });
      },
    }),
    run: { operations: ['completeClientSignup'], probes: probe('invalid', 'auth_code', /^maxLength/) },
    finding: /^invalid input not refused as invalid: completeClientSignup \(body auth_code: maxLength 2048 \+ 1\) answered 409 conflict, not 400 — section 2 ClientSignupRequest, field auth_code$/,
  },
  // ---------------------------------------------------------------------------------------------------------
  // Headers on every answer (section 5 rule 9), held across the run.
  {
    name: 'every fifth answer repeats the X-Request-Id of the answer before it',
    class: 'headers',
    behaviour: () => {
      let n = 0;
      let last = '';
      return {
        response: (res) => {
          if (++n % 5 === 0 && last) res.headers['x-request-id'] = last;
          last = res.headers['x-request-id'] ?? last;
        },
      };
    },
    run: { operations: ['listClients'] },
    finding: /^X-Request-Id is unique per answer/,
  },
  {
    name: 'sends report a higher X-RateLimit-Limit than the other operations of the same key',
    class: 'headers',
    behaviour: () => ({
      response: (res, req) => {
        if (!is(req, 'POST', /^\/messages\//) || !res.headers['x-ratelimit-limit']) return;
        res.headers['x-ratelimit-limit'] = String(Number(res.headers['x-ratelimit-limit']) + 500);
        res.headers['x-ratelimit-remaining'] = String(Number(res.headers['x-ratelimit-remaining']) + 500);
      },
    }),
    run: { operations: ['listClients', 'sendMessage'], probes: (p) => p.what === 'drawn at random' || p.field === 'limit' },
    finding: /^X-RateLimit-Limit is one ceiling per key across every operation/,
  },
  {
    name: 'template reads report X-RateLimit-Remaining above X-RateLimit-Limit',
    class: 'headers',
    behaviour: () => ({
      response: (res, req) => {
        if (is(req, 'GET', /^\/templates/) && res.headers['x-ratelimit-limit']) res.headers['x-ratelimit-remaining'] = String(Number(res.headers['x-ratelimit-limit']) + 1);
      },
    }),
    run: { operations: ['listTemplates'], probes: (p) => p.what === 'drawn at random' },
    finding: /^X-RateLimit-Remaining never exceeds X-RateLimit-Limit/,
  },
  {
    name: 'a 429 always says Retry-After 3600, whatever is left of the window',
    class: 'headers',
    behaviour: () => ({ response: (res) => void (res.status === 429 && (res.headers['retry-after'] = '3600')) }),
    run: { cases: ['exhausting the key window answers 429 rate_limited with Retry-After'] },
    finding: /^Retry-After (counts down with the clock|is no longer than the key's window)/,
  },
  {
    name: "Retry-After grows with every refused request of the key",
    class: 'headers',
    behaviour: () => {
      const waits = new Map<string, number>();
      return {
        response: (res, req) => {
          if (res.status !== 429) return;
          const key = req.headers.authorization ?? '';
          const wait = (waits.get(key) ?? Number(res.headers['retry-after'] ?? 1)) + 5;
          waits.set(key, wait);
          res.headers['retry-after'] = String(wait);
        },
      };
    },
    run: { cases: ['exhausting the key window answers 429 rate_limited with Retry-After'] },
    finding: /^Retry-After (counts down with the clock|is no longer than the key's window)/,
  },
  {
    name: 'Retry-After counts down two seconds per second while the key stays refused',
    class: 'headers',
    behaviour: () => {
      const first = new Map<string, { at: number; retryAfter: number }>();
      return {
        response: (res, req) => {
          if (res.status !== 429 || !res.headers['retry-after']) return;
          const key = req.headers.authorization ?? '';
          const seen = first.get(key) ?? { at: Date.now(), retryAfter: Number(res.headers['retry-after']) };
          first.set(key, seen);
          res.headers['retry-after'] = String(Math.max(1, seen.retryAfter - 2 * Math.floor((Date.now() - seen.at) / 1000)));
        },
      };
    },
    run: { cases: ['exhausting the key window answers 429 rate_limited with Retry-After'] },
    finding: /^Retry-After counts down one second per second while the key stays refused, not faster/,
  },
  {
    name: 'X-RateLimit-Limit of the key doubles after its first 20 answers',
    class: 'headers',
    behaviour: () => {
      let n = 0;
      return {
        response: (res) => {
          if (++n <= 20 || !res.headers['x-ratelimit-limit']) return;
          res.headers['x-ratelimit-limit'] = String(Number(res.headers['x-ratelimit-limit']) * 2);
        },
      };
    },
    run: { operations: ['listClients', 'getClient'] },
    finding: /^X-RateLimit-Limit is one ceiling per key across every operation/,
  },
  // ---------------------------------------------------------------------------------------------------------
  // GET /status demanding a key: a violation of section 4 (exit 1), never "misconfigured" (exit 4).
  ...(
    [
      ['401 unauthorized in the error envelope', (res: ProxiedResponse) => respondJson(res, 401, { error: { code: 'unauthorized', message: 'Missing API key.' } })],
      ['403 forbidden in the error envelope', (res: ProxiedResponse) => respondJson(res, 403, { error: { code: 'forbidden', message: 'A key is required.' } })],
      [
        '401 with a plain-text body',
        (res: ProxiedResponse) => {
          res.status = 401;
          res.headers['content-type'] = 'text/plain';
          res.body = Buffer.from('Unauthorized');
        },
      ],
      ['400 bad_request "Authorization header missing"', (res: ProxiedResponse) => respondJson(res, 400, { error: { code: 'bad_request', message: 'Authorization header missing.' } })],
      [
        '401 with WWW-Authenticate and no body',
        (res: ProxiedResponse) => {
          res.status = 401;
          res.headers['www-authenticate'] = 'Bearer realm="partner-messaging"';
          delete res.headers['content-type'];
          res.body = Buffer.alloc(0);
        },
      ],
    ] as const
  ).map(
    ([how, answer]): RunWideDrift => ({
      name: `GET /status without a key answers ${how}`,
      class: 'GET /status demands a key',
      behaviour: () => ({ response: (res, req) => void (noKey(req) && answer(res)) }),
      run: { cases: [STATUS_CASE], operations: ['getStatus'] },
      finding: /^GET \/status demands a key: section 4/,
    }),
  ),
  // ---------------------------------------------------------------------------------------------------------
  // A documented operation not implemented: every request answered as an unknown route would be.
  ...(
    [
      ['DELETE /templates/{template_ref}', 'deleteTemplate', (req: ProxiedRequest) => is(req, 'DELETE', TEMPLATE_PATH), notFound],
      ['POST /templates/media', 'uploadTemplateMedia', (req: ProxiedRequest) => is(req, 'POST', /^\/templates\/media$/), notFound],
      ['GET /media/{media_id}', 'downloadMedia', (req: ProxiedRequest) => is(req, 'GET', /^\/media\/[^/]+$/), notFound],
      [
        'GET /usage (405 Method Not Allowed)',
        'getUsage',
        (req: ProxiedRequest) => is(req, 'GET', /^\/usage$/),
        (res: ProxiedResponse) => {
          respondJson(res, 405, { error: { code: 'method_not_allowed', message: 'Method not allowed.' } });
          res.headers.allow = 'POST';
        },
      ],
      [
        'POST /social-connect/sessions (an HTML 404 page)',
        'createSocialConnectSession',
        (req: ProxiedRequest) => is(req, 'POST', /^\/social-connect\/sessions$/),
        (res: ProxiedResponse) => {
          res.status = 404;
          res.headers['content-type'] = 'text/html';
          res.body = Buffer.from('<!DOCTYPE html><title>Error</title><pre>Cannot POST /v1/social-connect/sessions</pre>');
        },
      ],
    ] as const
  ).map(
    ([route, operation, matches, answer]): RunWideDrift => ({
      name: `${route} is not implemented`,
      class: 'an operation not implemented',
      behaviour: () => ({ response: (res, req) => void (matches(req) && answer(res)) }),
      run: { operations: [operation] },
      finding: new RegExp(`^${operation} is not implemented: every request the run made was answered 404 or 405`),
    }),
  ),
];

/** Variations the specification allows that no run-wide check may flag (beside catalogue.ts's ALLOWED). */
export const RUN_WIDE_ALLOWED: AllowedVariation[] = [
  {
    name: 'every key has its own ceiling: keys other than the run’s main one report a higher X-RateLimit-Limit',
    behaviour: (k) => ({
      response: (res, req) => {
        if (req.headers.authorization === `Bearer ${k.apiKey}` || !res.headers['x-ratelimit-limit']) return;
        res.headers['x-ratelimit-limit'] = String(Number(res.headers['x-ratelimit-limit']) + 1000);
        res.headers['x-ratelimit-remaining'] = String(Number(res.headers['x-ratelimit-remaining']) + 1000);
      },
    }),
  },
  {
    name: 'validation details carry context beside the fields they name',
    behaviour: () => ({
      response: (res) => {
        if (res.status !== 400) return;
        mapJson(res, (b) => (b?.error?.details ? { error: { ...b.error, details: { ...b.error.details, documentation_url: ['https://docs.example.com/errors/bad_request'] } } } : b));
      },
    }),
  },
  {
    name: 'answers carry a correlation header of the edge beside X-Request-Id',
    behaviour: () => ({ response: (res) => void (res.headers['x-edge-request-id'] = randomUUID()) }),
  },
];
