// The sandbox command's rows for partner accounts, their keys and trials.
import { ENUMS } from '../../sandbox/generated/constants';
import { keyLast, portalTokenLast, type SandboxCommand } from './table';

export const PARTNER_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'partners list',
    summary: 'the partner accounts',
    operation: 'sandboxListPartners',
    send: (api) => api.GET('/partners'),
  },
  {
    name: 'partners create',
    summary: 'a partner account; its portal token printed alone on the last line, once (its keys: keys create --partner ID)',
    operation: 'sandboxCreatePartner',
    flags: { name: { value: 'NAME', required: true, help: "the partner's name" } },
    send: (api, g) => api.POST('/partners', { body: { name: g.flag('name')! } }),
    print: portalTokenLast,
  },
  {
    name: 'partners token',
    summary: "a new portal token for the partner, printed alone on the last line, once; its previous one stops working",
    operation: 'sandboxIssuePortalToken',
    args: [{ name: 'partner id' }],
    send: (api, g) => api.POST('/partners/{partner_id}/portal-token', { params: { path: { partner_id: g.arg('partner id') } } }),
    print: portalTokenLast,
  },
  {
    name: 'whoami',
    summary: 'which token the command uses (admin or portal) and the partner it acts for',
    operation: 'sandboxWhoAmI',
    send: (api, g) => api.GET('/me', { params: { query: g.partner } }),
  },
];

export const KEY_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'keys list',
    summary: "the partner's API keys",
    operation: 'sandboxListKeys',
    send: (api, g) => api.GET('/keys', { params: { query: g.partner } }),
  },
  {
    name: 'keys create',
    summary: 'an API key; printed alone on the last line, once',
    operation: 'sandboxCreateKey',
    flags: {
      mode: { choices: ENUMS.KeyMode, required: true, help: 'test keys simulate sends, live keys deliver' },
      scopes: { value: 'all|a,b', help: 'the scopes it holds (default all)' },
      expires: { value: 'never|30d|90d|1y|<ISO>', help: 'when it stops working (default never)' },
      'allow-ip': { value: 'a,b', help: 'the addresses or CIDR ranges it may be used from' },
      name: { value: 'N', help: 'a name to recognise it by' },
    },
    send: (api, g) => {
      const scopes = g.flag('scopes');
      return api.POST('/keys', {
        params: { query: g.partner },
        body: {
          mode: g.flagOf('mode', ENUMS.KeyMode)!,
          scopes: scopes === undefined || scopes === 'all' ? 'all' : g.list('scopes'),
          expires: g.flag('expires'), allow_ips: g.list('allow-ip'), name: g.flag('name'),
        },
      });
    },
    print: keyLast,
  },
  {
    name: 'keys rotate',
    summary: 'a replacement key (same mode, scopes, name, allowlist, lifetime); the old one retired at once',
    operation: 'sandboxRotateKey',
    args: [{ name: 'key id or prefix' }],
    send: (api, g) => api.POST('/keys/{key}/rotate', { params: { path: { key: g.arg('key id or prefix') }, query: g.partner } }),
    print: keyLast,
  },
  {
    name: 'keys revoke',
    summary: 'requests with the key get 401 from now on',
    operation: 'sandboxRevokeKey',
    args: [{ name: 'key id or prefix' }],
    send: (api, g) => api.POST('/keys/{key}/revoke', { params: { path: { key: g.arg('key id or prefix') }, query: g.partner } }),
  },
];

export const TRIAL_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'trial',
    summary: "the partner's trial (or one key's own)",
    operation: 'sandboxSetTrial',
    flags: {
      'ends-at': { value: '<ISO>|none', required: true, help: 'when the trial ends (none: a plan is active)' },
      'grace-days': { value: 'N', help: 'days of grace after its end (default 7)' },
      key: { value: '<key id or prefix>', help: 'the trial of this key alone' },
    },
    send: (api, g) => {
      const endsAt = g.flag('ends-at')!;
      return api.PUT('/trial', {
        params: { query: g.partner },
        body: { ends_at: endsAt === 'none' ? null : endsAt, grace_days: g.integer('grace-days'), key: g.flag('key') },
      });
    },
  },
  {
    name: 'signup-code',
    summary: 'a code POST /v1/clients/signup exchanges once',
    operation: 'sandboxIssueSignupCode',
    send: (api) => api.POST('/signup-codes'),
  },
];

export const USAGE_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'usage',
    summary: "the partner's messages this month and the twelve months before, as GET /v1/usage counts them",
    operation: 'sandboxGetUsage',
    send: (api, g) => api.GET('/usage', { params: { query: g.partner } }),
  },
];
