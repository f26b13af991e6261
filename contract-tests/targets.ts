// Targets and their profiles. The suite is written once (cases/); each target declares HERE, in one
// profile, what it cannot hold. A case needing a capability or fixture the target lacks is reported as
// skipped with the reason below, never silently dropped.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { startPrism, type PrismHandle } from '../mock/prism';
import { VERSION_PREFIX, startMock } from '../mock/server';
import type { ReferenceServerHandle } from '../server/testing';

/** What a case may need from a target beyond "answers HTTP according to openapi.yaml". */
export type Capability =
  | 'authentication' // rejects a malformed, unknown or query-string key with 401
  | 'scopes' // rejects a key without the operation's scope with 403
  | 'state' // remembers what earlier requests created (clients, templates, sessions)
  | 'rules' // implements the specification's behaviour rules (channel, template, media, window rules)
  | 'validation' // answers an invalid request with the real 400 and its details
  | 'rateLimits' // counts requests per key and answers 429 with Retry-After
  | 'missingCredentials' // answers a request without Bearer credentials itself (the implementation's own 401)
  | 'malformedJson' // receives a malformed JSON body as sent (the implementation's own 400)
  | 'binaryBodies'; // carries binary request and response bodies byte for byte (file uploads, media downloads)

/** Values a case may need; each target provides what it can. */
export interface Fixtures {
  /** A key with every scope. Free-form sends use `dry_run: true`; a live key avoids the test-key window rule. */
  apiKey: string;
  chatClientRef?: string;
  socialClientRef?: string;
  /** A valid key lacking every scope (for 403 checks). */
  restrictedKey?: string;
  /** A test key (`ik_test_…`) with every scope. */
  testKey?: string;
  /** A key nobody else uses, that the suite may exhaust (429). */
  freshKey?: () => Promise<string>;
  /** An APPROVED template of the chat client, by id or name (with its language). */
  approvedTemplate?: { ref: string; language?: string };
  /** An inbound media id the chat client can download. */
  inboundMediaId?: string;
  /** A valid, unused code for POST /clients/signup. */
  signupAuthCode?: () => Promise<string>;
}
export type FixtureName = Exclude<keyof Fixtures, 'apiKey'>;

export interface Profile {
  /** Name of the target (also names its coverage file). */
  target: string;
  /** Capabilities the target lacks, with the reason shown on every case skipped for it. */
  cannot: Partial<Record<Capability, string>>;
  /** Fixtures the target cannot provide, with the reason. */
  noFixture: Partial<Record<FixtureName, string>>;
  /** Fail the run when an operation of openapi.yaml goes unexercised on this target. */
  requireEveryOperation: boolean;
}

export interface RunningTarget {
  profile: Profile;
  /** Base URL the paths of openapi.yaml are appended to (`…/v1`; a bare Prism mock serves without it). */
  baseUrl: string;
  fixtures: Fixtures;
  close(): Promise<void>;
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
  },
  noFixture: {},
  requireEveryOperation: true,
};

/** The mock accepts any key of the right shape, so its fixtures are the document's own example values. */
export const MOCK_FIXTURES: Fixtures = {
  apiKey: 'ik_live_contract_mock_key',
  chatClientRef: 'acme-shoes-de',
  socialClientRef: 'acme-shoes-social',
  restrictedKey: 'ik_live_contract_mock_no_scopes',
  testKey: 'ik_test_contract_mock_key',
  freshKey: async () => 'ik_live_contract_mock_fresh',
  approvedTemplate: { ref: 'order_shipped', language: 'de_DE' },
  inboundMediaId: '1469203871245587',
  signupAuthCode: async () => 'AQBx7Tq2mZc9kR4vN1pL8sW3yH6jF0dG5eC2bA7uK4iO9tX1zV3nM8qP6rS0wE5y',
};

export async function startMockTarget(): Promise<RunningTarget> {
  const mock = await startMock();
  return { profile: MOCK_PROFILE, baseUrl: `${mock.url}${VERSION_PREFIX}`, fixtures: MOCK_FIXTURES, close: () => mock.close() };
}

