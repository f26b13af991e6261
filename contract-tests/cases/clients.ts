// Tag Clients: listing and reading connected clients.
import assert from 'node:assert/strict';
import type { components } from '../../generated/openapi';
import type { Case } from '../harness';
import { chat, failsWith, same, social, status } from './support';

export const clientCases: Case[] = [
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
];
