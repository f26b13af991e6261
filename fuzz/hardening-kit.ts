// Helpers of the hardening tests (crash safety, concurrency, abuse): a small JSON client, connecting a
// client through the public hosted-session flow over HTTP, raw sockets, and the reference server as a child
// process on a prepared data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerChild, type Child } from '../bench/processes';
import { dataEnvironment, startTestServer } from '../server/testing';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

export function api(baseUrl: string, key: string | null) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: (body === undefined ? undefined : typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)) as BodyInit | undefined,
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
}

/** A 4xx answer in the `{error:{code,message}}` envelope. */
export function isEnvelope4xx(a: { status: number; json: any }): boolean {
  return a.status >= 400 && a.status < 500 && typeof a.json?.error?.code === 'string' && typeof a.json?.error?.message === 'string';
}

/** A phone number of the simulated provider's ordinary range, distinct per reference. */
export function phoneFor(ref: string): string {
  let h = 0;
  for (const c of ref) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `49${String(h).padStart(10, '0').slice(0, 10)}`;
}

/** Creates a hosted session through the API; returns the completion URL on `origin` (the link's own host may be localhost). */
export async function createSession(baseUrl: string, key: string, clientRef: string, channel: 'chat' | 'social'): Promise<{ status: number; url?: string; answer: JsonAnswer }> {
  const answer = await api(baseUrl, key)('POST', channel === 'chat' ? '/embedded-signup/sessions' : '/social-connect/sessions', { client_ref: clientRef });
  if (answer.status !== 201) return { status: answer.status, answer };
  const link = new URL(answer.json.url);
  const origin = new URL(baseUrl).origin;
  return { status: 201, url: `${origin}${link.pathname}${link.search}`, answer };
}

/** Completes a hosted session as the person on the page would (POST of the form). */
export async function completeSession(url: string, fields: { business_name: string; phone_number?: string; username?: string }): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  const form = new URLSearchParams({ token: u.searchParams.get('token') ?? '', ...fields });
  const res = await fetch(`${u.origin}${u.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  return { status: res.status, text: await res.text() };
}

/** The public onboarding flow end to end; resolves to the status of the completion (200 = connected). */
export async function connectOverHttp(baseUrl: string, key: string, clientRef: string, channel: 'chat' | 'social'): Promise<number> {
  const s = await createSession(baseUrl, key, clientRef, channel);
  if (!s.url) return s.status;
  const account = channel === 'chat' ? { phone_number: phoneFor(clientRef) } : { username: `acct_${clientRef.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}` };
  return (await completeSession(s.url, { business_name: clientRef, ...account })).status;
}

/** A temp DATA_DIR with a live key with every scope (and any extra keys), made through the test support. */
export async function preparedDataDir(
  extraKeys: { mode: 'test' | 'live'; scopes: string[] | 'all' }[] = [],
  clients: { clientRef: string; channel: 'chat' | 'social' }[] = [],
): Promise<{ dataDir: string; key: string; keys: string[]; remove(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hardening-'));
  const handle = await startTestServer({ dataDir });
  const key = await handle.createKey({ mode: 'live', scopes: 'all' });
  const keys: string[] = [];
  for (const k of extraKeys) keys.push(await handle.createKey(k));
  for (const c of clients) await handle.connectClient(c);
  await handle.close();
  return { dataDir, key, keys, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The server as `npm start` runs it, on the data of `dataDir` (its SQLite file, or the PostgreSQL database noted in it). */
export async function serverChild(dataDir: string, env: Record<string, string> = {}): Promise<Child & { baseUrl: string }> {
  return startServerChild({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', ...(await dataEnvironment(dataDir, undefined, env)), ...env });
}

/** Opens a raw TCP connection; resolves once connected. */
export function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Writes `data` and collects what comes back until the server closes the connection or `timeoutMs` passes. */
export function exchangeRaw(port: number, data: Buffer | string, timeoutMs = 10_000): Promise<{ response: string; closedByServer: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const s = connect(port, '127.0.0.1');
    let response = '';
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ response, closedByServer: false, ms: performance.now() - started });
    }, timeoutMs);
    s.on('data', (d) => (response += d.toString('latin1')));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ response, closedByServer: true, ms: performance.now() - started });
    });
    s.once('connect', () => {
      s.write(data, (err) => err && reject(err));
    });
  });
}

export const statusOfRaw = (response: string): number | null => {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(response);
  return m ? Number(m[1]) : null;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
