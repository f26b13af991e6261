// What a failed request (fetch or node:http) means for a check: the cause in a few words, and whether a
// connection could be opened at all (nothing listens, unknown host) as opposed to a target that was reached
// and then failed to answer.
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
export function failureCause(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `timeout after ${timeoutMs} ms`;
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

/**
 * Throws TargetUnusableError, naming the URL and the cause, when a GET of `url` cannot open a connection.
 * Any HTTP answer (even an error status) counts as reached: judging it is the check's job.
 */
export async function assertReachable(url: string, timeoutMs = 10_000): Promise<void> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.arrayBuffer().catch(() => undefined);
  } catch (error) {
    if (isConnectionFailure(error) || isTimeout(error)) {
      throw new TargetUnusableError(`cannot reach ${url}: ${failureCause(error, timeoutMs)}`);
    }
    throw new TargetUnusableError(`GET ${url} failed: ${failureCause(error, timeoutMs)}`);
  }
}
