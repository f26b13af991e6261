// Starts the service: http://HOST:PORT/v1 (PORT=0 picks a free port).
import type { AddressInfo } from 'node:net';
import { createApp } from './app';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);

const server = createApp().listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(`Listening on http://${host}:${bound}/v1`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