// ---------------------------------------------------------------------------------------------------------
// Reference server (in a child process, through server/testing)
export const SERVER_TESTING_MODULE = join(__dirname, '..', 'server', 'testing', 'index.ts');

export const SERVER_PROFILE: Profile = {
  target: 'reference-server',
  cannot: {},
  noFixture: {},
  requireEveryOperation: true,
};

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** startTestServer() in a child process (server-child.ts), its handle proxied over IPC. */
export async function startReferenceServerProcess(timeoutMs = 30_000, modulePath = SERVER_TESTING_MODULE): Promise<ReferenceServerHandle> {
  const child = fork(join(__dirname, 'server-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CONTRACT_SERVER_MODULE: modulePath },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.on('exit', (code, signal) => {
    for (const p of pending.values()) p.reject(new Error(`the reference server process exited (${code ?? signal})\n${output}`));
    pending.clear();
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const baseUrl = await withTimeout(
    new Promise<string>((resolve, reject) => {
      child.on('message', (m: any) => {
        if (m?.ready) resolve(m.baseUrl);
        else if (m?.failed) reject(new Error(`startTestServer() failed: ${m.failed}`));
        else if (typeof m?.id === 'number') {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.error) p?.reject(new Error(m.error));
          else p?.resolve(m.result);
        }
      });
      child.once('exit', (code) => reject(new Error(`the reference server process exited (${code}) before it was ready\n${output}`)));
    }),
    timeoutMs,
    'startTestServer() (server/testing) did not resolve',
  ).catch(async (e) => {
    await kill();
    throw e;
  });
  const call = (method: string, args: unknown[], ms = 15_000) =>
    withTimeout(
      new Promise<unknown>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        child.send({ id, method, args });
      }),
      ms,
      `the reference server process did not answer ${method}()`,
    );
  return {
    baseUrl,
    createKey: (opts) => call('createKey', [opts]) as Promise<string>,
    connectClient: async (opts) => void (await call('connectClient', [opts])),
    approveTemplate: (opts) => call('approveTemplate', [opts]) as Promise<{ ref: string; language: string }>,
    receiveInboundMedia: (opts) => call('receiveInboundMedia', [opts]) as Promise<string>,
    close: async () => {
      await call('close', [], 5_000).catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
      await kill();
    },
  };
}

