// A mutating proxy for the suite's own test: it stands in front of a correct implementation (the reference
// server) and changes requests, responses or webhook deliveries the way a drifted implementation would, so
// the drift harness can show that each case fails on the drift it exists for.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, signWebhookBody } from '../../client/webhooks';

export interface ProxiedRequest {
  method: string;
  /** The path after the origin (`/v1/clients`), without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Delivery {
  headers: Record<string, string>;
  raw: Buffer;
}

/** What a drifted (or a differently but rightly behaving) implementation does differently. */
export interface Behaviour {
  request?(req: ProxiedRequest): void;
  response?(res: ProxiedResponse, req: ProxiedRequest): void;
  /** Changes a webhook delivery; `null` drops it. `sign` signs bytes as the service would. */
  webhook?(d: Delivery, sign: (raw: Buffer) => string): Delivery | null;
  /**
   * Relays a delivery as a drifted service would send it: `forward` delivers one (through `webhook`) and
   * gives the receiver's status; the answer is the status the service sees. Default: forward it once.
   */
  relay?(d: Delivery, forward: (d: Delivery) => Promise<number>, sign: (raw: Buffer) => string): Promise<number>;
  /** How often the behaviour acted, for one whose effect the traffic's bytes do not show (a duplicate, a delay). */
  applications?(): number;
}

export interface DriftProxy {
  /** The origin to use instead of the upstream's. */
  origin: string;
  /** The URL the implementation should deliver webhooks to; they are relayed to `relayTo`. */
  relayUrl: string;
  /** Where webhook deliveries go on to, and the secret to sign changed ones with. */
  relay: { to: string; secret: string };
  behaviour: Behaviour;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function plainHeaders(headers: IncomingMessage['headers'] | Headers): Record<string, string> {
  const out: Record<string, string> = {};
  const keep = (v: unknown, k: string) => {
    if (typeof v === 'string' && !HOP_BY_HOP.has(k.toLowerCase())) out[k.toLowerCase()] = v;
  };
  if (headers instanceof Headers) headers.forEach(keep);
  else for (const [k, v] of Object.entries(headers)) keep(v, k);
  return out;
}

export async function startDriftProxy(upstream: string): Promise<DriftProxy> {
  const server: Server = createServer(async (incoming, out) => {
    try {
      const url = new URL(incoming.url ?? '/', 'http://proxy');
      const body = await read(incoming);
      if (url.pathname === '/webhook-relay') {
        const { behaviour } = proxy;
        const sign = (raw: Buffer) => signWebhookBody(raw, proxy.relay.secret);
        const forward = async (d: Delivery) => {
          const delivery = behaviour.webhook ? behaviour.webhook(d, sign) : d;
          if (delivery === null) return 204;
          const answer = await fetch(proxy.relay.to, { method: 'POST', headers: delivery.headers, body: new Uint8Array(delivery.raw) });
          await answer.arrayBuffer();
          return answer.status;
        };
        const received: Delivery = { headers: plainHeaders(incoming.headers), raw: body };
        const status = behaviour.relay ? await behaviour.relay(received, forward, sign) : await forward(received);
        return void (out.destroyed ? undefined : out.writeHead(status).end());
      }
      const req: ProxiedRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: plainHeaders(incoming.headers), body };
      proxy.behaviour.request?.(req);
      const query = req.query.toString();
      const answer = await fetch(`${upstream}${req.path}${query ? `?${query}` : ''}`, {
        method: req.method,
        headers: req.headers,
        body: ['GET', 'HEAD'].includes(req.method) ? undefined : new Uint8Array(req.body),
      });
      const res: ProxiedResponse = { status: answer.status, headers: plainHeaders(answer.headers), body: Buffer.from(await answer.arrayBuffer()) };
      proxy.behaviour.response?.(res, req);
      out.writeHead(res.status, { ...res.headers, 'content-length': String(res.body.length) });
      out.end(res.body);
    } catch (e) {
      out.writeHead(599, { 'content-type': 'text/plain' }).end(`drift proxy: ${(e as Error).message}`);
    }
  });
  const proxy: DriftProxy = {
    origin: '',
    relayUrl: '',
    relay: { to: '', secret: '' },
    behaviour: {},
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.origin = origin;
  proxy.relayUrl = `${origin}/webhook-relay`;
  return proxy;
}

/** Rewrites a JSON body (untouched when it is not JSON). */
export function mapJson(res: { headers: Record<string, string>; body: Buffer }, change: (json: any) => unknown): void {
  if (!/json/.test(res.headers['content-type'] ?? '')) return;
  let json: unknown;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    return;
  }
  const changed = change(json);
  res.body = Buffer.from(JSON.stringify(changed === undefined ? json : changed));
}

/** Rewrites a webhook delivery's JSON and signs the new bytes, as a service that sends that payload would. */
export function resigned(d: Delivery, sign: (raw: Buffer) => string, change: (json: any) => unknown): Delivery {
  const json = JSON.parse(d.raw.toString('utf8'));
  const changed = change(json);
  const raw = Buffer.from(JSON.stringify(changed === undefined ? json : changed));
  return { headers: { ...d.headers, [SIGNATURE_HEADER.toLowerCase()]: sign(raw) }, raw };
}

/** Counts how often a behaviour acted, for one whose effect the traffic's bytes do not show (a duplicate, a delay). */
export const counted = () => {
  let n = 0;
  return { add: () => void n++, applications: () => n };
};

/** Every object inside a JSON value, depth first. */
export function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objectsIn(v);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objectsIn(v);
  }
}
