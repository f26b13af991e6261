// Whether a check's target can be used at all: the preflight of an implementation before any case. What a
// failed request means is read by client/request-failure.ts, as for the webhook wire.
import { failureCause, isConnectionFailure, isTimeout } from '../client/request-failure';
import { TargetUnusableError } from './exit-codes';

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
