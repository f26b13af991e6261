// What the specification allows an implementation to do, each as a variation of the reference server the
// drift check must pass, with the statement that allows it. Where openapi.yaml decides what the specification
// leaves open (the exact trigger of each missing-parameters code, the scope of GET /usage, the twelve months of
// usage history), the check holds the contract's decision, and that is no variation. The webhook variations
// (late, out of order, twice, new fields) are in deliveries.ts and catalogue.ts.
import { answerJson, is, respondJson } from './http-match';
import { counted, mapJson, objectsIn, type Behaviour, type ProxiedResponse } from './proxy';

/** A variation with the statement of the specification that allows it (catalogue.ts's AllowedVariation, structurally). */
export interface SpecVariation {
  name: string;
  allowedBy: string;
  behaviour(keys: { apiKey: string; extraApiKeys?: string[] }): Behaviour;
}

const isTemplate = (o: Record<string, unknown>) => 'status' in o && 'language' in o && 'client_ref' in o && 'name' in o;
const isError = (res: ProxiedResponse) => typeof answerJson(res)?.error?.code === 'string';

export const SPEC_ALLOWED: SpecVariation[] = [
  {
    name: "a created template's id is null in the POST /templates answer, and known later (a read by name gives it)",
    allowedBy: 'section 2, Template: `id` is "string or null" (the provider assigns it)',
    behaviour: () => ({ response: (res, req) => void (is(req, 'POST', /^\/templates$/) && res.status === 201 && mapJson(res, (t) => ({ ...t, id: null }))) }),
  },
  {
    name: "templates' created_at and updated_at are null",
    allowedBy: 'section 2, Template: `created_at` and `updated_at` are "string, date-time, or null"',
    behaviour: () => ({
      response: (res) =>
        void mapJson(res, (body) => {
          for (const o of objectsIn(body)) if (isTemplate(o)) Object.assign(o, { created_at: null, updated_at: null });
        }),
    }),
  },
  {
    name: 'every JSON object of every answer carries properties the contract does not name (error envelopes and pages too)',
    allowedBy: 'section 2, Client: "Additional properties may be present"; section 9 rule 3; openapi.yaml closes no object',
    behaviour: () => ({
      response: (res) =>
        void mapJson(res, (body) => {
          for (const o of objectsIn(body)) Object.assign(o, { x_implementation_note: 'a property the contract does not name', x_revision: 7 });
        }),
    }),
  },
  {
    name: 'the template list says the provider could not be reached (`warning`) and serves the last known state',
    allowedBy: 'section 2, TemplateList: `warning` "present when the provider could not be reached to refresh and the last known state is served"',
    behaviour: () => ({
      response: (res, req) => void (is(req, 'GET', /^\/templates$/) && res.status === 200 && mapJson(res, (list) => ({ ...list, warning: 'The provider could not be reached; the last known state is served.' }))),
    }),
  },
  {
    name: "the upstream throttle refuses every 40th request of the run's keys with 429, requests left in the window",
    allowedBy: 'section 5 rule 9: "429 can occur even when the remaining count is positive"; section 7: retry 429 honouring Retry-After',
    behaviour: (k) => {
      const c = counted();
      const keys = new Set([k.apiKey, ...(k.extraApiKeys ?? [])].map((key) => `Bearer ${key}`));
      const refused = new WeakSet<object>();
      let n = 0;
      return {
        // The throttle refuses before the service acts: what reaches the service is a read that counts against the key.
        request: (req) => {
          if (!keys.has(req.headers.authorization ?? '') || ++n % 40 !== 0) return;
          refused.add(req);
          Object.assign(req, { method: 'GET', path: '/v1/usage', query: new URLSearchParams(), body: Buffer.alloc(0) });
          delete req.headers['content-type'];
        },
        response: (res, req) => {
          if (!refused.has(req) || res.status === 429) return;
          respondJson(res, 429, { error: { code: 'rate_limited', message: 'The upstream service is throttling this partner; retry shortly.' } });
          res.headers['retry-after'] = '1';
          c.add();
        },
        applications: c.applications,
      };
    },
  },
  {
    name: 'error messages are worded otherwise (the missing-parameters one still names the placeholders)',
    allowedBy: 'section 7: clients branch on HTTP status and `code`, never on `message` (openapi.yaml: "may change")',
    behaviour: () => ({ response: (res) => void (isError(res) && reword(res)) }),
  },
];

/** The message of an error answer in other words; a missing_parameters message keeps the names it must give. */
function reword(res: ProxiedResponse): void {
  mapJson(res, (b) => {
    const missing = b.error.details?.missing;
    const message = b.error.code === 'missing_parameters' && Array.isArray(missing) ? `Ohne Wert: ${missing.join(', ')}.` : 'Die Anfrage wurde nicht angenommen.';
    return { ...b, error: { ...b.error, message } };
  });
}
