// Targets and their profiles. The suite is written once (cases/); each target declares HERE, in one
// profile, what it cannot hold, and gets its fixtures from one place: the fixtures file and the environment
// (fixtures-file.ts), the reference server's sandbox, or the mock's own examples. A case needing a
// capability the target lacks is skipped with the profile's reason; one needing a fixture the run was not
// given is skipped naming the entry to add. Neither is ever silently dropped.
import { startPrism, type PrismHandle } from '../mock/prism';
import {
  ENTRIES,
  envName,
  perform,
  valueSource,
  type EntryKey,
  type FixtureName,
  type HttpAction,
  type Issuer,
  type LoadedEntries,
} from './fixtures-file';
import { startWebhookListener, type ListenerOptions, type WebhookListener } from './webhook-listener';

/** What a case may need from a target beyond "answers HTTP according to openapi.yaml". */
export type Capability =
  | 'authentication' // rejects a malformed, unknown, expired, revoked or query-string key with 401
  | 'scopes' // rejects a key without the operation's scope with 403
  | 'state' // remembers what earlier requests created (clients, templates, sessions)
  | 'rules' // implements the specification's behaviour rules (channel, template, media, window rules)
  | 'validation' // answers an invalid request with the real 400 and its details
  | 'rateLimits' // counts requests per key and answers 429 with Retry-After
  | 'missingCredentials' // answers a request without Bearer credentials itself (the implementation's own 401)
  | 'malformedJson' // receives a malformed JSON body as sent (the implementation's own 400)
  | 'binaryBodies' // carries binary request and response bodies byte for byte (file uploads, media downloads)
  | 'undocumentedPaths' // lets a request to a path outside openapi.yaml reach the implementation
  | 'webhooks'; // delivers the webhook events the run's requests cause

/** Values a case may need; each target provides what it can. */
export interface Fixtures {
  /** A key with every scope. Free-form sends use `dry_run: true`; a live key avoids the test-key window rule. */
  apiKey: string;
  /** More keys of the same partner with every scope: the generated phase spreads its requests over them and apiKey. */
  extraApiKeys?: string[];
  chatClientRef?: string;
  socialClientRef?: string;
  /** A valid key lacking every scope of a public operation (for 403 checks). */
  restrictedKey?: string;
  /** A test key (`ik_test_…`) with every scope. */
  testKey?: string;
  expiredKey?: string;
  revokedKey?: string;
  /** A live key of an account whose trial and grace ended, and a chat client of that account. */
  trialExpiredKey?: { key: string; chatClientRef: string };
  /** An APPROVED template of the chat client, by id or name (with its language). */
  approvedTemplate?: { ref: string; language?: string };
  /** An inbound media id the chat client can download. */
  inboundMediaId?: string;
  /** A registered test recipient of the chat client. */
  testRecipient?: string;
  /** A fresh, unused code for POST /clients/signup on each call. */
  signupAuthCode?: () => Promise<string>;
  /** A key nobody else uses, that the suite may exhaust (429). */
  rateLimitKey?: () => Promise<string>;
  /** Makes the service fire `webhook.test`. */
  webhookTestTrigger?: () => Promise<void>;
  /** Another partner's chat client, a template id and a media id issued to it: none may be reachable with the run's keys. */
  foreignChatClientRef?: string;
  foreignTemplate?: string;
  foreignMediaId?: string;
  /** The run's webhook receiver. */
  webhooks?: WebhookListener;
}

export interface Profile {
  /** Name of the target (also names its coverage file). */
  target: string;
  /** Capabilities the target lacks, with the reason shown on every case skipped for it. */
  cannot: Partial<Record<Capability, string>>;
  /** Fixtures this run was not given, with the entry that provides them. */
  noFixture: Partial<Record<FixtureName, string>>;
}

export interface RunningTarget {
  profile: Profile;
  /** Base URL the paths of openapi.yaml are appended to (`…/v1`; a bare Prism mock serves without it). */
  baseUrl: string;
  fixtures: Fixtures;
  /** Points the service's webhook receiver at a URL (`webhook_configure`), when the run was told how. */
  configureWebhooks?: (url: string, secret: string) => Promise<void>;
  close(): Promise<void>;
}

/** The fixtures-file entry that gives a fixture (`webhooks`: the receiver, given by --webhook-listen). */
export const ENTRY_OF: Record<FixtureName, string> = {
  ...(Object.fromEntries(
    (Object.entries(ENTRIES) as [EntryKey, { provides?: FixtureName }][]).filter(([, e]) => e.provides).map(([key, e]) => [e.provides, key]),
  ) as Record<Exclude<FixtureName, 'webhooks'>, string>),
  webhooks: 'webhooks',
};

