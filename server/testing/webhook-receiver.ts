import express from 'express';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../client/webhooks';
import { contract } from '../../spec';

export interface ReceivedDelivery {
  raw: Buffer;
  body: Record<string, any>;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Every delivery whose signature or payload broke the contract. */
  problems: string[];
  /** The signing secret to verify with, and the statuses to answer with next (200 once they run out). */
  state: { secret: string; answers: number[] };
  close(): Promise<void>;
}

/** A receiver that verifies every delivery's signature over the raw bytes and its payload against openapi.yaml. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const problems: string[] = [];
  const state = { secret: '', answers: [] as number[] };
  const app = express();
  app.post('/hook', express.raw({ type: '*/*' }), (req, res) => {
    const raw = req.body as Buffer;
    if (!verifyWebhookSignature(raw, req.get(SIGNATURE_HEADER), state.secret)) problems.push('bad signature');
    const body = JSON.parse(raw.toString('utf8'));
    const pointer = contract().webhook(body.event)?.schemaPointer;
    const errors = pointer ? contract().validators.errors(pointer, body) : [{ message: 'is not an event of openapi.yaml' }];
    if (errors.length > 0) problems.push(`${body.event}: ${JSON.stringify(errors)}`);
    received.push({ raw, body, headers: req.headers });
    res.status(state.answers.shift() ?? 200).end();
  });
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    problems,
    state,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