export async function startServerTarget(): Promise<RunningTarget> {
  const server = await startReferenceServerProcess();
  try {
    const run = Date.now().toString(36);
    let codes = 0;
    const chatClientRef = `contract-chat-${run}`;
    const socialClientRef = `contract-social-${run}`;
    await server.connectClient({ clientRef: chatClientRef, channel: 'chat' });
    await server.connectClient({ clientRef: socialClientRef, channel: 'social' });
    const fixtures: Fixtures = {
      apiKey: await server.createKey({ mode: 'live', scopes: 'all' }),
      chatClientRef,
      socialClientRef,
      // A key needs one scope; webhooks:read is required by no public operation.
      restrictedKey: await server.createKey({ mode: 'live', scopes: ['webhooks:read'] }),
      testKey: await server.createKey({ mode: 'test', scopes: 'all' }),
      freshKey: () => server.createKey({ mode: 'live', scopes: 'all' }),
      // The simulated provider accepts any unused code that does not start with `invalid` or `unavailable`.
      signupAuthCode: async () => `contract-code-${run}-${++codes}`,
      approvedTemplate: await server.approveTemplate({ clientRef: chatClientRef, name: `contract_approved_${run}` }),
      inboundMediaId: await server.receiveInboundMedia({ clientRef: chatClientRef, from: '4915112345678' }),
    };
    return { profile: SERVER_PROFILE, baseUrl: server.baseUrl, fixtures, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Any target behind `prism proxy openapi.yaml <upstream> --errors`: an independent validator watching the same
// traffic. A response that breaks the contract becomes Prism's 500 problem+json listing the violations.
export const PROXY_CANNOT: Profile['cannot'] = {
  missingCredentials:
    'prism proxy --errors answers a request without Bearer credentials itself (problem+json 401) instead of forwarding it',
  malformedJson: 'prism proxy parses the body first and answers malformed JSON itself (400 invalid_json) instead of forwarding it',
  binaryBodies: 'prism proxy re-encodes binary bodies as text (uploaded files and downloaded media arrive altered)',
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
    profile: proxyProfile(upstream.profile),
    baseUrl: prism.url,
    fixtures: upstream.fixtures,
    prism,
    close: async () => {
      await prism.close();
      await upstream.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Any implementation at a URL (`npm run contract -- --base-url … --api-key …`)
export interface ExternalOptions {
  baseUrl: string;
  apiKey: string;
  chatClientRef?: string;
  socialClientRef?: string;
  restrictedKey?: string;
  testKey?: string;
  rateLimitKey?: string;
  approvedTemplate?: string;
  approvedTemplateLanguage?: string;
  inboundMediaId?: string;
  signupAuthCode?: string;
  requireEveryOperation: boolean;
  /** `mock`: the implementation behaves like the Prism mock (its profile's limits and example fixtures). */
  like?: 'mock';
}

export function externalTarget(o: ExternalOptions): RunningTarget {
  if (o.like === 'mock') {
    const m = MOCK_FIXTURES;
    o = {
      ...o,
      chatClientRef: o.chatClientRef ?? m.chatClientRef,
      socialClientRef: o.socialClientRef ?? m.socialClientRef,
      restrictedKey: o.restrictedKey ?? m.restrictedKey,
      testKey: o.testKey ?? m.testKey,
      rateLimitKey: o.rateLimitKey ?? 'ik_live_contract_mock_fresh',
      approvedTemplate: o.approvedTemplate ?? m.approvedTemplate!.ref,
      approvedTemplateLanguage: o.approvedTemplateLanguage ?? m.approvedTemplate!.language,
      inboundMediaId: o.inboundMediaId ?? m.inboundMediaId,
      signupAuthCode: o.signupAuthCode ?? 'AQBx7Tq2mZc9kR4vN1pL8sW3yH6jF0dG5eC2bA7uK4iO9tX1zV3nM8qP6rS0wE5y',
    };
  }
  const flag = (name: string) => `not given (pass ${name})`;
  const noFixture: Profile['noFixture'] = {};
  if (!o.chatClientRef) noFixture.chatClientRef = `a connected chat client is ${flag('--chat-client-ref')}`;
  if (!o.socialClientRef) noFixture.socialClientRef = `a connected social client is ${flag('--social-client-ref')}`;
  if (!o.restrictedKey) noFixture.restrictedKey = `a key without scopes is ${flag('--restricted-api-key')}`;
  if (!o.testKey) noFixture.testKey = `a test key is ${flag('--test-api-key')}`;
  if (!o.rateLimitKey) noFixture.freshKey = `a key the suite may exhaust is ${flag('--rate-limit-key')}`;
  if (!o.approvedTemplate) noFixture.approvedTemplate = `an APPROVED template is ${flag('--approved-template')}`;
  if (!o.inboundMediaId) noFixture.inboundMediaId = `an inbound media id is ${flag('--inbound-media-id')}`;
  if (!o.signupAuthCode) noFixture.signupAuthCode = `an unused signup auth code is ${flag('--signup-auth-code')}`;
  const fixtures: Fixtures = {
    apiKey: o.apiKey,
    chatClientRef: o.chatClientRef,
    socialClientRef: o.socialClientRef,
    restrictedKey: o.restrictedKey,
    testKey: o.testKey,
    freshKey: o.rateLimitKey ? async () => o.rateLimitKey! : undefined,
    approvedTemplate: o.approvedTemplate ? { ref: o.approvedTemplate, language: o.approvedTemplateLanguage } : undefined,
    inboundMediaId: o.inboundMediaId,
    signupAuthCode: o.signupAuthCode ? async () => o.signupAuthCode! : undefined,
  };
  return {
    profile: { target: 'external', cannot: o.like === 'mock' ? MOCK_PROFILE.cannot : {}, noFixture, requireEveryOperation: o.requireEveryOperation },
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    fixtures,
    close: async () => {},
  };
}
