// The data the bench's subjects run on, made through the test support (the server built by the composition
// root, in this process) before any subject starts: on SQLite, a partner with a live and a test key, a chat
// client whose recipient wrote in (inside the service window), 100 clients and 100 templates, and its webhooks
// going to a local receiver; on PostgreSQL, 5 partners with 4 live keys each, each with such a client and
// receiver. The statements of each key's send are recorded as the server runs them (bench/statements.ts) and
// the pages of its GETs kept: the floors replay and answer them on a copy of the data.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { databaseFile } from '../server/config';
import { startTestServer, type TestServer } from '../server/testing';
import { createTestDatabase, startPostgresCluster } from '../server/testing/postgres';
import type { FloorPlan } from './floors';
import { RecordingConnection, planOf } from './statements';

/** Who the measured sends go to: a recipient who wrote in, so inside the service window. */
export const RECIPIENT = '4915112345678';
export const CHAT_REF = 'bench-chat';
/** Clients and templates the GETs list. */
export const LISTED = 100;

export const sendBody = (clientRef: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ client_ref: clientRef, to: RECIPIENT, type: 'text', text: { body: 'Your order has shipped.' }, ...extra });

/** A request of a load: one of the keys it is spread over. */
export interface Variant {
  headers: Record<string, string>;
  body?: string;
}

export interface PreparedSqlite {
  dataDir: string;
  /** The live key's delivered send, the test key's send, the live key's dry run, the GETs (the live key). */
  delivered: Variant;
  testSend: Variant;
  dryRun: Variant;
  listing: { headers: Record<string, string>; clients: string; templates: string };
  /** The floor of this data: the sends' statements and the GETs' pages, on a copy. */
  floor: FloorPlan;
  /** The live key (for the profile, the upload and the webhook figures). */
  key: string;
  remove(): void;
}

export interface PreparedPostgres {
  databaseUrl: string;
  sandboxToken: string;
  dataDir: string;
  /** One delivered send per key: 20 keys of 5 partners. */
  delivered: Variant[];
  /** The dry run of one key. */
  dryRun: Variant;
  floor: FloorPlan;
  /** Bytes of the database now. */
  databaseBytes(): Promise<number>;
  /** Delivered sends stored in the database now. */
  messages(): Promise<number>;
  stop(): void;
}

const json = { 'content-type': 'application/json' };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Puts the partner's webhooks on the receiver (every event kind). */
async function sendWebhooksTo(server: TestServer, receiver: { url: string; secret: string }, partner?: string): Promise<void> {
  const res = await fetch(`${server.origin}/sandbox/webhook${partner ? `?partner=${partner}` : ''}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.sandboxToken}`, ...json },
    body: JSON.stringify({ url: receiver.url, secret: receiver.secret, events: [] }),
  });
  if (res.status !== 200) throw new Error(`PUT /sandbox/webhook answered ${res.status}: ${await res.text()}`);
}

/** A chat client whose recipient wrote in. */
async function senderClient(server: TestServer, clientRef: string, partner?: string): Promise<void> {
  await server.connectClient({ clientRef, channel: 'chat', partner });
  await server.sandbox('/inbound', { client_ref: clientRef, from: RECIPIENT, text: 'Where is my order?' }, partner);
}

/**
 * What the floor replays for a key's send: the send once (its caches warm, as under load), then recorded
 * until two sends in a row ran the same statements (work the server does beside a request, such as purging
 * the rate-limit windows that ended, may fall into one); and the answer of the last.
 */
