// The reference server for the fuzz and hardening tests, its keys and connected clients, and the canary: a
// server on every loopback address that no request the server makes may ever reach.
import { createServer, type Server } from 'node:net';
import { startTestServer, type TestServer } from '../server/testing';
import { operations } from '../contract-tests/generation/request-parts';

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
  canary: Canary;
  close(): Promise<void>;
}

export interface Canary {
  port: number;
  /** The connections it received (remote addresses), oldest first: none, or the server forged a request. */
  calls: string[];
}

/** A body that pauses longer than this is cut by the fuzzed server: stalled bodies are answered within it. */
export const FUZZ_BODY_IDLE_MS = 300;

async function startCanary(): Promise<Canary & { server: Server }> {
  const calls: string[] = [];
  const server = createServer((socket) => {
    calls.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  // `::` takes IPv4 too (dual stack): every loopback spelling reaches it.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  return { port: (server.address() as { port: number }).port, calls, server };
}

/** Starts the reference server in this process (in-memory SQLite unless dataDir) with a rate limit that never fills. */
export async function startFuzzServer(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<FuzzServer> {
  const canary = await startCanary();
  const handle = await startTestServer({
    dataDir: opts.dataDir,
    env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_WINDOW_SECONDS: '60', BODY_IDLE_TIMEOUT_MS: String(FUZZ_BODY_IDLE_MS), ...opts.env },
  });
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
    canary: { port: canary.port, calls: canary.calls },
    close: async () => {
      await handle.close();
      await new Promise((resolve) => canary.server.close(resolve));
    },
  };
}

/** What the probe needs: a base URL, a key with every scope, a connected chat client. */
