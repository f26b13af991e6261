// The run's webhook receiver (`--webhook-listen HOST:PORT --webhook-secret S`): it takes every delivery the
// implementation makes, verifies X-Service-Signature over the raw bytes and holds the payload to the
// contract's `webhooks`. Cases wait on it for the deliveries their requests cause.
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../client/webhooks';
import { contract } from '../spec';

export interface ReceivedDelivery {
  /** When it arrived (ms since the epoch). */
  at: number;
  raw: Buffer;
  /** The parsed payload, when it is JSON. */
  body: Record<string, any> | undefined;
  event: string | undefined;
  /** What breaks section 6 or the contract's `webhooks`: an absent or wrong signature, a payload off its schema. */
  problems: string[];
}

export interface WebhookListener {
  /** The URL deliveries are expected at. */
  url: string;
  deliveries: ReceivedDelivery[];
  /** How long a case waits for a delivery its request causes. */
  timeoutMs: number;
  /** The first delivery (received or yet to come) that matches; rejects after `timeoutMs` naming what was awaited. */
  waitFor(what: string, match: (d: ReceivedDelivery) => boolean): Promise<ReceivedDelivery>;
  close(): Promise<void>;
}

export class DeliveryMissing extends Error {}

/** What a delivery breaks: the signature rule of section 6 and the payload schema of its event. */
function deliveryProblems(raw: Buffer, signature: string | undefined, secret: string): { body: Record<string, any> | undefined; problems: string[] } {
  const problems: string[] = [];
  if (!signature) problems.push(`no ${SIGNATURE_HEADER} header`);
  else if (!verifyWebhookSignature(raw, signature, secret)) problems.push(`${SIGNATURE_HEADER} is not sha256=<HMAC-SHA256 of the raw body> with the signing secret`);
  let body: Record<string, any> | undefined;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    problems.push('the body is not JSON');
    return { body, problems };
  }
  const webhook = contract().webhook(String(body?.event));
  if (!webhook?.schemaPointer) problems.push(`event ${JSON.stringify(body?.event)} is not a webhook of openapi.yaml`);
  else {
    for (const e of contract().validators.errors(webhook.schemaPointer, body)) {
      problems.push(`body ${e.instancePath || '/'}${e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : ''}: ${e.message}`);
    }
  }
  return { body, problems };
}

export async function startWebhookListener(opts: { host: string; port: number; secret: string; timeoutMs: number }): Promise<WebhookListener> {
  const deliveries: ReceivedDelivery[] = [];
  const arrivals = new EventEmitter();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
      const { body, problems } = deliveryProblems(raw, Array.isArray(header) ? header[0] : header, opts.secret);
      const delivery: ReceivedDelivery = { at: Date.now(), raw, body, event: typeof body?.event === 'string' ? body.event : undefined, problems };
      deliveries.push(delivery);
      arrivals.emit('delivery', delivery);
      // Section 6: receivers reject a signature mismatch with 401; anything else is taken (and judged here).
      res.writeHead(problems.some((p) => p.includes(SIGNATURE_HEADER)) ? 401 : 204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const reachable = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${reachable}:${port}/webhooks`,
    deliveries,
    timeoutMs: opts.timeoutMs,
    waitFor: (what, match) => {
      const found = deliveries.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onDelivery = (d: ReceivedDelivery) => {
          if (!match(d)) return;
          clearTimeout(timer);
          arrivals.off('delivery', onDelivery);
          resolve(d);
        };
        const timer = setTimeout(() => {
          arrivals.off('delivery', onDelivery);
          reject(new DeliveryMissing(`no ${what} arrived within ${opts.timeoutMs / 1000} s`));
        }, opts.timeoutMs);
        arrivals.on('delivery', onDelivery);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