async function recordSend(server: TestServer, recorder: RecordingConnection, variant: Variant): Promise<FloorPlan['sends'][string]> {
  const send = async () => {
    const res = await fetch(`${server.baseUrl}/messages/send`, { method: 'POST', headers: { ...variant.headers, ...json }, body: variant.body });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`the send to record answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  await send();
  let answer: unknown;
  let last = await recorder.record(send);
  for (let attempt = 1; ; attempt++) {
    const next = await recorder.record(async () => (answer = await send()));
    try {
      return { statements: planOf(last, next), answer };
    } catch (error) {
      if (attempt === 5) throw error;
      last = next;
    }
  }
}

/** The test server of a preparation, with a recorder under its store. */
async function recordingServer(opts: { dataDir: string; env?: Record<string, string> }): Promise<{ server: TestServer; recorder: () => RecordingConnection }> {
  let recorder: RecordingConnection | undefined;
  const server = await startTestServer({
    dataDir: opts.dataDir,
    // No ticker: nothing runs beside the sends while they are recorded.
    env: { TICK_INTERVAL_MS: '0', TEMPLATE_REVIEW_DELAY_MS: '600000', RATE_LIMIT_SAVE_MS: '60000', ...opts.env },
    wrapConnection: (connection) => (recorder = new RecordingConnection(connection)),
  });
  return { server, recorder: () => recorder! };
}

export async function prepareSqlite(receiver: { url: string; secret: string }): Promise<PreparedSqlite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const floorDir = mkdtempSync(join(tmpdir(), 'bench-floor-data-'));
  const remove = () => [dataDir, floorDir].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  try {
    const { server, recorder } = await recordingServer({ dataDir });
    const page: Record<string, unknown> = {};
    let prepared: Omit<PreparedSqlite, 'floor' | 'remove' | 'dataDir'>;
    const sends: FloorPlan['sends'] = {};
    try {
      const key = await server.createKey({ mode: 'live', scopes: 'all' });
      const testKey = await server.createKey({ mode: 'test', scopes: 'all' });
      await senderClient(server, CHAT_REF);
      await sendWebhooksTo(server, receiver);
      for (let i = 1; i < LISTED; i++) await server.connectClient({ clientRef: `bench-listed-${String(i).padStart(3, '0')}`, channel: 'chat' });
      for (let i = 0; i < LISTED; i++) {
        const res = await fetch(`${server.baseUrl}/templates`, {
          method: 'POST',
          headers: { ...bearer(key), ...json },
          body: JSON.stringify({ client_ref: CHAT_REF, name: `bench_update_${String(i).padStart(3, '0')}`, category: 'UTILITY', body: { text: 'Order {{1}} has shipped.', examples: ['A-1'] } }),
        });
        if (res.status !== 201) throw new Error(`POST /templates answered ${res.status}: ${await res.text()}`);
      }
      prepared = {
        key,
        delivered: { headers: bearer(key), body: sendBody(CHAT_REF) },
        testSend: { headers: bearer(testKey), body: sendBody(CHAT_REF) },
        dryRun: { headers: bearer(key), body: sendBody(CHAT_REF, { dry_run: true }) },
        listing: { headers: bearer(key), clients: '/clients', templates: `/templates?client_ref=${CHAT_REF}` },
      };
      // The deliveries the recorded sends queue wait for the measured server, which delivers them.
      server.composition.deliveries.close();
      for (const variant of [prepared.delivered, prepared.testSend]) sends[variant.headers.authorization!] = await recordSend(server, recorder(), variant);
      for (const [path, query] of [['/v1/clients', prepared.listing.clients], ['/v1/templates', prepared.listing.templates]] as const) {
        const res = await fetch(`${server.baseUrl}${query}`, { headers: bearer(key) });
        page[path] = await res.json();
        if (res.status !== 200) throw new Error(`GET ${query} answered ${res.status}`);
      }
    } finally {
      await server.close();
    }
    const file = databaseFile({ dataDir });
    const floorFile = databaseFile({ dataDir: floorDir });
    mkdirSync(floorDir, { recursive: true });
    copyFileSync(file, floorFile);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${floorFile}-wal`);
    return { ...prepared, dataDir, floor: { store: { sqliteFile: floorFile }, sends, pages: page }, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Partners and keys of the PostgreSQL load. */
export const PG_PARTNERS = 5;
export const PG_KEYS_PER_PARTNER = 4;

export async function preparePostgres(receiver: { url: string; secret: string }): Promise<PreparedPostgres> {
  const cluster = await startPostgresCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const stop = () => {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await createTestDatabase(cluster.adminUrl);
    const sandboxToken = `sbx_bench_${Date.now().toString(36)}`;
    const { server, recorder } = await recordingServer({ dataDir, env: { DATABASE_URL: databaseUrl, SANDBOX_ADMIN_TOKEN: sandboxToken } });
    const delivered: Variant[] = [];
    const sends: FloorPlan['sends'] = {};
    try {
      for (let p = 0; p < PG_PARTNERS; p++) {
        const made = await server.sandbox('/partners', { name: `Bench partner ${p + 1}` });
        const partner = made.id as string;
        const clientRef = `bench-chat-pg-${p + 1}`;
        await senderClient(server, clientRef, partner);
        await sendWebhooksTo(server, receiver, partner);
        for (let k = 0; k < PG_KEYS_PER_PARTNER; k++) delivered.push({ headers: bearer(await server.createKey({ mode: 'live', scopes: 'all', partner })), body: sendBody(clientRef) });
      }
      server.composition.deliveries.close();
      for (const variant of delivered) sends[variant.headers.authorization!] = await recordSend(server, recorder(), variant);
    } finally {
      await server.close();
    }
    // The floor's copy: a database made from this one (no connection may be open to it meanwhile).
    const admin = new Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    const floorName = `${new URL(databaseUrl).pathname.slice(1)}_floor`;
    try {
      await admin.query(`CREATE DATABASE ${floorName} TEMPLATE ${new URL(databaseUrl).pathname.slice(1)}`);
    } finally {
      await admin.end();
    }
    const floorUrl = new URL(databaseUrl);
    floorUrl.pathname = `/${floorName}`;
    const query = async <T>(sql: string): Promise<T> => {
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        return (await db.query(sql)).rows[0] as T;
      } finally {
        await db.end();
      }
    };
    return {
      databaseUrl,
      sandboxToken,
      dataDir,
      delivered,
      dryRun: { headers: delivered[0]!.headers, body: delivered[0]!.body!.replace(/}$/, ',"dry_run":true}') },
      floor: { store: { databaseUrl: floorUrl.toString() }, sends, pages: {} },
      databaseBytes: async () => Number((await query<{ size: string }>('SELECT pg_database_size(current_database()) AS size')).size),
      messages: async () => Number((await query<{ n: string }>('SELECT COUNT(*) AS n FROM messages')).n),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