export const missingReason = (fixture: FixtureName): string =>
  fixture === 'webhooks'
    ? 'no webhook receiver (pass --webhook-listen HOST:PORT and --webhook-secret S)'
    : `no ${ENTRY_OF[fixture]} (add it to the fixtures file or set ${envName(ENTRY_OF[fixture])})`;

/** Fixtures from the entries of a fixtures file; what is absent is listed with the entry to add. */
export function fixturesFrom(loaded: LoadedEntries, apiKey: string): { fixtures: Fixtures; noFixture: Profile['noFixture']; configureWebhooks?: RunningTarget['configureWebhooks'] } {
  const v = loaded.values;
  const text = (key: EntryKey) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const chatClientRef = text('chat_client_ref');
  const trialClient = text('trial_expired_chat_client_ref') ?? chatClientRef;
  const trialKey = text('trial_expired_api_key');
  const approved = text('approved_template');
  const fixtures: Fixtures = {
    apiKey,
    extraApiKeys: Array.isArray(v.extra_api_keys) ? v.extra_api_keys.filter((k) => k !== apiKey) : undefined,
    chatClientRef,
    socialClientRef: text('social_client_ref'),
    restrictedKey: text('restricted_api_key'),
    testKey: text('test_api_key'),
    expiredKey: text('expired_api_key'),
    revokedKey: text('revoked_api_key'),
    trialExpiredKey: trialKey && trialClient ? { key: trialKey, chatClientRef: trialClient } : undefined,
    approvedTemplate: approved ? { ref: approved, language: text('approved_template_language') } : undefined,
    inboundMediaId: text('inbound_media_id'),
    testRecipient: text('test_recipient'),
    signupAuthCode: v.signup_auth_code ? valueSource('signupAuthCode', v.signup_auth_code as string | Issuer, true) : undefined,
    rateLimitKey: v.rate_limit_api_key ? valueSource('rateLimitKey', v.rate_limit_api_key as string | Issuer, false) : undefined,
    webhookTestTrigger: v.webhook_test_trigger ? async () => void (await perform(v.webhook_test_trigger as HttpAction)) : undefined,
    foreignChatClientRef: text('foreign_chat_client_ref'),
    foreignTemplate: text('foreign_template'),
    foreignMediaId: text('foreign_media_id'),
  };
  const noFixture: Profile['noFixture'] = {};
  for (const fixture of Object.keys(ENTRY_OF) as FixtureName[]) {
    if (fixtures[fixture] === undefined) noFixture[fixture] = missingReason(fixture);
  }
  if (trialKey && !trialClient) noFixture.trialExpiredKey = 'no trial_expired_chat_client_ref (nor chat_client_ref) for the trial-ended account';
  const configure = v.webhook_configure as HttpAction | undefined;
  return {
    fixtures,
    noFixture,
    configureWebhooks: configure ? async (url, secret) => void (await perform(configure, { webhook_url: url, webhook_secret: secret })) : undefined,
  };
}

/**
 * A time by the implementation's clock that is surely past (`GET /status`, which needs no key, answered
 * before it: its `Date` header rounds down to the second, so one second is added); the local clock when it
 * sends no `Date`.
 */
async function implementationNow(baseUrl: string): Promise<number> {
  const asked = Date.now();
  const date = await fetch(`${baseUrl}/status`)
    .then(async (r) => (await r.arrayBuffer(), r.headers.get('date')))
    .catch(() => null);
  const at = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(at) ? asked : at + 1000;
}

/**
 * Starts the run's webhook receiver, points the service at it when the fixtures say how (`webhook_configure`),
 * and hands it to the cases.
 */
