// A small node:http server for the client tests: answers with scripted replies, one per request, and
// records every request it received (method, path, headers, raw body bytes).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  receivedAt: number;
}

export type ScriptedReply =
  | { status: number; json?: unknown; headers?: Record<string, string> }
  /** Close the connection without answering (a network failure for the client). */
  | { drop: true };

export interface FixtureServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; when exhausted, `fallback` answers. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startFixtureServer(
  fallback: ScriptedReply = { status: 200, json: { success: true, message_id: 'm_fixture' } },
): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  let queue: ScriptedReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      });
      const reply = queue.shift() ?? fallback;
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      const body = reply.json === undefined ? '' : JSON.stringify(reply.json);
      res.writeHead(reply.status, {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        'Content-Length': Buffer.byteLength(body),
        ...reply.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => {
      queue = replies;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
