// Holds openapi.yaml to the specification (../shared/partner-api-spec.md): the tables below transcribe it
// (sections 4 to 8, plus the decisions of docs/decisions.md), and every test checks the contract against them.
import { atPointer, contract, deref, escapePointer } from '.';

const doc = contract().document;
const validatorAt = (pointer: string) => contract().validators.at(pointer);
/** Operations and webhooks alike (a webhook's `path` is its event name), as the tables below read them. */
type Entry = { method: string; path: string; pointer: string; operation: any; parameters: any[] };
const operations: Entry[] = contract().operations.map((o) => ({ method: o.method, path: o.path, pointer: o.pointer, operation: o.definition, parameters: o.parameters }));
const webhooks: Entry[] = contract().webhooks.map((w) => ({ method: 'post', path: w.event, pointer: w.pointer, operation: w.definition, parameters: w.parameters }));

type Op = { method: string; path: string; scope: string | null; success: number; errors: number[] };

// Section 4 endpoint table and error lists; 401/403/429 apply to every authenticated route (section 5).
// GET /usage: scope clients:read (decision). Errors the contract adds beyond these lists are decisions too.
const SPECIFIED_OPERATIONS: Op[] = [
  { method: 'post', path: '/messages/send', scope: 'messages:send', success: 200, errors: [400, 401, 402, 403, 404, 422, 429, 502] },
  { method: 'post', path: '/messages/send-template', scope: 'messages:send', success: 200, errors: [400, 401, 402, 403, 404, 422, 429] },
  { method: 'post', path: '/media', scope: 'messages:send', success: 201, errors: [400, 401, 403, 404, 422, 429] },
  { method: 'get', path: '/media/{media_id}', scope: 'clients:read', success: 200, errors: [400, 401, 403, 404, 409, 429, 502] },
  { method: 'post', path: '/embedded-signup/sessions', scope: 'clients:write', success: 201, errors: [401, 403, 409, 429] },
  { method: 'post', path: '/social-connect/sessions', scope: 'clients:write', success: 201, errors: [401, 403, 409, 429] },
  { method: 'get', path: '/clients', scope: 'clients:read', success: 200, errors: [401, 403, 429] },
  { method: 'get', path: '/clients/{client_ref}', scope: 'clients:read', success: 200, errors: [401, 403, 404, 429] },
  { method: 'post', path: '/clients/signup', scope: 'clients:write', success: 201, errors: [400, 401, 403, 409, 429] },
  { method: 'get', path: '/templates', scope: 'templates:read', success: 200, errors: [400, 401, 403, 404, 429] },
  { method: 'post', path: '/templates', scope: 'templates:write', success: 201, errors: [400, 401, 403, 404, 409, 429] },
  { method: 'post', path: '/templates/media', scope: 'templates:write', success: 201, errors: [400, 401, 403, 429] },
  { method: 'get', path: '/templates/{template_ref}', scope: 'templates:read', success: 200, errors: [401, 403, 404, 409, 429] },
  { method: 'patch', path: '/templates/{template_ref}', scope: 'templates:write', success: 200, errors: [400, 401, 403, 404, 409, 429] },
  { method: 'delete', path: '/templates/{template_ref}', scope: 'templates:write', success: 204, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/usage', scope: 'clients:read', success: 200, errors: [401, 403, 429] },
  { method: 'get', path: '/status', scope: null, success: 200, errors: [] },
];

// Section 7: the generic code of each status.
const GENERIC_CODES: Record<number, string> = {
  400: 'bad_request', 401: 'unauthorized', 402: 'trial_expired', 403: 'forbidden', 404: 'not_found',
  409: 'conflict', 422: 'unprocessable', 429: 'rate_limited', 500: 'internal_error', 502: 'upstream_unavailable',
};

// Section 7 endpoint-specific codes, on the endpoint and status where they arrive (400 unless stated).
const SPECIFIC_CODES: Array<[code: string, method: string, path: string, status: number]> = [
  ['channel_type_unsupported', 'post', '/messages/send', 400],
  ['media_link_required', 'post', '/messages/send', 400],
  ['provider_rejected', 'post', '/messages/send', 422],
  ['outside_service_window', 'post', '/messages/send', 422],
  ['provider_rejected', 'post', '/messages/send-template', 422],
  ['channel_type_unsupported', 'post', '/messages/send-template', 400],
  ...[
    'template_not_approved', 'missing_parameters', 'parameter_count_mismatch', 'missing_header', 'missing_button_parameters',
    'missing_cards', 'missing_card_buttons', 'empty_parameter', 'invalid_header_link', 'template_layout_unsupported',
  ].map((code): [string, string, string, number] => [code, 'post', '/messages/send-template', 400]),
  ['media_type_unsupported', 'post', '/media', 400],
  ['media_too_large', 'post', '/media', 400],
  ['number_already_connected', 'post', '/embedded-signup/sessions', 409],
  ['client_ref_required', 'get', '/media/{media_id}', 400],
  ['channel_media_inline', 'get', '/media/{media_id}', 400],
  ['media_not_found', 'get', '/media/{media_id}', 404],
  // A media id of another client, of another partner, never issued or past its 30 days (docs/decisions.md).
  ['media_not_found', 'post', '/messages/send', 404],
  ['media_not_found', 'post', '/messages/send-template', 404],
];

// Section 6 event kinds and the channels each comes on.
const EVENT_CHANNELS: Record<string, string[]> = {
  'message.received': ['chat', 'social'],
  'message.status': ['chat'],
  'message.reaction': ['chat', 'social'],
  'message.echo': ['social'],
  'message.read': ['social'],
  'message.postback': ['social'],
  'template.status': ['chat'],
  'user.preferences': ['chat'],
  'webhook.test': ['chat', 'social'],
};

// Section 5 scopes.
const SCOPES = ['clients:read', 'clients:write', 'messages:send', 'webhooks:read', 'webhooks:write', 'templates:read', 'templates:write'];

const find = (method: string, path: string) => {
  const entry = operations.find((o) => o.method === method && o.path === path);
  if (!entry) throw new Error(`${method.toUpperCase()} ${path} is not in openapi.yaml`);
  return entry;
};

const jsonExamplesOf = (response: any): Array<[string, any]> =>
  Object.entries<any>(response?.content?.['application/json']?.examples ?? {}).map(([name, ex]) => [name, deref(doc, ex).value]);

const errorCodesAt = (method: string, path: string, status: number): string[] =>
  jsonExamplesOf(deref(doc, find(method, path).operation.responses?.[String(status)])).map(([, v]) => v?.error?.code);

const errorsOf = (validate: { errors?: unknown }) => JSON.stringify(validate.errors, null, 1);

describe('the document', () => {
  test('is OpenAPI 3.1.0 describing version 1.6.0 of the API', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.6.0');
  });

  test('carries the /v1 base in servers, with a host variable defaulting to the local reference server', () => {
    const [server] = doc.servers;
    expect(server.url).toMatch(/\{host\}\/v1$/);
    expect(server.variables.host.default).toBe('localhost:4000');
  });

  test('has exactly the 17 operations of section 4, method and path as listed', () => {
    const listed = operations.map((o) => `${o.method} ${o.path}`).sort();
    expect(listed).toEqual(SPECIFIED_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort());
  });

  test('every operation has a unique operationId, a declared tag, a summary and a description', () => {
    const tags = new Set(doc.tags.map((t: any) => t.name));
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of [...operations, ...webhooks]) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags?.length).toBeGreaterThan(0);
      operation.tags.forEach((tag: string) => expect(tags.has(tag)).toBe(true));
      expect(operation.summary).toBeTruthy();
      expect(operation.description.length).toBeGreaterThan(60);
    }
  });
});