export async function withWebhookListener(target: RunningTarget, opts: ListenerOptions): Promise<RunningTarget> {
  const listener = await startWebhookListener(opts);
  try {
    await target.configureWebhooks?.(listener.url, opts.secret);
  } catch (e) {
    await listener.close();
    throw new Error(`webhook_configure (pointing the service at ${listener.url}) failed: ${(e as Error).message}`);
  }
  listener.retries.arm(await implementationNow(target.baseUrl));
  const { webhooks: _, ...noFixture } = target.profile.noFixture;
  return {
    ...target,
    profile: { ...target.profile, noFixture },
    fixtures: { ...target.fixtures, webhooks: listener },
    close: async () => {
      await listener.close();
      await target.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The mock (mock/server.ts: Prism's examples behind the server's authentication, rate limit and validation)
export const MOCK_PROFILE: Profile = {
  target: 'mock',
  cannot: {
    authentication:
      'the mock cannot know which keys exist: it accepts any key with the ik_test_/ik_live_ prefix (a missing or non-Bearer header, a key without the prefix and a key in the query string get 401)',
    scopes: 'the mock cannot know the scopes of a key (a 403 naming the scope is rehearsed with Prefer: code=403)',
    state: 'the mock is stateless: it keeps nothing between requests',
    rules: 'the mock answers from examples and implements no behaviour rule of the specification',
    webhooks: 'the mock sends no webhooks (`npm run webhook:trigger` fires one signed event by hand)',
  },
  noFixture: {},
};

/** The mock accepts any key of the right shape, so its fixtures are the document's own example values. */
export const MOCK_ENTRIES: Partial<Record<EntryKey, string>> = {
  chat_client_ref: 'acme-shoes-de',
  social_client_ref: 'acme-shoes-social',
  restricted_api_key: 'ik_live_contract_mock_no_scopes',
  test_api_key: 'ik_test_contract_mock_key',
  expired_api_key: 'ik_live_contract_mock_expired',
  revoked_api_key: 'ik_live_contract_mock_revoked',
  trial_expired_api_key: 'ik_live_contract_mock_trial_ended',
  approved_template: 'order_shipped',
  approved_template_language: 'de_DE',
  inbound_media_id: '1469203871245587',
  test_recipient: '4915112345678',
  signup_auth_code: 'AQBx7Tq2mZc9kR4vN1pL8sW3yH6jF0dG5eC2bA7uK4iO9tX1zV3nM8qP6rS0wE5y',
  rate_limit_api_key: 'ik_live_contract_mock_fresh',
  // No example names another partner's resources: made-up ones (the mock cannot hold the tenant rules anyway).
  foreign_chat_client_ref: 'another-partners-client',
  foreign_template: '1299000000000001',
  foreign_media_id: '1399000000000001',
};

/** The reference server's profile: it holds every case (its fixtures come from its sandbox). */
export const SERVER_PROFILE: Profile = { target: 'reference-server', cannot: {}, noFixture: {} };

// ---------------------------------------------------------------------------------------------------------
// Any target behind `prism proxy openapi.yaml <upstream> --errors`: an independent validator watching the same
// traffic. A response that breaks the contract becomes Prism's 500 problem+json listing the violations.
export const PROXY_CANNOT: Profile['cannot'] = {
  missingCredentials:
    'prism proxy --errors answers a request without Bearer credentials itself (problem+json 401) instead of forwarding it',
  malformedJson: 'prism proxy parses the body first and answers malformed JSON itself (400 invalid_json) instead of forwarding it',
  binaryBodies: 'prism proxy re-encodes binary bodies as text (uploaded files and downloaded media arrive altered)',
  undocumentedPaths: 'prism proxy answers a path outside openapi.yaml itself (problem+json 404) instead of forwarding it',
};

export const proxyProfile = (upstream: Profile): Profile => ({
  ...upstream,
  target: `${upstream.target}-via-prism-proxy`,
  cannot: { ...upstream.cannot, ...PROXY_CANNOT },
});

export async function behindPrismProxy(upstream: RunningTarget): Promise<RunningTarget & { prism: PrismHandle }> {
  // Requests the suite makes invalid on purpose must reach the upstream: Prism does not validate them.
  let prism: PrismHandle;
  try {
    prism = await startPrism({ mode: 'proxy', upstream: upstream.baseUrl, errors: true, extraArgs: ['--validate-request=false'] });
  } catch (e) {
    await upstream.close();
    throw e;
  }
  return {
    ...upstream,
    profile: proxyProfile(upstream.profile),
    baseUrl: prism.url,
    prism,
    close: async () => {
      await prism.close();
      await upstream.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Any implementation at a URL (`npm run contract -- --base-url … --api-key … --fixtures …`)
export interface ExternalOptions {
  baseUrl: string;
  apiKey: string;
  entries: LoadedEntries;
  /** `mock`: the implementation behaves like the mock (its profile's limits; example values fill missing fixtures). */
  like?: 'mock';
}

export function externalTarget(o: ExternalOptions): RunningTarget {
  const entries = o.like === 'mock' ? { ...o.entries, values: { ...MOCK_ENTRIES, ...o.entries.values } } : o.entries;
  const { fixtures, noFixture, configureWebhooks } = fixturesFrom(entries, o.apiKey);
  if (o.like === 'mock') {
    delete noFixture.webhooks;
    delete noFixture.webhookTestTrigger;
  }
  return {
    profile: { target: 'external', cannot: o.like === 'mock' ? MOCK_PROFILE.cannot : {}, noFixture },
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    fixtures,
    configureWebhooks,
    close: async () => {},
  };
}
