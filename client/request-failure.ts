// What a failed HTTP request means, for node:http and fetch alike: the cause in a few words, and whether a
// connection could be opened at all (nothing listens there) as opposed to a target that was reached and then
// failed to answer. The webhook wire and the drift check's preflight both read their failures with it.

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

/** An abort by a time limit (`AbortSignal.timeout`) or by the caller. */
export const isTimeout = (error: unknown) => ['TimeoutError', 'AbortError'].includes((error as Error | undefined)?.name ?? '');

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

/** True when the other side had closed the connection a request was written to (reset, broken pipe). */
export function isClosedUnderfoot(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'ECONNRESET' || code === 'EPIPE';
}
