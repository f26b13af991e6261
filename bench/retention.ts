// Storage over months with retention on: the reference server (in this process, on a SQLite file, with the
// injected clock) takes the same traffic every simulated day for 90 days: sends delivered and moved on to
// `delivered` (a message, its status, a signed message.status event, its delivery and attempt), end users
// writing in (service windows, message.received events) and a media upload; the ticker delivers and purges
// as it runs in production (RETENTION_DAYS 30, the media's 30 days). The data is read at day 30, 60 and 90:
// past the retention period it must stay flat. Bytes per 1,000 delivered sends are what the data holds
// beyond its empty state per 1,000 sends kept (with the rest of the day's traffic), once the period is full.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile } from '../server/config';
import { DAY_MS } from '../server/domain/shared/clock';
import { startTestServer } from '../server/testing';
import { testClock } from '../server/testing/clock';
import { uploadForm } from '../server/testing/messaging-fixture';
import { startWebhookReceiver } from '../server/testing/webhook-receiver';
import { folderBytes } from './scalars';
import type { ScalarFigure } from './webhooks';

export const RETENTION_FIGURES = {
  flat: 'data after 90 simulated days ÷ after 30, steady traffic with retention on, SQLite',
  database: 'database bytes per 1,000 delivered sends kept, retention on (30 days), SQLite',
  folder: 'data folder bytes per 1,000 delivered sends kept, retention on (30 days), SQLite',
} as const;

const CONTACTS = 5;
const UPLOAD_BYTES = 64 * 1024;

interface Reading {
  day: number;
  /** The file (after a checkpoint, so the WAL holds nothing), what of it holds data, and the whole DATA_DIR. */
  fileBytes: number;
  usedBytes: number;
  folderBytes: number;
  messagesKept: number;
}

/** The SQLite data as it is: checkpointed into the file (from a connection of its own), its pages in use, the folder. */
function read(dataDir: string, day: number): Reading {
  const file = databaseFile({ dataDir });
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    const messagesKept = (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
    return { day, fileBytes: statSync(file).size, usedBytes: (pages - free) * pageSize, folderBytes: folderBytes(dataDir), messagesKept };
  } finally {
    db.close();
  }
}

/** 90 simulated days of `sendsPerDay` delivered sends (and the rest of a day's traffic), read at day 30, 60 and 90. */
export async function measureRetention(sendsPerDay: number, log: (line: string) => void = () => undefined): Promise<ScalarFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-retention-'));
  const clock = testClock('2026-01-01T08:00:00.000Z');
  const receiver = await startWebhookReceiver();
  const server = await startTestServer({
    dataDir,
    database: 'sqlite',
    now: clock.now,
    env: { TICK_INTERVAL_MS: '0', RATE_LIMIT_MAX: '1000000', RETENTION_DAYS: '30', TEMPLATE_REVIEW_DELAY_MS: '0' },
  });
  const started = performance.now();
  try {
    const key = await server.createKey({ mode: 'live', scopes: 'all' });
    await server.connectClient({ clientRef: 'steady', channel: 'chat' });
    const put = await fetch(`${server.origin}/sandbox/webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    receiver.state.secret = ((await put.json()) as { secret: string }).secret;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    // What the data holds before any traffic (the schema, the key, the client): not a send's.
    const empty = read(dataDir, 0);
    const readings: Reading[] = [];
    let sends = 0;
    for (let day = 1; day <= 90; day++) {
      const contacts = Array.from({ length: CONTACTS }, (_, i) => `49151${String(day * 1000 + i).padStart(8, '0')}`);
      for (const from of contacts) await server.sandbox('/inbound', { client_ref: 'steady', from, text: 'Hello?' });
      for (let i = 0; i < sendsPerDay; i++) {
        const sent = await fetch(`${server.baseUrl}/messages/send`, { method: 'POST', headers, body: JSON.stringify({ client_ref: 'steady', to: contacts[i % CONTACTS], type: 'text', text: { body: `Order ${i} of day ${day} is on its way.` } }) });
        if (sent.status !== 200) throw new Error(`a send answered ${sent.status}: ${await sent.text()}`);
        const id = ((await sent.json()) as { message_id: string }).message_id;
        await server.sandbox(`/messages/${id}/status`, { status: 'delivered' });
        sends++;
      }
      const upload = await fetch(`${server.baseUrl}/media`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: uploadForm('steady', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(UPLOAD_BYTES)]), 'image/jpeg', 'photo.jpg') });
      if (upload.status !== 201) throw new Error(`an upload answered ${upload.status}: ${await upload.text()}`);
      await server.tick();
      clock.advance(DAY_MS);
      // The purge's batches of the day, as the ticker runs them every 250 ms.
      for (let round = 0; round < 100 && Object.values(await server.composition.retention.runDue()).some((n) => n >= server.composition.config.retention.batch); round++);
      if (day % 30 === 0) {
        readings.push(read(dataDir, day));
        log(`  retention: day ${day}: ${JSON.stringify(readings.at(-1))}`);
      }
    }
    const [d30, , d90] = readings as [Reading, Reading, Reading];
    const detail = {
      sendsPerDay,
      daysSimulated: 90,
      deliveredSends: sends,
      readings: [empty, ...readings],
      perDay: `${sendsPerDay} delivered sends (each moved on to delivered: a signed message.status), ${CONTACTS} end users writing in, one ${UPLOAD_BYTES / 1024} KiB upload`,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    const ratio = Math.max(d90.fileBytes / d30.fileBytes, d90.usedBytes / d30.usedBytes, d90.folderBytes / d30.folderBytes);
    return [
      { name: RETENTION_FIGURES.flat, measured: true, value: Math.round(ratio * 100) / 100, unit: '×', detail },
      {
        name: RETENTION_FIGURES.database,
        measured: true,
        value: Math.round(((d90.usedBytes - empty.usedBytes) / d90.messagesKept) * 1000),
        unit: 'bytes',
        detail: { ...detail, of: 'pages in use at day 90, less those of the data before any traffic, over the messages kept' },
      },
      {
        name: RETENTION_FIGURES.folder,
        measured: true,
        value: Math.round(((d90.folderBytes - empty.folderBytes) / d90.messagesKept) * 1000),
        unit: 'bytes',
        detail: { ...detail, of: 'DATA_DIR at day 90 (the SQLite file and the provider media), less before any traffic, over the messages kept' },
      },
    ];
  } finally {
    await server.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
