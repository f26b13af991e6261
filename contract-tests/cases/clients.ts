// Tag Clients: listing and reading connected clients, and paging through them (section 4, section 8).
import assert from 'node:assert/strict';
import type { components } from '../../generated/openapi';
import type { Case, CaseContext } from '../harness';
import { chat, check, failsWith, same, social, status } from './support';

type Client = components['schemas']['Client'];
type ClientList = components['schemas']['ClientListResponse'];

const itemsOf = (list: ClientList) => (Array.isArray(list) ? list : list.results);

/** Every client of the partner, page by page (100 at a time). */
async function allClients(ctx: CaseContext): Promise<Client[]> {
  const found: Client[] = [];
  for (let offset = 0; offset < 10_000; offset += 100) {
    const res = await ctx.api.GET('/clients', { params: { query: { limit: 100, offset } } });
    status(ctx, res, 200);
    const page = itemsOf(res.data!);
    found.push(...page);
    if (page.length < 100) break;
  }
  return found;
}

/** The `details` of a validation failure: a field name → a non-empty array of message strings (section 7). */
export function detailsName(body: components['schemas']['ErrorResponse'], field: string): void {
  const details = body.error.details as Record<string, unknown> | undefined;
  const keys = Object.keys(details ?? {}).filter((k) => k === field || k.endsWith(`.${field}`) || k.startsWith(`${field}.`));
  check(keys.length > 0, 'validation details name the offending field', `${field} not among ${JSON.stringify(details)}`);
  for (const k of keys) {
    const messages = details![k];
    check(
      Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.trim() !== ''),
      'validation details map each field to an array of message strings',
      `${k}: ${JSON.stringify(messages)}`,
    );
  }
}

export const clientCases: Case[] = [
  {
    operation: 'listClients',
    name: 'listing clients answers 200 with a page object or a plain array of clients',
    run: async (ctx) => void status(ctx, await ctx.api.GET('/clients'), 200),
  },
  {
    operation: 'listClients',
    name: 'a connected client appears in the client list with its channel',
    needs: ['state'],
    fixtures: ['chatClientRef', 'socialClientRef'],
    run: async (ctx) => {
      const found = await allClients(ctx);
      assert.equal(found.find((c) => c.client_ref === chat(ctx))?.channel, 'chat', `${chat(ctx)} is listed as a chat client`);
      assert.equal(found.find((c) => c.client_ref === social(ctx))?.channel, 'social', `${social(ctx)} is listed as a social client`);
    },
  },
  {
    operation: 'listClients',
    name: 'without limit and offset a page holds at most 20 clients from the first one (defaults 20 and 0)',
    needs: ['rules'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/clients');
      status(ctx, res, 200);
      const page = itemsOf(res.data!);
      check(page.length <= 20, 'the default page size is 20', `${page.length} clients`);
      if (!Array.isArray(res.data)) same([res.data!.limit, res.data!.offset, res.data!.count], [20, 0, page.length], 'the page object echoes limit 20, offset 0 and counts its results');
    },
  },
  {
    operation: 'listClients',
    name: 'limit=1 returns at most one client and reports limit and offset in the page object',
    needs: ['rules'],
    run: async (ctx) => {
      const res = await ctx.api.GET('/clients', { params: { query: { limit: 1, offset: 0 } } });
      status(ctx, res, 200);
      const page = itemsOf(res.data!);
      check(page.length <= 1, 'a page holds at most limit clients', `${page.length} clients for limit=1`);
      if (!Array.isArray(res.data)) same([res.data!.limit, res.data!.offset, res.data!.count], [1, 0, page.length], 'the page object echoes limit and offset and counts its results');
    },
  },
  {
    operation: 'listClients',
    name: 'offset skips that many clients: pages of one, offset 0, 1, 2…, are the full list in order, and past the end a page is empty',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef', 'socialClientRef'],
    run: async (ctx) => {
      const full = await allClients(ctx);
      const probe = Math.min(full.length, 4);
      for (let offset = 0; offset < probe; offset++) {
        const res = await ctx.api.GET('/clients', { params: { query: { limit: 1, offset } } });
        status(ctx, res, 200);
        const got = itemsOf(res.data!).map((c) => c.client_ref);
        check(JSON.stringify(got) === JSON.stringify([full[offset]!.client_ref]), 'offset=N with limit=1 returns the client at position N', `offset ${offset}: ${JSON.stringify(got)}, expected ${full[offset]!.client_ref}`);
        if (!Array.isArray(res.data)) check(res.data!.total === full.length && res.data!.offset === offset, 'the page object reports the total and its offset', JSON.stringify({ ...res.data, results: undefined }));
      }
      const past = await ctx.api.GET('/clients', { params: { query: { limit: 5, offset: full.length } } });
      status(ctx, past, 200);
      check(itemsOf(past.data!).length === 0, 'a page past the last client is empty', `offset ${full.length}: ${itemsOf(past.data!).length} clients`);
    },
  },
  {
    operation: 'listClients',
    name: 'limit=0 is refused with 400 bad_request, details naming limit',
    needs: ['validation'],
    run: async (ctx) => detailsName(failsWith(ctx, await ctx.api.GET('/clients', { params: { query: { limit: 0 } } }), 400, 'bad_request'), 'limit'),
  },
  {
    operation: 'listClients',
    name: 'limit=101 (over the maximum of 100) is refused with 400 bad_request, details naming limit',
    needs: ['validation'],
    run: async (ctx) => detailsName(failsWith(ctx, await ctx.api.GET('/clients', { params: { query: { limit: 101 } } }), 400, 'bad_request'), 'limit'),
  },
  {
    operation: 'listClients',
    name: 'offset=-1 is refused with 400 bad_request, details naming offset',
    needs: ['validation'],
    run: async (ctx) => detailsName(failsWith(ctx, await ctx.api.GET('/clients', { params: { query: { offset: -1 } } }), 400, 'bad_request'), 'offset'),
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
        same([res.data!.client_ref, res.data!.channel], [ref, channel], 'a client is returned with its own client_ref and channel');
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
];