describe.each(SPECIFIED_OPERATIONS)('$method $path', (spec) => {
  const { operation } = find(spec.method, spec.path);

  test('declares the scope of section 5 in x-required-scopes, in its security requirement and in prose', () => {
    if (spec.scope === null) {
      expect(operation['x-required-scopes']).toEqual([]);
      expect(operation.security).toEqual([]);
      return;
    }
    expect(operation['x-required-scopes']).toEqual([spec.scope]);
    expect(operation.security).toEqual([{ bearerAuth: [spec.scope] }]);
    expect(operation.description).toContain(`**Scope:** \`${spec.scope}\``);
  });

  test('documents its success status and every error status the specification lists', () => {
    const documented = Object.keys(operation.responses).map(Number);
    expect(documented).toContain(spec.success);
    for (const status of spec.errors) expect(documented).toContain(status);
  });

  test('documents 500 internal_error, which any route can answer', () => {
    expect(errorCodesAt(spec.method, spec.path, 500)).toContain('internal_error');
  });

  test('uses the section 7 envelope on every error response, with the generic code of the status as an example', () => {
    for (const [status, ref] of Object.entries<any>(operation.responses)) {
      if (Number(status) < 400) continue;
      const response = deref(doc, ref);
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
      const codes = jsonExamplesOf(response).map(([, v]) => v.error.code);
      expect(codes).toContain(GENERIC_CODES[Number(status)]);
    }
  });

  test('names X-Request-Id on every response, rate-limit headers where the key is known, Retry-After on 429', () => {
    for (const [status, ref] of Object.entries<any>(operation.responses)) {
      const headers = deref(doc, ref).headers ?? {};
      expect(headers['X-Request-Id']).toBeDefined();
      const keyKnown = spec.scope !== null && !['401', '500'].includes(status);
      expect(Boolean(headers['X-RateLimit-Limit'])).toBe(keyKnown);
      expect(Boolean(headers['X-RateLimit-Remaining'])).toBe(keyKnown);
      expect(Boolean(headers['Retry-After'])).toBe(status === '429');
    }
  });
});

