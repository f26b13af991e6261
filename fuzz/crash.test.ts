// Crash safety: the server (as `npm start` runs it) takes writes on a temp DATA_DIR (clients connected
// through hosted sessions, usage-counted live sends, templates, webhook events whose deliveries are still
// pending), is killed with SIGKILL mid-load, and restarts on the same DATA_DIR. Every write it acknowledged
// is still there, and the pending deliveries complete.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Child } from '../bench/processes';
import { verifyWebhookSignature } from '../client/webhooks';
import { api, connectOverHttp, preparedDataDir, serverChild, sleep } from './hardening-kit';


const CHAT = 'crash-chat';
const SECRET = `whsec_crash_${randomBytes(8).toString('hex')}`;
const TOKEN = `sbx_crash_${randomBytes(8).toString('hex')}`;

/** A webhook receiver in this process: holds requests open while `hold` is set, verifies signatures, records event ids. */
function receiver() {
  const received = new Set<string>();
  let badSignatures = 0;
  let hold = true;
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hold) {
        held.push(res);
        return;
      }
      const raw = Buffer.concat(chunks);
      if (!verifyWebhookSignature(raw, req.headers['x-service-signature'] as string | undefined, SECRET)) {
        badSignatures++;
        res.writeHead(401).end();
        return;
      }
      received.add(JSON.parse(raw.toString()).event_id);
      res.writeHead(204).end();
    });
  });
  return {
    received,
    bad: () => badSignatures,
    release() {
      hold = false;
      for (const r of held.splice(0)) r.destroy();
    },
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Acked {
  clients: string[];
  liveSends: number;
  templates: string[];
  events: string[];
}

test(
  'after SIGKILL mid-load and a restart on the same DATA_DIR, every acknowledged client, usage count, template and webhook event is still there, and pending deliveries complete',
  async () => {
    const prepared = await preparedDataDir([], [{ clientRef: CHAT, channel: 'chat' }]);
    const hooks = receiver();
    const hookUrl = await hooks.listen();
    // The killed server's claims on the attempts it had under way run out after the shortest lease allowed.
    const env = { SANDBOX_ADMIN_TOKEN: TOKEN, TEMPLATE_REVIEW_DELAY_MS: '600000', DELIVERY_LEASE_SECONDS: '6' };
    let server: (Child & { baseUrl: string }) | undefined = await serverChild(prepared.dataDir, env);
    try {
      const call = api(server.baseUrl, prepared.key);
      const admin = api(server.origin, TOKEN);
      const set = await admin('PUT', '/sandbox/webhook', { url: hookUrl, secret: SECRET, events: [] });
      expect(set.status).toBe(200);
      const usageBefore = (await call('GET', '/usage')).json?.current?.total_messages ?? 0;

      // Writers run until the kill; what each got acknowledged is recorded as the answer arrives.
      const acked: Acked = { clients: [], liveSends: 0, templates: [], events: [] };
      let stop = false;
      const writer = async (f: (i: number) => Promise<void>) => {
        for (let i = 0; !stop; i++) await f(i).catch(() => undefined);
      };
      const run = Date.now().toString(36);
      const writers = [
        writer(async (i) => {
          const ref = `crash-${run}-${i}`;
          if ((await connectOverHttp(server!.baseUrl, prepared.key, ref, 'chat')) === 200) acked.clients.push(ref);
        }),
        writer(async (i) => {
          const ref = `crash-s-${run}-${i}`;
          if ((await connectOverHttp(server!.baseUrl, prepared.key, ref, 'social')) === 200) acked.clients.push(ref);
        }),
        writer(async (i) => {
          const a = await call('POST', '/messages/send', { client_ref: CHAT, to: '4915112345678', type: 'text', text: { body: `crash ${i}` } });
          if (a.status === 200 && a.json?.dry_run !== true) acked.liveSends++;
        }),
        writer(async (i) => {
          const name = `crash_${run}_${i}`;
          const a = await call('POST', '/templates', { client_ref: CHAT, name, language: 'en_US', category: 'UTILITY', body: { text: 'Order {{1}} shipped.', examples: ['1'] } });
          if (a.status === 201) acked.templates.push(name);
        }),
        writer(async () => {
          const a = await admin('POST', '/sandbox/webhook/test', { client_ref: CHAT });
          if (a.status === 202) acked.events.push(a.json.event_id);
        }),
      ];
      await sleep(2_500);
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(acked.clients.length).toBeGreaterThan(0);

      // Restart on the same data; the receiver now answers.
      hooks.release();
      server = await serverChild(prepared.dataDir, env);
      const after = api(server.baseUrl, prepared.key);
      const lost: string[] = [];
      for (const ref of acked.clients) if ((await after('GET', `/clients/${ref}`)).status !== 200) lost.push(ref);
      expect(lost).toEqual([]);
      if (acked.liveSends > 0) {
        const usage = await after('GET', '/usage');
        expect(usage.status).toBe(200);
        // In-flight sends may have been stored without their answer arriving: at least every acknowledged one counts.
        expect(usage.json.current.total_messages - usageBefore).toBeGreaterThanOrEqual(acked.liveSends);
      }
      {
        const lostTemplates: string[] = [];
        for (const name of acked.templates) if ((await after('GET', `/templates/${name}?client_ref=${CHAT}&language=en_US`)).status !== 200) lostTemplates.push(name);
        expect(lostTemplates).toEqual([]);
      }
      {
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline && acked.events.some((id) => !hooks.received.has(id))) await sleep(100);
        expect(acked.events.filter((id) => !hooks.received.has(id))).toEqual([]);
        expect(hooks.bad()).toBe(0);
      }
      process.stdout.write(`crash test: acknowledged before SIGKILL: ${acked.clients.length} clients, ${acked.liveSends} live sends, ${acked.templates.length} templates, ${acked.events.length} webhook events\n`);
    } finally {
      await server?.stop();
      await hooks.close();
      prepared.remove();
    }
  },
  60_000,
);
