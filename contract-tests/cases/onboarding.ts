// Tag Onboarding: hosted sessions on both channels and the code-exchange signup.
import assert from 'node:assert/strict';
import type { Case } from '../harness';
import { chat, failsWith, INVALID_AUTH_CODE, same, social, status } from './support';

export const onboardingCases: Case[] = [
  ...(
    [
      ['createEmbeddedSignupSession', '/embedded-signup/sessions'],
      ['createSocialConnectSession', '/social-connect/sessions'],
    ] as const
  ).flatMap(([operation, path]): Case[] => [
    {
      operation,
      name: `${operation} creates a single-use hosted session valid 600 seconds (201 session_id, url, expires_in 600)`,
      run: async (ctx) => {
        const res = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        status(ctx, res, 201);
        assert.equal(res.data!.expires_in, 600);
        assert.ok(res.data!.session_id.length > 0);
      },
    },
    {
      operation,
      name: `${operation} gives every session its own id and URL`,
      needs: ['state'],
      run: async (ctx) => {
        const a = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        const b = await ctx.api.POST(path, { body: { client_ref: ctx.unique('ct-new') } });
        status(ctx, b, 201);
        assert.notEqual(a.data!.session_id, b.data!.session_id);
        assert.notEqual(a.data!.url, b.data!.url);
      },
    },
    {
      operation,
      name: `${operation} refuses a request without client_ref with 400 bad_request`,
      needs: ['validation'],
      run: async (ctx) => void failsWith(ctx, await ctx.api.POST(path, { body: {} as never }), 400, 'bad_request'),
    },
  ]),
  {
    operation: 'createEmbeddedSignupSession',
    name: 'a chat client_ref whose number is already connected is refused with 409 number_already_connected',
    needs: ['state', 'rules'],
    fixtures: ['chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/embedded-signup/sessions', { body: { client_ref: chat(ctx) } }), 409, 'number_already_connected'),
  },
  {
    operation: 'createEmbeddedSignupSession',
    name: 'a client_ref connected on social is refused on the chat route with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/embedded-signup/sessions', { body: { client_ref: social(ctx) } }), 409, 'conflict'),
  },
  {
    operation: 'createSocialConnectSession',
    name: 'an already connected client_ref is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['socialClientRef'],
    run: async (ctx) => void failsWith(ctx, await ctx.api.POST('/social-connect/sessions', { body: { client_ref: social(ctx) } }), 409, 'conflict'),
  },
  {
    operation: 'completeClientSignup',
    name: 'an invalid auth_code is refused with 400 bad_request',
    needs: ['rules'],
    run: async (ctx) =>
      void failsWith(
        ctx,
        await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup'), auth_code: INVALID_AUTH_CODE } }),
        400,
        'bad_request',
      ),
  },
  {
    operation: 'completeClientSignup',
    name: 'a signup without auth_code is refused with 400 bad_request',
    needs: ['validation'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup') } as never }), 400, 'bad_request'),
  },
  {
    operation: 'completeClientSignup',
    name: 'a valid auth_code connects a chat client (201 Client)',
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const res = await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup'), auth_code: await ctx.fx.signupAuthCode!() } });
      status(ctx, res, 201);
      assert.equal(res.data!.channel, 'chat');
    },
  },
  {
    operation: 'completeClientSignup',
    name: 'a client connected by signup is then returned by GET /clients/{client_ref}',
    needs: ['state'],
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const ref = ctx.unique('ct-signup');
      status(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ref, auth_code: await ctx.fx.signupAuthCode!() } }), 201);
      const res = await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ref } } });
      status(ctx, res, 200);
      same([res.data!.client_ref, res.data!.channel], [ref, 'chat']);
    },
  },
  {
    operation: 'completeClientSignup',
    name: 'a signup for an already connected client_ref is refused with 409 conflict',
    needs: ['state', 'rules'],
    fixtures: ['signupAuthCode', 'chatClientRef'],
    run: async (ctx) =>
      void failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: chat(ctx), auth_code: await ctx.fx.signupAuthCode!() } }), 409, 'conflict'),
  },
];