describe('error codes', () => {
  test.each(SPECIFIC_CODES)('%s has a named example on %s %s %i', (code, method, path, status) => {
    expect(errorCodesAt(method, path, status)).toContain(code);
  });

  test('every error example is named after its code or says which code it shows in its summary', () => {
    const misnamed: string[] = [];
    for (const { method, path, operation } of operations) {
      for (const [status, ref] of Object.entries<any>(operation.responses)) {
        for (const [name, ex] of Object.entries<any>(deref(doc, ref).content?.['application/json']?.examples ?? {})) {
          const example = deref(doc, ex);
          const code = example.value?.error?.code;
          if (code && name !== code && !String(example.summary).startsWith(code)) misnamed.push(`${method} ${path} ${status} ${name}`);
        }
      }
    }
    expect(misnamed).toEqual([]);
  });

  test('the envelope requires code and message and lets details map a field to its messages', () => {
    const validate = validatorAt('#/components/schemas/ErrorResponse');
    expect(validate({ error: { code: 'bad_request', message: 'x', details: { 'text.body': ['is required'] } } })).toBe(true);
    expect(validate({ error: { message: 'x' } })).toBe(false);
    expect(validate({ code: 'bad_request', message: 'x' })).toBe(false);
  });
});

describe('authentication', () => {
  const scheme = doc.components.securitySchemes.bearerAuth;

  test('is a bearer scheme applied to every operation but GET /status, documenting both key prefixes', () => {
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(scheme.description).toContain('ik_test_');
    expect(scheme.description).toContain('ik_live_');
    const open = operations.filter((o) => Array.isArray(o.operation.security) && o.operation.security.length === 0);
    expect(open.map((o) => o.path)).toEqual(['/status']);
  });

  test('declares the seven scopes of section 5, and every required scope is a declared one', () => {
    expect(Object.keys(scheme['x-scopes']).sort()).toEqual([...SCOPES].sort());
    const used = new Set(operations.flatMap((o) => o.operation['x-required-scopes']));
    for (const scope of used) expect(SCOPES).toContain(scope);
    for (const scope of SCOPES.filter((s) => !s.startsWith('webhooks:'))) expect(used.has(scope)).toBe(true);
    for (const scope of ['webhooks:read', 'webhooks:write']) expect(scheme['x-scopes'][scope]).toMatch(/no public operation/);
  });
});

