// Tag Templates, the list (GET /templates): its count and every filter, each held against templates this run
// made. `list` serves the lifecycle cases (template-lifecycle.ts) too.
import type { components } from '../../generated/openapi';
import type { Case, CaseContext } from '../harness';
import { chat, check, createTemplate, failsWith, runApprovedTemplate, snake, status } from './support';

type Template = components['schemas']['Template'];
type ListQuery = { status?: Template['status']; category?: NonNullable<Template['category']>; language?: string; search?: string; refresh?: boolean };

/** The results of a list of the chat client's templates, answered 200. */
export const list = async (ctx: CaseContext, query: ListQuery) => {
  const res = await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx), ...query } } });
  status(ctx, res, 200);
  return res.data!.results;
};

/** Two templates of this run that differ in category and language, for the list filters. */
const filterPair = (ctx: CaseContext) =>
  ctx.run.once('filter-pair', async () => {
    const marker = snake(ctx, 'ct_filter');
    return {
      marker,
      utility: await createTemplate(ctx, `${marker}_utility`, 'en_US'),
      marketing: await createTemplate(ctx, `${marker}_marketing`, 'de_DE', { category: 'MARKETING' }),
    };
  });

/** A filter holds when every result matches it, what should be listed is, and what should not is not. */
function filtered(results: Template[], rule: string, matches: (t: Template) => boolean, listed: string[], unlisted: string[]): void {
  const names = results.map((t) => t.name);
  const seen = `${results.length} results: ${names.slice(0, 10).join(', ')}`;
  check(results.every(matches), `${rule}: every result matches`, seen);
  check(listed.every((n) => names.includes(n)), `${rule}: matching templates are listed`, `${listed.join(', ')} missing from ${seen}`);
  check(unlisted.every((n) => !names.includes(n)), `${rule}: other templates are not listed`, `${unlisted.join(', ')} listed in ${seen}`);
}

export const templateListCases: Case[] = [
  {
    operation: 'listTemplates',
    name: "listing a chat client's templates answers 200 with results and count",
    fixtures: ['chatClientRef'],
    run: async (ctx) => void status(ctx, await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx) } } }), 200),
  },
  {
    operation: 'listTemplates',
    name: 'the template list count is the number of results',
    needs: ['rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/templates', { params: { query: { client_ref: chat(ctx) } } });
      status(ctx, res, 200);
      check(res.data!.count === res.data!.results.length, 'TemplateList count is the number of results', `count ${res.data!.count}, ${res.data!.results.length} results`);
    },
  },
  {
    operation: 'listTemplates',
    name: 'the status filter lists exactly the templates in that status',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const approved = await runApprovedTemplate(ctx);
      filtered(await list(ctx, { status: 'APPROVED' }), 'status=APPROVED', (t) => t.status === 'APPROVED', [approved.name], []);
      filtered(await list(ctx, { status: 'REJECTED' }), 'status=REJECTED', (t) => t.status === 'REJECTED', [], [approved.name]);
    },
  },
  {
    operation: 'listTemplates',
    name: 'the category filter lists exactly the templates of that category',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const { utility, marketing } = await filterPair(ctx);
      filtered(await list(ctx, { category: 'MARKETING' }), 'category=MARKETING', (t) => t.category === 'MARKETING', [marketing.name], [utility.name]);
    },
  },
  {
    operation: 'listTemplates',
    name: 'the language filter lists exactly the templates in that language',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const { utility, marketing } = await filterPair(ctx);
      filtered(await list(ctx, { language: 'de_DE' }), 'language=de_DE', (t) => t.language === 'de_DE', [marketing.name], [utility.name]);
    },
  },
  {
    operation: 'listTemplates',
    name: 'search matches part of the name, case-insensitively',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const { marker, utility, marketing } = await filterPair(ctx);
      const part = marker.slice(3).toUpperCase();
      filtered(await list(ctx, { search: part }), 'search (case-insensitive)', (t) => t.name.toLowerCase().includes(part.toLowerCase()), [utility.name, marketing.name], []);
    },
  },
  {
    operation: 'listTemplates',
    name: 'refresh=true (a pull from the provider) is answered like any list',
    needs: ['state'],
    fixtures: ['chatClientRef'],
    run: async (ctx) => {
      const { utility } = await filterPair(ctx);
      filtered(await list(ctx, { refresh: true, search: utility.name }), 'refresh=true with search', (t) => t.name.includes(utility.name), [utility.name], []);
    },
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
];
