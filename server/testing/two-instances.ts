import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './index';

/**
 * Two instances of the server on the test database (PostgreSQL in that project) and one shared data folder,
 * started before the file's tests (handed to `started`) and closed after them.
 */
export function useTwoInstances(opts: { now: () => Date; env: Record<string, string> }, started: (instances: { a: TestServer; b: TestServer }) => void): void {
  let dataDir: string;
  const instances: TestServer[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'instances-'));
    for (let i = 0; i < 2; i++) instances.push(await startTestServer({ dataDir, now: opts.now, env: opts.env }));
    started({ a: instances[0]!, b: instances[1]! });
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/**
 * Runs `fn` while every backend `server`'s cache listener connects to hangs: each one is stopped (SIGSTOP) as
 * soon as it is seen, for as long as `fn` runs, as behind a NAT that dropped the link; all are let go on after.
 */
export async function withListenerHung<T>(server: TestServer, fn: () => Promise<T>): Promise<T> {
  const listener = server.composition.cacheListener!;
  const stopped = new Set<number>();
  const stopCurrent = () => {
    const pid = listener.backendPid;
    if (pid !== undefined && !stopped.has(pid)) {
      stopped.add(pid);
      process.kill(pid, 'SIGSTOP');
    }
  };
  stopCurrent();
  const watch = setInterval(stopCurrent, 5);
  try {
    return await fn();
  } finally {
    clearInterval(watch);
    for (const pid of stopped) process.kill(pid, 'SIGCONT');
  }
}