describe('webhooks', () => {
  test('lists the nine event kinds of section 6', () => {
    expect(webhooks.map((w) => w.path).sort()).toEqual(Object.keys(EVENT_CHANNELS).sort());
  });

  describe.each(Object.entries(EVENT_CHANNELS))('%s', (event, channels) => {
    const entry = webhooks.find((w) => w.path === event)!;
    const body = entry.operation.requestBody.content['application/json'];
    const validate = validatorAt(body.schema.$ref);
    const examples = Object.values<any>(body.examples).map((ex) => deref(doc, ex).value);

    test('requires a signature header of the form sha256=<64 lowercase hex>', () => {
      const header = entry.parameters.find((p) => p.name === 'X-Service-Signature');
      expect(header).toMatchObject({ in: 'header', required: true });
      expect(new RegExp(header!.schema.pattern).test(`sha256=${'a1'.repeat(32)}`)).toBe(true);
      expect(new RegExp(header!.schema.pattern).test(`sha256=${'A1'.repeat(32)}`)).toBe(false);
    });

    test('has examples carrying event, event_id, channel, client_ref and timestamp, on its channels only', () => {
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(example.event).toBe(event);
        expect(channels).toContain(example.channel);
        expect(example).toEqual(expect.objectContaining({ event_id: expect.any(String), client_ref: expect.any(String), timestamp: expect.any(String) }));
      }
    });

    test('accepts unknown properties and refuses a channel it does not come on', () => {
      const [example] = examples;
      expect(validate({ ...example, added_in_a_later_version: { any: 'thing' } })).toBe(true);
      for (const other of ['chat', 'social'].filter((c) => !channels.includes(c))) {
        expect(validate({ ...example, channel: other })).toBe(false);
      }
      const { client_ref: _omitted, ...withoutClientRef } = example;
      expect(validate(withoutClientRef)).toBe(false);
    });

    test('answers 2xx to acknowledge and 401 to reject a bad signature', () => {
      expect(Object.keys(entry.operation.responses)).toEqual(expect.arrayContaining(['200', '401']));
    });
  });

  test('the delivery rules are stated: raw bytes, constant time, 5 seconds, the retry schedule, duplicates, unknown fields', () => {
    const text: string = doc.info.description;
    for (const phrase of ['exact raw request bytes', 'constant time', '5 seconds', '10 seconds, 60 seconds and 5 minutes', 'more than once and out of order', 'ignore what you do not know']) {
      expect(text).toContain(phrase);
    }
  });

  test('x-webhook-delivery states section 6 as data: a 2xx within 5 s, retries immediately, then after 10 s, 60 s and 5 min', () => {
    expect(doc['x-webhook-delivery']).toEqual({ 'response-timeout-seconds': 5, 'retry-delays-seconds': [0, 10, 60, 300] });
  });

  test('template.status carries a reason only when the status is REJECTED', () => {
    const validate = validatorAt('#/components/schemas/TemplateStatusEvent');
    const base = { event: 'template.status', event_id: 'evt_01JDB5A08C0E2G4J6L8N', channel: 'chat', client_ref: 'acme', timestamp: '2026-11-02T10:24:05.902Z' };
    const template = { id: '1', name: 'order_shipped', language: 'en_US' };
    expect(validate({ ...base, template: { ...template, status: 'REJECTED', reason: 'PROMOTIONAL' } })).toBe(true);
    expect(validate({ ...base, template: { ...template, status: 'APPROVED', reason: null } })).toBe(true);
    expect(validate({ ...base, template: { ...template, status: 'APPROVED', reason: 'PROMOTIONAL' } })).toBe(false);
  });
});

