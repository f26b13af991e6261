// Before any case: is the target there, at the right base URL, and does it take the run's key? A run against
// the wrong URL or with a dead key would otherwise report every case as drift.
import { causeOf } from './fixtures-file';
import type { RunningTarget } from './targets';

/** The target cannot be checked at all; the message names the URL and the cause. */
export class TargetUnreachable extends Error {}

const PREFLIGHT_TIMEOUT_MS = 15_000;

async function get(url: string, key?: string): Promise<Response> {
  try {
    return await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS) });
  } catch (e) {
    const cause = (e as Error).name === 'TimeoutError' ? `no answer within ${PREFLIGHT_TIMEOUT_MS / 1000} s` : causeOf(e);
    throw new TargetUnreachable(`GET ${url} failed: ${cause}`);
  }
}

export async function preflight(target: RunningTarget): Promise<void> {
  const status = `${target.baseUrl}/status`;
  const res = await get(status);
  if (res.status === 404) {
    const hint = /\/v\d+$/.test(target.baseUrl) ? 'is this the Partner Messaging API?' : 'does the base URL end in /v1?';
    throw new TargetUnreachable(`GET ${status} answered 404: ${hint}`);
  }
  if (!res.ok) throw new TargetUnreachable(`GET ${status} answered ${res.status}: is the service up?`);
  const usage = `${target.baseUrl}/usage`;
  const withKey = await get(usage, target.fixtures.apiKey);
  if (withKey.status === 401) {
    const message = ((await withKey.json().catch(() => undefined)) as { error?: { message?: string } } | undefined)?.error?.message;
    throw new TargetUnreachable(`GET ${usage} with the API key answered 401${message ? ` (${message})` : ''}: is --api-key a valid key of this service?`);
  }
}
