// The reference server for the fuzz and hardening tests, its keys and connected clients.
import { startTestServer, type TestServer } from '../server/testing';
import { operations } from './requests';

/**
 * A key needs at least one scope; one that no operation of openapi.yaml requires (`x-required-scopes`)
 * makes a valid key that lacks the scope of every operation.
 */
export const UNUSED_SCOPE = (() => {
  const required = new Set(operations.flatMap((op) => op.requiredScopes ?? []));
  const candidate = ['webhooks:read', 'webhooks:write'].find((s) => !required.has(s));
  if (!candidate) throw new Error('every scope is required by some operation; the fuzz suite needs another way to make a scope-less key');
  return candidate;
})();

export interface FuzzServer {
  handle: TestServer;
  baseUrl: string;
  key: string;
  noScopeKey: string;
  testKey: string;
  chatRef: string;
  socialRef: string;
  close(): Promise<void>;
}

/** Starts the reference server in this process (in-memory SQLite unless dataDir) with a rate limit that never fills. */
export async function startFuzzServer(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<FuzzServer> {
  const handle = await startTestServer({ dataDir: opts.dataDir, env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_WINDOW_SECONDS: '60', ...opts.env } });
  const run = Date.now().toString(36);
  const chatRef = `fuzz-chat-${run}`;
  const socialRef = `fuzz-social-${run}`;
  await handle.connectClient({ clientRef: chatRef, channel: 'chat' });
  await handle.connectClient({ clientRef: socialRef, channel: 'social' });
  return {
    handle,
    baseUrl: handle.baseUrl,
    key: await handle.createKey({ mode: 'live', scopes: 'all' }),
    noScopeKey: await handle.createKey({ mode: 'live', scopes: [UNUSED_SCOPE] }),
    testKey: await handle.createKey({ mode: 'test', scopes: 'all' }),
    chatRef,
    socialRef,
    close: () => handle.close(),
  };
}

/** What the probe needs: a base URL, a key with every scope, a connected chat client. */
