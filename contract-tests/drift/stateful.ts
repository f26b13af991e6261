// Drifts of an implementation that forgets state (or remembers what it should not): a deleted template
// still served, listed or sent; a created one not found by name; an edit not read back; list counts and
// filters that disagree with the results; an uploaded media id that sends do not find. The stateful
// sequences and list-consistency cases (cases/sequences.ts) exist to catch them.
import { listConsistencyCaseName, sequenceCaseName } from '../cases/sequences';
import { answerJson, errorCode, is, json, resourceOf, respondJson, TEMPLATE_PATH } from './http-match';
import { mapJson, type Behaviour, type ProxiedRequest, type ProxiedResponse } from './proxy';
import type { RefDrift } from './refs';

type Template = { id: string; name: string; client_ref: string; language: string; status?: string };

/** The templates the traffic showed, by id and by name, as the proxy last saw each answered. */
class TemplateMemory {
  readonly byId = new Map<string, Template>();
  readonly deleted = new Map<string, Template>();
  seen(t: unknown): void {
    const template = t as Template | undefined;
    if (template && typeof template.id === 'string' && typeof template.name === 'string') this.byId.set(template.id, template);
  }
  find(ref: string): Template | undefined {
    return this.byId.get(ref) ?? [...this.byId.values()].find((t) => t.name === ref);
  }
  findDeleted(ref: string): Template | undefined {
    return this.deleted.get(ref) ?? [...this.deleted.values()].find((t) => t.name === ref);
  }
  /** Records what the answers to template requests show (created, read, edited and deleted templates). */
  watch(req: ProxiedRequest, status: number, body: unknown): void {
    if (status >= 300) return;
    if (is(req, 'DELETE', TEMPLATE_PATH)) {
      const t = this.find(resourceOf(req));
      if (t) this.deleted.set(t.id, t);
    } else if (is(req, 'POST', /^\/templates$/) || is(req, 'GET', TEMPLATE_PATH) || is(req, 'PATCH', TEMPLATE_PATH)) this.seen(body);
  }
}

const sendsTemplate = (req: ProxiedRequest) => is(req, 'POST', /^\/messages\/send-template$/);
const FILTERS = ['status', 'category', 'language', 'search'];

/** A behaviour that remembers the templates the traffic showed before it changes an answer. */
const remembering =
  (change: (res: ProxiedResponse, req: ProxiedRequest, memory: TemplateMemory) => void) =>
  (): Behaviour => {
    const memory = new TemplateMemory();
    return {
      response: (res, req) => {
        memory.watch(req, res.status, answerJson(res));
        change(res, req, memory);
      },
    };
  };

export const STATEFUL_DRIFTS: RefDrift[] = [
  {
    name: 'a deleted template is still served (by id and by name)',
    caughtBy: [sequenceCaseName('createTemplate', 'useAfterDelete')],
    behaviour: remembering((res, req, memory) => {
      const gone = is(req, 'GET', TEMPLATE_PATH) && res.status === 404 ? memory.findDeleted(resourceOf(req)) : undefined;
      if (gone) respondJson(res, 200, gone);
    }),
  },
  {
    name: 'a deleted template is still listed',
    caughtBy: [sequenceCaseName('createTemplate', 'useAfterDelete')],
    behaviour: remembering((res, req, memory) => {
      if (!is(req, 'GET', /^\/templates$/) || res.status !== 200) return;
      const gone = [...memory.deleted.values()].filter((t) => t.client_ref === req.query.get('client_ref'));
      if (gone.length) mapJson(res, (list) => ({ ...list, results: [...list.results, ...gone], count: list.count + gone.length }));
    }),
  },
  {
    name: 'a send naming a deleted template still goes through',
    caughtBy: [sequenceCaseName('createTemplate', 'useAfterDelete')],
    behaviour: remembering((res, req, memory) => {
      const ref = sendsTemplate(req) ? json(req)?.template_ref : undefined;
      if (typeof ref === 'string' && res.status === 404 && memory.findDeleted(ref)) respondJson(res, 200, { success: true, message_id: `dryrun_${ref}`, dry_run: true });
    }),
  },
  {
    name: 'a created template is not found by its name (only by its id)',
    caughtBy: [sequenceCaseName('createTemplate', 'availability')],
    behaviour: remembering((res, req, memory) => {
      const ref = is(req, 'GET', TEMPLATE_PATH) ? resourceOf(req) : undefined;
      if (ref !== undefined && res.status === 200 && !memory.byId.has(ref)) respondJson(res, 404, { error: { code: 'not_found', message: `No template ${ref}.` } });
    }),
  },
  {
    name: 'an edit is not read back: reads serve the template as it was before the edit',
    caughtBy: [sequenceCaseName('createTemplate', 'edit')],
    behaviour: () => {
      const memory = new TemplateMemory();
      const beforeEdit = new Map<string, Template>();
      return {
        response: (res, req) => {
          if (is(req, 'PATCH', TEMPLATE_PATH) && res.status === 200) {
            const t = memory.find(resourceOf(req));
            if (t) beforeEdit.set(t.id, t);
            return;
          }
          const stale = is(req, 'GET', TEMPLATE_PATH) && res.status === 200 ? beforeEdit.get(String(answerJson(res)?.id)) : undefined;
          if (stale) respondJson(res, 200, stale);
          else memory.watch(req, res.status, answerJson(res));
        },
      };
    },
  },
  {
    name: 'TemplateList count is off by one when a filter is given',
    caughtBy: [listConsistencyCaseName('listTemplates')],
    behaviour: () => ({
      response: (res, req) => {
        if (is(req, 'GET', /^\/templates$/) && FILTERS.some((f) => req.query.has(f))) mapJson(res, (list) => ({ ...list, count: list.count + 1 }));
      },
    }),
  },
  {
    name: 'GET /templates ignores search',
    caughtBy: [listConsistencyCaseName('listTemplates')],
    behaviour: () => ({ request: (req) => void (is(req, 'GET', /^\/templates$/) && req.query.delete('search')) }),
  },
  {
    name: 'GET /clients counts offset from 1 (offset=1 is the first page)',
    caughtBy: [listConsistencyCaseName('listClients')],
    behaviour: () => ({
      request: (req) => {
        const offset = Number(req.query.get('offset'));
        if (is(req, 'GET', /^\/clients$/) && offset > 0) req.query.set('offset', String(offset - 1));
      },
    }),
  },
  {
    name: 'an uploaded media id is unknown to sends',
    caughtBy: [sequenceCaseName('uploadMedia', 'availability')],
    behaviour: () => ({
      response: (res, req) => {
        const body = is(req, 'POST', /^\/messages\/send$/) ? json(req) : undefined;
        const media = body && (body[String(body.type)] as { id?: unknown } | undefined);
        if (typeof media?.id === 'string' && res.status === 200 && errorCode(res) === undefined) {
          respondJson(res, 404, { error: { code: 'not_found', message: `No media ${media.id}.` } });
        }
      },
    }),
  },
];
