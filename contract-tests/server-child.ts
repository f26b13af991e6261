// Runs the reference server (server/testing) in its own process for the contract suite, driven over IPC:
// the suite talks to it only over HTTP, a server that blocks its event loop makes the suite fail with a
// timeout instead of hanging the test runner, and the server gets its own core.
import type { ReferenceServerHandle } from '../server/testing';
import { SERVER_TESTING_MODULE } from './local-targets';

type Call = { id: number; method: 'createKey' | 'connectClient' | 'close'; args: unknown[] };

async function main() {
  const modulePath = process.env.CONTRACT_SERVER_MODULE || SERVER_TESTING_MODULE;
  // The module is a setting (CONTRACT_SERVER_MODULE): the process wrapper's own test runs a stand-in.
  const { startTestServer } = require(modulePath) as { startTestServer: (opts: { env: Record<string, string> }) => Promise<ReferenceServerHandle> };
  const server = await startTestServer({ env: JSON.parse(process.env.CONTRACT_SERVER_ENV || '{}') });
  process.on('message', async (m: Call) => {
    try {
      if (m.method === 'close') {
        await server.close();
        process.send!({ id: m.id, result: null }, () => process.exit(0));
        return;
      }
      const result = await (server[m.method] as (...a: unknown[]) => Promise<unknown>)(...m.args);
      process.send!({ id: m.id, result: result ?? null });
    } catch (e) {
      process.send!({ id: m.id, error: (e as Error).stack ?? String(e) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true, baseUrl: server.baseUrl, origin: server.origin, sandboxToken: server.sandboxToken });
}

main().catch((e) => {
  process.send?.({ failed: (e as Error).stack ?? String(e) });
  process.exit(1);
});
