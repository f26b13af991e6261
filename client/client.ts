// The typed client: openapi-fetch over the generated `paths`, with the bearer key, multipart uploads and the
// retry policy of section 7 built in.
import createClient, { type Client as FetchClient } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { partnerBodySerializer } from './multipart';
import { DEFAULT_RETRY_POLICY, withRetry, type FetchLike, type RetryHooks, type RetryPolicy } from './retry';

export type PartnerClient = FetchClient<paths>;

export interface PartnerClientOptions extends RetryHooks {
  /**
   * Base address including the version segment, e.g. `http://localhost:4000/v1` for the reference server;
   * the mock too: `http://localhost:4010/v1`.
   */
  baseUrl: string;
  /** `ik_test_…` or `ik_live_…`; sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Retry settings (merged over the defaults), or `false` to send every request exactly once. */
  retry?: Partial<RetryPolicy> | false;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** A fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: FetchLike;
}

/**
 * Creates the typed client. Every method is typed from openapi.yaml:
 *
 * ```ts
 * import { createPartnerClient } from '@partner-messaging/client';
 *
 * const api = createPartnerClient({ baseUrl: 'http://localhost:4000/v1', apiKey: process.env.PARTNER_API_KEY! });
 * const { data, error, response } = await api.POST('/messages/send', {
 *   body: { client_ref: 'acme-shoes-de', to: '4915112345678', type: 'text', text: { body: 'Hello' } },
 * });
 * if (error) console.error(response.status, error.error.code); // code: the documented codes, or a newer one
 * else console.log(data.message_id);
 * ```
 *
 * Uploads take a Blob (or File) in `file` and go out as multipart/form-data:
 * `api.POST('/media', { body: { client_ref, file: new Blob([bytes], { type: 'image/jpeg' }) } })`.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  if (!options.baseUrl) throw new TypeError('createPartnerClient: baseUrl is required');
  if (!options.apiKey) throw new TypeError('createPartnerClient: apiKey is required');

  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const policy: RetryPolicy | undefined =
    options.retry === false ? undefined : { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const hooks: RetryHooks = {};
  if (options.onRetry) hooks.onRetry = options.onRetry;
  if (options.sleep) hooks.sleep = options.sleep;
  if (options.random) hooks.random = options.random;
  if (options.now) hooks.now = options.now;

  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    bodySerializer: partnerBodySerializer,
    fetch: policy ? withRetry(baseFetch, policy, hooks) : baseFetch,
  });
}