describe('schemas hold the rules and limits of sections 2, 3 and 8', () => {
  const valid = (pointer: string, value: unknown) => {
    const validate = validatorAt(pointer);
    const ok = validate(value);
    if (!ok) return errorsOf(validate);
    return true;
  };
  const template = '#/components/schemas/CreateTemplateRequest';
  const minimalTemplate = { client_ref: 'acme-shoes-de', name: 'order_shipped', body: { text: 'Hello {{1}}' } };

  test.each([
    ['template body text of 1024 characters is accepted', { body: { text: 'a'.repeat(1024) } }, true],
    ['template body text of 1025 characters is refused', { body: { text: 'a'.repeat(1025) } }, false],
    ['template footer of 60 characters is accepted', { footer: { text: 'f'.repeat(60) } }, true],
    ['template footer of 61 characters is refused', { footer: { text: 'f'.repeat(61) } }, false],
    ['a button text of 25 characters is accepted', { buttons: [{ type: 'QUICK_REPLY', text: 'b'.repeat(25) }] }, true],
    ['a button text of 26 characters is refused', { buttons: [{ type: 'QUICK_REPLY', text: 'b'.repeat(26) }] }, false],
    ['ten buttons are accepted', { buttons: Array.from({ length: 10 }, () => ({ type: 'QUICK_REPLY', text: 'Yes' })) }, true],
    ['eleven buttons are refused', { buttons: Array.from({ length: 11 }, () => ({ type: 'QUICK_REPLY', text: 'Yes' })) }, false],
    ['a URL button needs its url', { buttons: [{ type: 'URL', text: 'Track' }] }, false],
    ['a PHONE_NUMBER button needs its phone_number', { buttons: [{ type: 'PHONE_NUMBER', text: 'Call' }] }, false],
    ['a TEXT header may hold a single {{1}}', { header: { format: 'TEXT', text: 'Order {{1}}' } }, true],
    ['a TEXT header may not hold two placeholders', { header: { format: 'TEXT', text: '{{1}} and {{1}}' } }, false],
    ['a TEXT header may not hold {{2}}', { header: { format: 'TEXT', text: 'Order {{2}}' } }, false],
    ['a media header with media_handle is accepted', { header: { format: 'IMAGE', media_handle: '4::aW1h' } }, true],
    ['a media header with media_url is accepted', { header: { format: 'VIDEO', media_url: 'https://cdn.acme.de/v.mp4' } }, true],
    ['a media header needs media_handle or media_url', { header: { format: 'IMAGE' } }, false],
    ['a media header may not carry both media_handle and media_url', { header: { format: 'IMAGE', media_handle: 'h', media_url: 'https://a.de/x.jpg' } }, false],
    ['category outside MARKETING, UTILITY, AUTHENTICATION is refused', { category: 'TRANSACTIONAL' }, false],
    ['body is required', { body: undefined }, false],
  ])('%s', (_rule, change, expected) => {
    const result = valid(template, JSON.parse(JSON.stringify({ ...minimalTemplate, ...change })));
    expect(result === true).toBe(expected);
  });

  test('a template send gives exactly one of template_ref and template', () => {
    const base = { client_ref: 'acme-shoes-de', to: '4915112345678' };
    const pointer = '#/components/schemas/SendTemplateRequest';
    expect(valid(pointer, { ...base, template_ref: 'order_shipped' })).toBe(true);
    expect(valid(pointer, { ...base, template: { name: 'order_shipped' } })).toBe(true);
    expect(valid(pointer, { ...base, template_ref: 'order_shipped', template: { name: 'order_shipped' } })).not.toBe(true);
    expect(valid(pointer, base)).not.toBe(true);
  });

  test('send media gives exactly one of link (public https) and id', () => {
    const base = { client_ref: 'acme-shoes-de', to: '4915112345678', type: 'image' };
    const pointer = '#/components/schemas/SendMessageRequest';
    expect(valid(pointer, { ...base, image: { link: 'https://cdn.acme.de/a.jpg', caption: 'x' } })).toBe(true);
    expect(valid(pointer, { ...base, image: { id: '1013859600285441' } })).toBe(true);
    expect(valid(pointer, { ...base, image: { link: 'http://cdn.acme.de/a.jpg' } })).not.toBe(true);
    expect(valid(pointer, { ...base, image: { link: 'https://cdn.acme.de/a.jpg', id: '1' } })).not.toBe(true);
    expect(valid(pointer, { ...base, image: {} })).not.toBe(true);
  });

  test('type selects the same-named payload, for each of the ten types', () => {
    const pointer = '#/components/schemas/SendMessageRequest';
    const payloads: Record<string, unknown> = {
      text: { body: 'Hi' }, image: { id: '1' }, video: { id: '1' }, audio: { id: '1' }, document: { id: '1', filename: 'a.pdf' },
      sticker: { id: '1' }, location: { latitude: 52.5, longitude: 13.4 }, contacts: [{ name: { formatted_name: 'Anna' } }],
      interactive: { type: 'button' }, reaction: { message_id: 'wamid.1', emoji: '' },
    };
    for (const [type, payload] of Object.entries(payloads)) {
      expect(valid(pointer, { client_ref: 'acme', to: '49151', type, [type]: payload })).toBe(true);
      expect(valid(pointer, { client_ref: 'acme', to: '49151', type })).not.toBe(true);
    }
    expect(valid(pointer, { client_ref: 'acme', to: '49151', type: 'gif', gif: {} })).not.toBe(true);
  });

  test('rejected_reason is non-null only when a template is REJECTED', () => {
    const pointer = '#/components/schemas/Template';
    const base = { id: '1', client_ref: 'acme', name: 'order_shipped', language: 'en_US' };
    expect(valid(pointer, { ...base, status: 'REJECTED', rejected_reason: 'PROMOTIONAL' })).toBe(true);
    expect(valid(pointer, { ...base, status: 'APPROVED', rejected_reason: null })).toBe(true);
    expect(valid(pointer, { ...base, status: 'APPROVED', rejected_reason: 'PROMOTIONAL' })).not.toBe(true);
    expect(valid(pointer, { ...base, id: null, status: 'PENDING' })).toBe(true);
  });

  test('a template name is lower_snake_case and its status one of the seven states', () => {
    const pointer = '#/components/schemas/Template';
    const base = { id: '1', client_ref: 'acme', language: 'en_US', status: 'PENDING' };
    expect(valid(pointer, { ...base, name: 'order_shipped_2' })).toBe(true);
    expect(valid(pointer, { ...base, name: 'Order Shipped' })).not.toBe(true);
    expect(doc.components.schemas.TemplateStatus.enum).toEqual(['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'FLAGGED']);
  });

  test('clients may carry properties beyond the listed ones', () => {
    expect(valid('#/components/schemas/Client', { client_ref: 'acme', channel: 'chat', connected_at: '2026-11-01' })).toBe(true);
    expect(valid('#/components/schemas/Client', { client_ref: 'acme', channel: 'email' })).not.toBe(true);
  });

  test('the client list page is limit 1..100 (default 20) and offset >= 0 (default 0)', () => {
    const { parameters } = find('get', '/clients');
    const limit = parameters.find((p) => p.name === 'limit')!.schema;
    const offset = parameters.find((p) => p.name === 'offset')!.schema;
    expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
  });

  test('a session lasts 600 seconds, media ids 30 days, and /status answers constants', () => {
    expect(doc.components.schemas.Session.properties.expires_in.const).toBe(600);
    expect(doc.components.schemas.MediaUploadResponse.properties.expires_in_days.const).toBe(30);
    expect(doc.components.schemas.StatusResponse.properties).toMatchObject({ status: { const: 'ok' }, version: { const: 'v1' } });
  });

  test('uploads are multipart with a binary file part, so generated clients can send a file', () => {
    for (const path of ['/media', '/templates/media']) {
      const media = find('post', path).operation.requestBody.content['multipart/form-data'];
      const schema = deref(doc, media.schema);
      expect(schema.required).toEqual(expect.arrayContaining(['client_ref', 'file']));
      expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  test('a missing client_ref on GET /media/{media_id} is declared to answer client_ref_required', () => {
    const clientRef = find('get', '/media/{media_id}').parameters.find((p) => p.name === 'client_ref')!;
    expect(clientRef['x-error-code-when-missing']).toBe('client_ref_required');
  });
});

describe('examples', () => {
  // Every named example of a request body, response, parameter and webhook, with the pointer of its schema.
  const collected: Array<[where: string, schemaPointer: string, value: unknown]> = [];
  const collectMedia = (where: string, contentPointer: string, content: any) => {
    for (const [mediaType, media] of Object.entries<any>(content ?? {})) {
      if (!media.schema) continue;
      const schemaPointer = media.schema.$ref ?? `${contentPointer}/${escapePointer(mediaType)}/schema`;
      for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
        collected.push([`${where} ${mediaType} example ${name}`, schemaPointer, deref(doc, ex).value]);
      }
    }
  };
  for (const entry of [...operations, ...webhooks]) {
    const where = `${entry.method} ${entry.path}`;
    if (entry.operation.requestBody) collectMedia(where, `${entry.pointer}/requestBody/content`, entry.operation.requestBody.content);
    for (const [status, ref] of Object.entries<any>(entry.operation.responses)) {
      const pointer = ref.$ref ?? `${entry.pointer}/responses/${status}`;
      collectMedia(`${where} ${status}`, `${pointer}/content`, deref(doc, ref).content);
    }
  }

  test('there is a named example on every request body and every response with content', () => {
    for (const entry of [...operations, ...webhooks]) {
      const bodies = [entry.operation.requestBody, ...Object.values<any>(entry.operation.responses).map((r) => deref(doc, r))];
      for (const body of bodies) {
        for (const media of Object.values<any>(body?.content ?? {})) {
          if (media.schema?.format === 'binary' || deref(doc, media.schema)?.type === 'object' && media.encoding) continue;
          expect(Object.keys(media.examples ?? {}).length).toBeGreaterThan(0);
        }
      }
    }
  });

  test.each(collected)('%s is valid against its schema', (_where, pointer, value) => {
    const validate = validatorAt(pointer);
    expect(validate(value) ? 'valid' : errorsOf(validate)).toBe('valid');
  });

  test('every parameter example is valid against its schema', () => {
    for (const entry of operations) {
      for (const parameter of entry.parameters) {
        if (parameter.example === undefined) continue;
        const validate = contract().validators.compile(parameter.schema);
        expect(validate(parameter.example)).toBe(true);
      }
    }
  });

  test('no example uses a placeholder value such as "string"', () => {
    const leaves = (value: unknown): unknown[] =>
      value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value];
    for (const [where, , value] of collected) {
      for (const leaf of leaves(value)) expect([where, leaf]).not.toEqual([where, 'string']);
    }
  });
});

describe('mock and generator compatibility', () => {
  test('every discriminated choice also selects its branch by const, since Prism ignores discriminator', () => {
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (!schema.discriminator) continue;
      const property = schema.discriminator.propertyName;
      for (const [value, ref] of Object.entries<string>(schema.discriminator.mapping)) {
        expect([name, atPointer(doc, ref).properties[property].const]).toEqual([name, value]);
        expect(schema.oneOf).toContainEqual({ $ref: ref });
      }
    }
  });
});
