// Drifts at the boundaries whose requests have effects, caught by the generated phase: template creation and
// edits at and one past a limit of the contract, a send's `oneOf` branch with an optional field, a raw template
// without an optional member, parameters given by name, and the clean-up of what the phase made (a deleted
// template still listed). Each names the probes that meet it and the finding that catches it, with the
// section of the specification and the field.
import type { RunWideDrift } from './run-wide';
import { codePoints, is, json, probe, refuse, respondJson, sendOf, setJsonBody, TEMPLATE_PATH } from './http-match';

const creation = (req: Parameters<typeof json>[0]) => (is(req, 'POST', /^\/templates$/) ? json(req) : undefined);
const edit = (req: Parameters<typeof json>[0]) => (is(req, 'PATCH', TEMPLATE_PATH) ? json(req) : undefined);
const templateSend = (req: Parameters<typeof json>[0]) => (is(req, 'POST', /^\/messages\/send-template$/) ? json(req) : undefined);
const bodyText = (body: Record<string, unknown> | undefined) => (body?.body as { text?: unknown } | undefined)?.text;

export const BOUNDARY_DRIFTS: RunWideDrift[] = [
  {
    name: 'POST /templates refuses a body text of exactly 1024 characters (its limit is off by one)',
    class: 'template creation at a limit',
    behaviour: () => ({ response: (res, req) => void (codePoints(bodyText(creation(req))) === 1024 && refuse(res, 'body.text', 'must NOT have more than 1023 characters')) }),
    run: { operations: ['createTemplate'], probes: probe('valid', 'body.text', /^maxLength/) },
    finding: /^valid input refused: createTemplate \(body body\.text: maxLength 1024\) answered 400 bad_request blaming body\.text — section 2 CreateTemplateRequest, field body\.text$/,
  },
  {
    name: 'POST /templates keeps the first 10 of 11 buttons and creates the template',
    class: 'template creation at a limit',
    behaviour: () => ({
      request: (req) => {
        const body = creation(req);
        if (Array.isArray(body?.buttons) && body.buttons.length > 10) setJsonBody(req, { ...body, buttons: body.buttons.slice(0, 10) });
      },
    }),
    run: { operations: ['createTemplate'], probes: probe('invalid', 'buttons', /^maxItems/) },
    // Created (201), or refused for another reason once shrinking left the buttons as the provider will not have them.
    finding: /^invalid input (accepted|not refused as invalid): createTemplate \(body buttons: maxItems 10 \+ 1\) answered .* — section 2 CreateTemplateRequest, field buttons$/,
  },
  {
    name: 'PATCH /templates/{template_ref} refuses a footer of exactly 60 characters (its own validator is off by one)',
    class: 'template edit at a limit',
    behaviour: () => ({ response: (res, req) => void (codePoints((edit(req)?.footer as { text?: unknown } | undefined)?.text) === 60 && refuse(res, 'footer.text', 'must NOT have more than 59 characters')) }),
    run: { operations: ['createTemplate', 'updateTemplate'], probes: (p) => probe('valid', 'footer.text', /^maxLength/)(p) || (p.operation.operationId === 'createTemplate' && p.what === 'drawn at random') },
    finding: /^valid input refused: updateTemplate \(body footer\.text: maxLength 60\) answered 400 bad_request blaming footer\.text — section 2 CreateTemplateRequest, field footer\.text$/,
  },
  {
    name: 'PATCH /templates/{template_ref} cuts a body text of 1025 characters to 1024 instead of refusing it',
    class: 'template edit at a limit',
    behaviour: () => ({
      request: (req) => {
        const body = edit(req);
        const text = bodyText(body);
        if (body && typeof text === 'string' && codePoints(text) > 1024) setJsonBody(req, { ...body, body: { ...(body.body as object), text: [...text].slice(0, 1024).join('') } });
      },
    }),
    run: { operations: ['updateTemplate'], probes: probe('invalid', 'body.text', /^maxLength/) },
    // Edited (200), or refused for the template's state (409): either way not refused as invalid.
    finding: /^invalid input (accepted|not refused as invalid): updateTemplate \(body body\.text: maxLength 1024 \+ 1\) answered (200|409 conflict).* — section 2 CreateTemplateRequest, field body\.text$/,
  },
  {
    name: 'a document sent with its optional filename is refused (the validator knows link, id and caption only)',
    class: "a send's branch",
    behaviour: () => ({ response: (res, req) => void ((sendOf(req, 'document')?.document as { filename?: unknown } | undefined)?.filename !== undefined && refuse(res, 'document.filename', 'is not allowed')) }),
    run: { operations: ['sendMessage'], probes: probe('valid', 'document.filename', /^present/) },
    finding: /^valid input refused: sendMessage \(body document\.filename: present, branch "By link", branch "document"\) answered 400 bad_request blaming document\.filename — section 2 SendMessageRequest, field document\.filename$/,
  },
  {
    name: 'a location without its optional name is refused',
    class: "a send's branch",
    behaviour: () => ({ response: (res, req) => void (sendOf(req, 'location') && (sendOf(req, 'location')!.location as { name?: unknown }).name === undefined && refuse(res, 'location.name', 'is required')) }),
    run: { operations: ['sendMessage'], probes: probe('valid', 'location.name', /^left out/) },
    finding: /^valid input refused: sendMessage \(body location\.name: left out, branch "location"\) answered 400 bad_request blaming location\.name — section 2 SendMessageRequest, field location\.name$/,
  },
  {
    name: 'a raw template without its optional language (default en_US) is refused',
    class: 'a raw template',
    behaviour: () => ({
      response: (res, req) => {
        const template = templateSend(req)?.template as { language?: unknown } | undefined;
        if (template && template.language === undefined) refuse(res, 'template.language', 'is required');
      },
    }),
    run: { operations: ['sendTemplateMessage'], probes: probe('valid', 'template.language', /^left out/) },
    finding: /^valid input refused: sendTemplateMessage \(body template\.language: left out, branch "By raw template"\) answered 400 bad_request blaming template\.language — section 2 SendTemplateRequest, field template\.language$/,
  },
  {
    name: 'parameters given by name (an object) are refused: only the array form is known',
    class: 'named and positional parameters',
    behaviour: () => ({
      response: (res, req) => {
        const parameters = templateSend(req)?.parameters;
        if (parameters && typeof parameters === 'object' && !Array.isArray(parameters)) refuse(res, 'parameters', 'must be array');
      },
    }),
    run: { operations: ['sendTemplateMessage'], probes: probe('valid', 'parameters', /^branch "By name or number"/) },
    finding: /^valid input refused: sendTemplateMessage \(body parameters: branch "By name or number", branch "By template_ref"\) answered 400 bad_request.* — section 2 SendTemplateRequest, field parameters$/,
  },
  {
    name: 'parameters given by name are not matched to the placeholders: answered 400 missing_parameters',
    class: 'named and positional parameters',
    behaviour: () => ({
      response: (res, req) => {
        const parameters = templateSend(req)?.parameters;
        if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return;
        respondJson(res, 400, { error: { code: 'missing_parameters', message: 'Missing parameters: 1, 2.', details: { missing: ['1', '2'] } } });
      },
    }),
    run: { operations: ['sendTemplateMessage'], probes: probe('valid', 'parameters', /^branch "By name or number"/) },
    finding: /^valid input refused: sendTemplateMessage \(body parameters: branch "By name or number", branch "By template_ref"\) answered 400 missing_parameters, although its named parameters fill every placeholder of the approved template \(section 4, POST \/messages\/send-template rule 2\)/,
  },
  {
    name: 'positional parameters are refused once there are two (the implementation reads one only)',
    class: 'named and positional parameters',
    behaviour: () => ({
      response: (res, req) => {
        const parameters = templateSend(req)?.parameters;
        if (Array.isArray(parameters) && parameters.length > 1) respondJson(res, 400, { error: { code: 'parameter_count_mismatch', message: 'One parameter expected.', details: { missing: [] } } });
      },
    }),
    run: { operations: ['sendTemplateMessage'], probes: probe('valid', 'parameters', /^branch "In order"/) },
    finding: /^valid input refused: sendTemplateMessage \(body parameters: branch "In order", branch "By template_ref"\) answered 400 parameter_count_mismatch, although its positional parameters fill every placeholder/,
  },
  {
    name: 'DELETE /templates/{template_ref} answers 204 and keeps the template listed',
    class: 'clean-up',
    behaviour: () => {
      const deletions = new WeakSet<object>();
      return {
        // The deletion is answered as done, but what reaches the service is a read of the template.
        request: (req) => {
          if (!is(req, 'DELETE', TEMPLATE_PATH)) return;
          deletions.add(req);
          req.method = 'GET';
        },
        response: (res, req) => {
          if (!deletions.has(req) || res.status !== 200) return;
          res.status = 204;
          res.body = Buffer.alloc(0);
          delete res.headers['content-type'];
        },
      };
    },
    run: { operations: ['createTemplate'], probes: (p) => p.what === 'drawn at random' },
    finding: /^use after delete: a template the generated phase deleted is still listed — section 3, DELETE \/templates\/\{template_ref\}: the template is removed$/,
  },
];
