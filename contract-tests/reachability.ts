// Whether a check's target can be used at all: what a failed request (fetch or node:http) means (the cause in
// a few words; whether a connection could be opened at all, as opposed to a target that was reached and then
// failed to answer), and the preflight of an implementation before any case.
import { TargetUnusableError } from './exit-codes';

interface RequestError extends Error {
  /** node:http errors carry the code themselves, fetch errors in their cause; several addresses tried give `errors`. */
  code?: string;
  cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> };
}

/** Codes of a connection that could not be opened: the target is not there. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

function codeOf(error: unknown): string | undefined {
  const e = error as RequestError | undefined;
  return e?.code ?? e?.cause?.code ?? e?.cause?.errors?.find((inner) => inner.code)?.code;
}

/** fetch refuses the ports of other protocols (the Fetch standard's "bad port" list) before connecting. */
const isRefusedPort = (error: unknown) => (error as RequestError | undefined)?.cause?.message === 'bad port';

const isTimeout = (error: unknown) => ['TimeoutError', 'AbortError'].includes((error as Error | undefined)?.name ?? '');

/** A short cause: `ECONNREFUSED`, `timeout after 5000 ms`, `UND_ERR_SOCKET (other side closed)`. */
export function failureCause(error: unknown, timeoutMs?: number): string {
  if (isTimeout(error)) return timeoutMs === undefined ? 'timeout' : `timeout after ${timeoutMs} ms`;
  const code = codeOf(error);
  const message = (error as RequestError | undefined)?.cause?.message;
  if (code && message && !message.includes(code)) return `${code} (${message})`;
  return code ?? message ?? (error as Error | undefined)?.message ?? String(error);
}

/** True when no connection could be opened (as opposed to a connection that was reset or timed out). */
export function isConnectionFailure(error: unknown): boolean {
  const code = codeOf(error);
  return (code !== undefined && NO_CONNECTION.has(code)) || isRefusedPort(error);
}

/** How long the preflight waits for each answer. */
const PREFLIGHT_TIMEOUT_MS = 10_000;

async function preflightGet(url: string, apiKey?: string): Promise<Response> {
  try {
    return await fetch(url, { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS), redirect: 'manual' });
  } catch (error) {
    const cause = failureCause(error, PREFLIGHT_TIMEOUT_MS);
    if (isConnectionFailure(error) || isTimeout(error)) throw new TargetUnusableError(`cannot reach ${url}: ${cause}`);
    throw new TargetUnusableError(`GET ${url} failed: ${cause}`);
  }
}

/** Whether GET /status answers 200 to a request with the key. */
async function statusWithKey(url: string, apiKey: string): Promise<boolean> {
  const res = await preflightGet(url, apiKey);
  await res.arrayBuffer().catch(() => undefined);
  return res.ok;
}

/**
 * Before any case of a check against an implementation: is the service there, at the right base URL (with
 * its version prefix), and does it take the run's key? A wrong URL or a dead key would otherwise report the
 * whole contract as drift. Throws TargetUnusableError naming the URL and the cause.
 */
export async function preflight(baseUrl: string, apiKey: string): Promise<void> {
  const status = `${baseUrl}/status`;
  const res = await preflightGet(status);
  await res.arrayBuffer().catch(() => undefined);
  if (res.status === 404) {
    const hint = /\/v\d+$/.test(baseUrl) ? 'is this the Partner Messaging API?' : 'does the base URL end in /v1?';
    throw new TargetUnusableError(`GET ${status} answered 404: ${hint}`);
  }
  if (res.status >= 300 && res.status < 400) {
    throw new TargetUnusableError(`GET ${status} answered ${res.status} (a redirect to ${res.headers.get('location') ?? 'nowhere'}): give the service's own base URL`);
  }
  // GET /status refusing a request without a key is a violation of section 4, not a misconfiguration: when the
  // key opens it, the run goes on and the case about GET /status reports it.
  const refusedWithoutKey = res.status >= 400 && res.status < 500 && res.status !== 429;
  if (!res.ok && !(refusedWithoutKey && (await statusWithKey(status, apiKey)))) throw new TargetUnusableError(`GET ${status} answered ${res.status}: is the service up?`);
  const usage = `${baseUrl}/usage`;
  const withKey = await preflightGet(usage, apiKey);
  const body = (await withKey.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  if (withKey.status === 401) {
    const message = body?.error?.message;
    throw new TargetUnusableError(`GET ${usage} with the API key answered 401${message ? ` (${message})` : ''}: is --api-key a valid key of this service?`);
  }
}
