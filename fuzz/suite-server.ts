import { startFuzzServer, type FuzzServer } from './setup';

/** One fuzz server for the jest suite that calls this: started before its tests, closed after them. */
export function fuzzServerForSuite(): () => FuzzServer {
  let server: FuzzServer | undefined;
  beforeAll(async () => {
    server = await startFuzzServer();
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The fuzz server has not started.');
    return server;
  };
}
