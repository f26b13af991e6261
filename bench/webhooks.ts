// Signed webhook deliveries per second to a local receiver (bench/subjects/webhook-receiver.ts, a separate
// process that verifies every X-Service-Signature), through the server's own public mechanism: the
// portal stand-in /sandbox (PUT /sandbox/webhook sets the receiver and secret, POST /sandbox/webhook/test
// fires a signed webhook.test event). The figure is end to end: fire → persist → sign → deliver → verified.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { productionEnv, spawnNode, startServerChild, type Child } from './processes';

/** One measured figure of the report (or why it could not be measured). */
export interface ScalarFigure {
  name: string;
  measured: boolean;
  reason?: string;
  value?: number;
  unit: string;
  detail?: Record<string, unknown>;
}

export const DELIVERY_FIGURE = 'signed webhook deliveries per second to a local receiver';
/** The shortest delivery lease the server accepts: what the drain waits for after the kill. */
const LEASE_SECONDS = 6;

interface Counts {
  t: number;
  verified: number;
  rejected: number;
  first: number | null;
  last: number | null;
}

/** The receiver reports its counts on stdout every 50 ms; this follows them. */
function follow(receiver: Child) {
  let last: Counts = { t: Date.now(), verified: 0, rejected: 0, first: null, last: null };
  let buffer = '';
  receiver.child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      try {
        last = JSON.parse(line) as Counts;
      } catch {
        /* partial line */
      }
    }
  });
  return {
    now: () => last,
    async until(verified: number, timeoutMs: number): Promise<Counts | null> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (last.verified >= verified) return last;
        await new Promise((r) => setTimeout(r, 10));
      }
      return null;
    },
  };
}

/** Resolves once `origin` answers anything over HTTP. */
async function listening(origin: string, child: Child, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) throw new Error(`receiver exited: ${child.output()}`);
    try {
      await (await fetch(`${origin}/__ping`, { method: 'POST' })).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('the webhook receiver did not listen');
}

/**
 * Two figures. Drain (the reported value): events whose deliveries are pending in the store (fired while the
 * receiver held every request open, then the server was SIGKILLed) are delivered by the restarted server as
 * fast as it can, once the killed one's leases ended: deliveries verified per second between the first and
 * the last verified one. End to end
 * (in the detail): fire → persist → sign → deliver → verified, paced by the sandbox's firing route.
 */
export async function measureDeliveries(prepared: { dataDir: string; key: string; chatRef: string }, events = 1000, concurrency = 32): Promise<ScalarFigure> {
  const base = { name: DELIVERY_FIGURE, unit: '/s' };
  const secret = `whsec_bench_${randomBytes(12).toString('hex')}`;
  const token = `sbx_bench_${randomBytes(12).toString('hex')}`;
  const receiver = await spawnNode(['--import', 'tsx', join(__dirname, 'subjects', 'webhook-receiver.ts')], { WEBHOOK_SECRET: secret });
  const counts = follow(receiver);
  const control = (what: string) => fetch(`${receiver.origin}/__${what}`, { method: 'POST' }).then((r) => r.arrayBuffer());
  let server: (Child & { baseUrl: string }) | undefined;
  try {
    await listening(receiver.origin, receiver);
    const env = productionEnv(prepared.dataDir, { SANDBOX_ADMIN_TOKEN: token, DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS) });
    server = await startServerChild(env, { build: 'compiled' });
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const set = await fetch(`${server.origin}/sandbox/webhook`, { method: 'PUT', headers: admin, body: JSON.stringify({ url: `${receiver.origin}/hooks`, secret, events: [] }) });
    const setText = await set.text();
    if (set.status !== 200) return { ...base, measured: false, reason: `PUT /sandbox/webhook answered ${set.status}: ${setText.slice(0, 160)}` };
    const fireMany = async (origin: string, n: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) {
            next++;
            const r = await fetch(`${origin}/sandbox/webhook/test`, { method: 'POST', headers: admin, body: JSON.stringify({ client_ref: prepared.chatRef }) });
            await r.arrayBuffer();
            if (r.status !== 202) throw new Error(`POST /sandbox/webhook/test answered ${r.status}`);
          }
        }),
      );
    };

    // End to end (after a warm-up of 100).
    let start = counts.now().verified;
    await fireMany(server.origin, 100);
    if (!(await counts.until(start + 100, 30_000))) return { ...base, measured: false, reason: `warm-up: ${counts.now().verified - start} of 100 deliveries verified within 30 s (bad signatures: ${counts.now().rejected})` };
    start = counts.now().verified;
    const t0 = Date.now();
    await fireMany(server.origin, events);
    const firedMs = Date.now() - t0;
    const e2e = await counts.until(start + events, 60_000);
    if (!e2e) return { ...base, measured: false, reason: `end to end: ${counts.now().verified - start} of ${events} deliveries verified within 60 s` };
    const endToEnd = Math.round(events / ((e2e.t - t0) / 1000));

    // Drain: a backlog of pending deliveries, delivered by a restarted server.
    await control('hold');
    await fireMany(server.origin, events);
    await new Promise((r) => setTimeout(r, 300));
    await server.kill('SIGKILL');
    await control('release');
    await control('reset');
    // The attempts under way at the kill stay the killed instance's until their lease runs out; the drain
    // measures how fast the backlog is delivered, not the lease, so it starts once every lease has ended.
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000));
    start = counts.now().verified;
    server = await startServerChild(env, { build: 'compiled' });
    const drained = await counts.until(start + events, 60_000);
    if (!drained || drained.first === null || drained.last === null) return { ...base, measured: false, reason: `drain: ${counts.now().verified - start} of ${events} pending deliveries verified within 60 s of the restart`, detail: { endToEndPerSecond: endToEnd } };
    const drainSeconds = Math.max(0.001, (drained.last - drained.first) / 1000);
    return {
      ...base,
      measured: true,
      value: Math.round(events / drainSeconds),
      detail: {
        events,
        drainSeconds: Math.round(drainSeconds * 1000) / 1000,
        endToEndPerSecond: endToEnd,
        firedPerSecond: Math.round(events / (firedMs / 1000)),
        badSignatures: drained.rejected,
        mechanism: `PUT /sandbox/webhook; POST /sandbox/webhook/test; drain = pending deliveries after SIGKILL + restart once the killed instance's leases (DELIVERY_LEASE_SECONDS=${LEASE_SECONDS}) ran out`,
      },
    };
  } finally {
    await server?.stop();
    await receiver.stop();
  }
}
