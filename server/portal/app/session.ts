// Who is signed in and the sandbox client they use: the sandbox contract's own typed client (openapi-fetch
// over server/sandbox/generated/openapi.ts) at this server's /sandbox, with the token as bearer: a partner's
// portal token, which acts for its partner alone, or the admin token, with the partner picked as `?partner=`. The token is kept for this browser tab only
// (sessionStorage: a reload keeps it, another tab or a closed browser does not), never in localStorage.
import createClient from 'openapi-fetch';
import type { paths } from '../../sandbox/generated/openapi';

const STORAGE = 'partner-messaging.portal.session';

export interface Session {
  token: string;
  /** `portal`: a partner's portal token, for that partner alone; `admin`: the sandbox's admin token, acting for the partner picked. */
  access: 'admin' | 'portal';
  /** The partner the portal acts for (`ptn_…`, or `default`). */
  partner: string;
  partnerName: string;
}

export function keptSession(): Session | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(STORAGE) ?? 'null') as Session | null;
    return kept && typeof kept.token === 'string' && typeof kept.partner === 'string' && (kept.access === 'admin' || kept.access === 'portal') ? kept : null;
  } catch {
    return null;
  }
}

export function keepSession(session: Session | null): void {
  try {
    if (session) window.sessionStorage.setItem(STORAGE, JSON.stringify(session));
    else window.sessionStorage.removeItem(STORAGE);
  } catch {
    // storage refused (private mode): the session lasts as long as the page
  }
}

/** The sandbox of the server that served this page (/portal/ → /sandbox). */
const SANDBOX_URL = new URL('../sandbox', window.location.href).href;

export type SandboxClient = ReturnType<typeof createClient<paths>>;

/**
 * The sandbox client of a token; with `partner`, its calls act for that partner (`?partner=`, beside each
 * call's own query, which is flat: strings and numbers). The client of the partner accounts has none.
 */
export function sandboxClient(token: string, partner?: string): SandboxClient {
  return createClient<paths>({
    baseUrl: SANDBOX_URL,
    headers: { authorization: `Bearer ${token}` },
    querySerializer: (query: Record<string, unknown>) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...query, partner })) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
      return search.toString();
    },
  });
}

/** A refusal of the sandbox: the section 7 envelope, with the status and the request id to quote. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string[]> | undefined,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** The answer of a sandbox call, or its refusal thrown as an ApiError. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const envelope = (error as { error?: { code?: string; message?: string; details?: Record<string, string[]> } } | undefined)?.error;
  throw new ApiError(response.status, envelope?.code ?? `http_${response.status}`, envelope?.message ?? response.statusText, envelope?.details, response.headers.get('x-request-id'));
}
