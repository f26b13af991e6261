// Drifts of an implementation that ignores the tenant: another partner's client, template or media read,
// changed or used with this partner's key, its existence told with 403, another partner's client in a list
// or in a webhook. The second-tenant cases (cases/tenant.ts) exist to catch them.
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { tenantCases, tenantRunCases } from '../cases/tenant';
import { is, json, resourceOf, respondJson, CLIENT_PATH, TEMPLATE_PATH } from './http-match';
import { mapJson, resigned, type ProxiedRequest, type ProxiedResponse } from './proxy';
import type { RefDrift, RunRefs } from './refs';

/** The tenant cases of an operation (the drift harness expects each to fail). */
const casesOf = (...operations: string[]) => [...tenantCases, ...tenantRunCases].filter((c) => operations.includes(c.operation)).map((c) => c.name);

const client = (ref: string) => ({ client_ref: ref, channel: 'chat', business_name: 'Another partner', phone_number: '4930000000099' });
const template = (refs: RunRefs) => ({ id: refs.foreignTemplate, client_ref: refs.foreignChatClientRef, name: 'another_partners_template', language: 'en_US', category: 'UTILITY', status: 'APPROVED', rejected_reason: null });

/** Whether a request names another partner's client, template or media anywhere (path, query, a JSON or multipart body). */
function namesForeign(req: ProxiedRequest, refs: RunRefs): boolean {
  const foreign = [refs.foreignChatClientRef, refs.foreignTemplate, refs.foreignMediaId];
  const values = [decodeURIComponent(req.path), ...req.query.values(), ...Object.values(json(req) ?? {}).map(String)];
  return values.some((v) => foreign.some((f) => v === f || v.endsWith(`/${f}`))) || foreign.some((f) => req.body.toString('latin1').includes(`\r\n\r\n${f}\r\n`));
}

/** A 404 to a request naming another partner's resource, answered as found instead. */
const answeredAsFound = (refs: RunRefs, answer: (res: ProxiedResponse, req: ProxiedRequest) => boolean) => ({
  response: (res: ProxiedResponse, req: ProxiedRequest) => {
    if (res.status === 404 && namesForeign(req, refs)) answer(res, req);
  },
});

const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==', 'base64');

export const TENANT_DRIFTS: RefDrift[] = [
  {
    name: "another partner's client is readable with this partner's key",
    caughtBy: casesOf('getClient'),
    behaviour: (refs) => answeredAsFound(refs, (res, req) => is(req, 'GET', CLIENT_PATH) && (respondJson(res, 200, client(refs.foreignChatClientRef)), true)),
  },
  {
    name: "another partner's resources are answered 403 forbidden (their existence told) instead of 404",
    caughtBy: casesOf('getClient', 'listTemplates', 'sendMessage', 'uploadMedia', 'downloadMedia'),
    behaviour: (refs) =>
      answeredAsFound(refs, (res) => (respondJson(res, 403, { error: { code: 'forbidden', message: 'This resource belongs to another partner.' } }), true)),
  },
  {
    name: "another partner's template is readable, editable and deletable",
    caughtBy: casesOf('getTemplate', 'updateTemplate', 'deleteTemplate'),
    behaviour: (refs) =>
      answeredAsFound(refs, (res, req) => {
        if (!TEMPLATE_PATH.test(req.path.replace(/^\/v1/, '')) || resourceOf(req) !== refs.foreignTemplate) return false;
        if (req.method === 'DELETE') {
          res.status = 204;
          res.body = Buffer.alloc(0);
          delete res.headers['content-type'];
        } else respondJson(res, 200, template(refs));
        return true;
      }),
  },
  {
    name: "another partner's media downloads with this partner's key",
    caughtBy: casesOf('downloadMedia'),
    behaviour: (refs) =>
      answeredAsFound(refs, (res, req) => {
        if (!is(req, 'GET', /^\/media\/[^/]+$/)) return false;
        res.status = 200;
        res.body = JPEG;
        res.headers['content-type'] = 'image/jpeg';
        res.headers['x-media-sha256'] = createHash('sha256').update(JPEG).digest('hex');
        return true;
      }),
  },
  {
    name: "sends through another partner's client, or naming its template, are accepted",
    caughtBy: casesOf('sendMessage', 'sendTemplateMessage'),
    behaviour: (refs) =>
      answeredAsFound(refs, (res, req) => is(req, 'POST', /^\/messages\/send(-template)?$/) && (respondJson(res, 200, { success: true, message_id: `dryrun_${randomUUID()}`, dry_run: true }), true)),
  },
  {
    name: "templates and uploads are accepted for another partner's client",
    caughtBy: casesOf('createTemplate', 'uploadMedia', 'listTemplates'),
    behaviour: (refs) =>
      answeredAsFound(refs, (res, req) => {
        if (is(req, 'POST', /^\/templates$/)) respondJson(res, 201, { ...template(refs), status: 'PENDING' });
        else if (is(req, 'POST', /^\/media$/)) respondJson(res, 201, { success: true, media_id: '7700112233445566', kind: 'image', expires_in_days: 30 });
        else if (is(req, 'GET', /^\/templates$/)) respondJson(res, 200, { results: [template(refs)], count: 1 });
        else return false;
        return true;
      }),
  },
  {
    name: "the client list carries another partner's client",
    caughtBy: casesOf('listClients'),
    behaviour: (refs) => ({
      response: (res, req) => {
        if (!is(req, 'GET', /^\/clients$/) || res.status !== 200 || req.query.get('offset') !== '0') return;
        mapJson(res, (page) => (Array.isArray(page) ? [...page, client(refs.foreignChatClientRef)] : { ...page, results: [...page.results, client(refs.foreignChatClientRef)], count: page.count + 1, total: (page.total ?? page.count) + 1 }));
      },
    }),
  },
  {
    name: "webhooks about another partner's client reach this partner's receiver",
    caughtBy: casesOf('(webhooks)'),
    behaviour: (refs) => ({
      // The other partner's event is sent first, then this partner's own.
      relay: async (d, forward, sign) => {
        await forward(resigned(d, sign, (e) => ({ ...e, event_id: `evt_${randomUUID().replace(/-/g, '')}`, client_ref: refs.foreignChatClientRef, channel: 'chat' })));
        return forward(d);
      },
    }),
  },
];
