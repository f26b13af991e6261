// The run's webhook receiver (`--webhook-listen HOST:PORT --webhook-secret S`): it takes every delivery the
// implementation makes, verifies X-Service-Signature over the raw bytes and holds the payload to the
// contract's `webhooks`. Cases wait on it for the deliveries their requests cause. Its retry probe
// (deliveries/retry-probe.ts) decides the answers to well-signed deliveries, failing or holding chosen
// first attempts to observe the implementation's retries.
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../client/webhooks';
import { contract } from '../spec';
import { contentOf, RetryProbe, type RetryMode } from './deliveries/retry-probe';

export interface ReceivedDelivery {
  /** When it arrived (ms since the epoch). */
  at: number;
  raw: Buffer;
  /** The parsed payload, when it is JSON. */
  body: Record<string, any> | undefined;
  event: string | undefined;
  /** What breaks section 6 or the contract's `webhooks`: an absent or wrong signature, a payload off its schema. */
  problems: string[];
  /** Whether X-Service-Signature is the signature of these bytes. */
  signed: boolean;
  /** How the receiver answered it, and after how long. */
  answered?: { status: number; heldMs: number };
}

export interface WebhookListener {
  /** The URL deliveries are expected at. */
  url: string;
  deliveries: ReceivedDelivery[];
  /** How long a case waits for a delivery its request causes. */
  timeoutMs: number;
  /** The first delivery (received or yet to come) that matches; rejects after `timeoutMs` naming what was awaited. */
  waitFor(what: string, match: (d: ReceivedDelivery) => boolean): Promise<ReceivedDelivery>;
  /** Resolves true once `holds()` is true (checked at every arrival), false at `deadline` (ms since the epoch). */
  until(holds: () => boolean, deadline: number): Promise<boolean>;
  /** Chooses the attempts it fails or holds to observe the implementation's retries. */
  retries: RetryProbe;
  close(): Promise<void>;
}

export class DeliveryMissing extends Error {}

/** What a delivery breaks: the signature rule of section 6 and the payload schema of its event. */
function deliveryProblems(raw: Buffer, signature: string | undefined, secret: string): { body: Record<string, any> | undefined; problems: string[]; signed: boolean } {
  const problems: string[] = [];
  const signed = signature !== undefined && verifyWebhookSignature(raw, signature, secret);
  if (!signature) problems.push(`no ${SIGNATURE_HEADER} header`);
  else if (!signed) problems.push(`${SIGNATURE_HEADER} is not sha256=<lowercase hex HMAC-SHA256 of the raw body> with the signing secret`);
  let body: Record<string, any> | undefined;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    problems.push('the body is not JSON');
    return { body, problems, signed };
  }
  const webhook = contract().webhook(String(body?.event));
  if (!webhook?.schemaPointer) problems.push(`event ${JSON.stringify(body?.event)} is not a webhook of openapi.yaml`);
  else {
    for (const e of contract().validators.errors(webhook.schemaPointer, body)) {
      problems.push(`body ${e.instancePath || '/'}${e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : ''}: ${e.message}`);
    }
  }
  return { body, problems, signed };
}

export interface ListenerOptions {
  host: string;
  port: number;
  secret: string;
  timeoutMs: number;
  /** How far the retry probe follows the schedule (default `short`: the immediate and the 10 s retry, and the 5 s timeout). */
  retries?: RetryMode;
}

export async function startWebhookListener(opts: ListenerOptions): Promise<WebhookListener> {
  const deliveries: ReceivedDelivery[] = [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  const retries = new RetryProbe(opts.retries ?? 'short');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
      const { body, problems, signed } = deliveryProblems(raw, Array.isArray(header) ? header[0] : header, opts.secret);
      const delivery: ReceivedDelivery = { at: Date.now(), raw, body, event: typeof body?.event === 'string' ? body.event : undefined, problems, signed };
      // Section 6: receivers reject a signature mismatch with 401; anything else is taken (and judged here),
      // unless the retry probe fails or holds it.
      const answer =
        signed && typeof body?.event_id === 'string'
          ? retries.answer({ at: delivery.at, stamped: Date.parse(String(body.timestamp)), eventId: body.event_id, content: contentOf(body) })
          : { status: signed ? 204 : 401, holdMs: 0 };
      delivery.answered = { status: answer.status, heldMs: answer.holdMs };
      deliveries.push(delivery);
      arrivals.emit('delivery', delivery);
      const reply = () => void (res.writableEnded || res.destroyed ? undefined : res.writeHead(answer.status).end());
      if (answer.holdMs > 0) setTimeout(reply, answer.holdMs).unref();
      else reply();
    });
  });
  // Idle connections stay open until the implementation closes them: a receiver closing one as the implementation
  // reuses it fails that attempt on the network, and its retry then comes a step later than the probe waits for.
  server.keepAliveTimeout = 0;
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
    until: (holds, deadline) =>
      new Promise<boolean>((resolve) => {
        if (holds()) return resolve(true);
        const check = () => {
          if (!holds()) return;
          clearTimeout(timer);
          arrivals.off('delivery', check);
          resolve(true);
        };
        const timer = setTimeout(() => {
          arrivals.off('delivery', check);
          resolve(holds());
        }, Math.max(0, deadline - Date.now()));
        arrivals.on('delivery', check);
      }),
    retries,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
