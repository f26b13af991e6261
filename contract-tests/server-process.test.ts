// The reference-server target runs startReferenceServer() in a child process: its handle works over IPC, a
// failure inside it reaches the suite, and a server that blocks its event loop fails the start with a timeout
// instead of hanging the test run.
import { join } from 'node:path';
import { startReferenceServerProcess } from './local-targets';

const FAKE = join(__dirname, 'fixtures', 'fake-testing.ts');

test('the child-process handle answers over HTTP and proxies createKey, connectClient and close', async () => {
  const server = await startReferenceServerProcess(20_000, FAKE);
  try {
    expect(await (await fetch(`${server.baseUrl}/status`)).json()).toEqual({ status: 'ok', version: 'v1' });
    expect(await server.createKey({ mode: 'live', scopes: 'all' })).toBe('ik_live_0');
    await expect(server.connectClient({ clientRef: 'refused', channel: 'chat' })).rejects.toThrow('client refused');
  } finally {
    await server.close();
  }
  await expect(fetch(`${server.baseUrl}/status`)).rejects.toThrow();
}, 30_000);

test('a reference server that blocks on start fails the target with a timeout instead of hanging', async () => {
  process.env.FAKE_SERVER_BLOCK = '1';
  try {
    await expect(startReferenceServerProcess(3_000, FAKE)).rejects.toThrow('startTestServer() (server/testing) did not resolve within 3 s');
  } finally {
    delete process.env.FAKE_SERVER_BLOCK;
  }
}, 30_000);
