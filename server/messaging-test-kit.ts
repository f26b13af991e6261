import type { components } from '../generated/openapi';
import type { NewWebhookEvent } from './domain/events';
import type { TemplateRecord } from './domain/templates';
import { connectThroughSession, startServer, type RunningServer } from './harness';
import { contractProblems, testClock, type ContractResponse, type TestClock } from './test-kit';

/**
 * Helpers for the send and media tests: a server with a recording event publisher, a live and a test
 * key, a chat and a social client; requests whose answers are held to openapi.yaml (test-kit's checker),
 * multipart and binary answers included.
 */
export interface MessagingFixture {
  server: RunningServer;
  clock: TestClock;
  events: NewWebhookEvent[];
  live: string;
  test: string;
  chat: string;
  social: string;
}

export type StatusEvent = Pick<components['schemas']['MessageStatusEvent'], 'event' | 'channel' | 'client_ref' | 'statuses'>;

/** The `message.status` events raised so far. */
export const statusEvents = (f: Pick<MessagingFixture, 'events'>) =>
  f.events.filter((e) => e.event === 'message.status') as unknown as StatusEvent[];

export async function messagingFixture(opts: { dataDir?: string } = {}): Promise<MessagingFixture> {
  const clock = testClock();
  const events: NewWebhookEvent[] = [];
  const server = await startServer({
    dataDir: opts.dataDir,
    now: clock.now,
    env: { RATE_LIMIT_MAX: '100000' },
    events: { publish: (e) => void events.push(e) },
  });
  const live = server.domain.keys.create({ mode: 'live', scopes: 'all' }).plain;
  const test = server.domain.keys.create({ mode: 'test', scopes: 'all' }).plain;
  await connectThroughSession(server.domain, 'acme-chat', 'chat');
  await connectThroughSession(server.domain, 'acme-social', 'social');
  return { server, clock, events, live, test, chat: 'acme-chat', social: 'acme-social' };
}

/** fetch with any body; the answer is checked against the operation at `route` (binary 200s: headers only). */
export async function request(
  baseUrl: string,
  method: string,
  route: string,
  opts: { path?: string; key?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ContractResponse & { bytes: Buffer }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl}${opts.path ?? route}`, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const json = (res.headers.get('content-type') ?? '').includes('json');
  let parsed: unknown;
  if (json && text) parsed = JSON.parse(text);
  const answer = { status: res.status, headers: res.headers, body: parsed as any, text, bytes };
  const problems = contractProblems(method, opts.path ?? route, { status: res.status, headers: res.headers, text: json ? text : '' });
  if (problems.length > 0) throw new Error(`${method} ${opts.path ?? route} → ${res.status} breaks openapi.yaml:\n  ${problems.join('\n  ')}\n${json ? text : ''}`);
  return answer;
}


/** A multipart body with `client_ref` and a `file` part of `bytes`, declared `type`. */
export function uploadForm(clientRef: string | undefined, bytes: Buffer | undefined, type: string, filename = 'upload.bin'): FormData {
  const form = new FormData();
  if (clientRef !== undefined) form.append('client_ref', clientRef);
  if (bytes !== undefined) form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** A stored template for template sends (the template lifecycle issue creates them through the API). */
export function seedTemplate(server: RunningServer, template: Partial<TemplateRecord> & Pick<TemplateRecord, 'name' | 'components'>): TemplateRecord {
  const record: TemplateRecord = {
    id: String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e12)),
    client_ref: 'acme-chat',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    rejected_reason: null,
    template_type: template.components.some((c) => String(c.type).toUpperCase() === 'CAROUSEL') ? 'CAROUSEL' : 'STANDARD',
    created_at: new Date('2026-11-01T00:00:00.000Z'),
    updated_at: new Date('2026-11-01T00:00:00.000Z'),
    ...template,
  };
  server.store.templates.upsert(record);
  return record;
}

/** Sample bytes of every supported type (a real signature followed by filler). */
export const SAMPLES = {
  jpeg: sample([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]),
  png: sample([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]),
  mp4: sample([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2avc1mp41')]),
  threegp: sample([0, 0, 0, 0x14, ...ascii('ftyp3gp4'), 0, 0, 0, 0, ...ascii('3gp4')]),
  m4a: sample([0, 0, 0, 0x1c, ...ascii('ftypM4A '), 0, 0, 0, 0, ...ascii('M4A mp42isom')]),
  aac: sample([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]),
  mp3: sample([...ascii('ID3'), 4, 0, 0, 0, 0, 0, 0]),
  amr: sample(ascii('#!AMR\n')),
  ogg: sample([...ascii('OggS'), 0, 2]),
  pdf: sample(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')),
  doc: sample([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: sample([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, ...Array(18).fill(0), 19, 0, 0, 0, ...ascii('[Content_Types].xml')]),
  txt: Buffer.from('Order 10482 shipped.\nThank you!\n'.repeat(20)),
  webp: sample([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]),
  gif: sample(ascii('GIF89a')),
};

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')];
}

function sample(signature: number[], size = 2048): Buffer {
  const bytes = Buffer.alloc(Math.max(size, signature.length), 0xa5);
  Buffer.from(signature).copy(bytes);
  return bytes;
}

/** `size` bytes starting with `signature` (for ceilings). */
export function ofSize(signature: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0xa5);
  signature.subarray(0, Math.min(64, size)).copy(bytes);
  return bytes;
}
