// Tag Onboarding: hosted sessions on both channels and the code-exchange signup (section 4).
import assert from 'node:assert/strict';
import { Inconclusive, type Case, type CaseContext } from '../harness';
import { detailsName } from './clients';
import { chat, check, failsWith, INVALID_AUTH_CODE, same, social, status } from './support';

/** One signup per run (a code is exchanged once): the client it connects, shared by the cases that look at it. */
const signedUp = (ctx: CaseContext) =>
  ctx.run.once('signup', async () => {
    const ref = ctx.unique('ct-signup');
    return { ref, res: await ctx.api.POST('/clients/signup', { body: { client_ref: ref, auth_code: await ctx.fx.signupAuthCode!() } }) };
  });

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
        check(a.data!.session_id !== b.data!.session_id && a.data!.url !== b.data!.url, 'every hosted session has its own id and URL', `${a.data!.url} / ${b.data!.url}`);
      },
    },
    {
      operation,
      name: `${operation} is open to a test key too (client connection is real with either kind of key)`,
      needs: ['rules'],
      fixtures: ['testKey'],
      run: async (ctx) => void status(ctx, await ctx.as(ctx.fx.testKey!).POST(path, { body: { client_ref: ctx.unique('ct-new') } }), 201),
    },
    {
      operation,
      name: `${operation} refuses a request without client_ref with 400 bad_request, details naming client_ref`,
      needs: ['validation'],
      run: async (ctx) => detailsName(failsWith(ctx, await ctx.api.POST(path, { body: {} as never }), 400, 'bad_request'), 'client_ref'),
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
      void failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup'), auth_code: INVALID_AUTH_CODE } }), 400, 'bad_request'),
  },
  {
    operation: 'completeClientSignup',
    name: 'a signup without auth_code is refused with 400 bad_request, details naming auth_code',
    needs: ['validation'],
    run: async (ctx) =>
      detailsName(failsWith(ctx, await ctx.api.POST('/clients/signup', { body: { client_ref: ctx.unique('ct-signup') } as never }), 400, 'bad_request'), 'auth_code'),
  },
  {
    operation: 'completeClientSignup',
    name: 'a valid auth_code connects a chat client (201 Client)',
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const { res } = await signedUp(ctx);
      status(ctx, res, 201);
      check(res.data!.channel === 'chat', 'signup connects a chat client', JSON.stringify(res.data));
    },
  },
  {
    operation: 'completeClientSignup',
    name: 'a client connected by signup is then returned by GET /clients/{client_ref}',
    needs: ['state'],
    fixtures: ['signupAuthCode'],
    run: async (ctx) => {
      const { ref, res } = await signedUp(ctx);
      if (res.response.status !== 201) throw new Inconclusive(`the signup that connects the client answered ${res.response.status}`);
      const got = await ctx.api.GET('/clients/{client_ref}', { params: { path: { client_ref: ref } } });
      status(ctx, got, 200);
      same([res.data!.client_ref, got.data!.client_ref, got.data!.channel], [ref, ref, 'chat'], 'a client connected by signup has the given reference, and is returned with it');
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
