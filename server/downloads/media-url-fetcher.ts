import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { MediaUrlRefused, type MediaUrlFetcher } from '../domain/templates/media-url';

const MAX_REDIRECTS = 3;
/** The longest pause while connecting or receiving. */
const IDLE_TIMEOUT_MS = 15_000;
/** The longest a whole download may take, redirects included. */
const DEADLINE_MS = 60_000;

/** Why an address may not be fetched (a domain rule, injected), or undefined when it may. */
export type AddressPolicy = (address: string) => string | undefined;

/**
 * Downloads a template header `media_url`. The host is resolved first and every address it resolves to
 * must pass the address policy; the connection then goes to the checked address only (no second lookup),
 * and each redirect is checked the same way. A failure says what failed, never why a connection did (a
 * refused, reset or timed-out connection read the same), so the answers cannot map a network.
 */
export class HttpMediaUrlFetcher implements MediaUrlFetcher {
  constructor(private readonly refuses: AddressPolicy) {}

  open(url: string): Promise<{ content: Readable; filename?: string }> {
    return this.fetch(url, 0, AbortSignal.timeout(DEADLINE_MS));
  }

  private async fetch(url: string, redirects: number, deadline: AbortSignal): Promise<{ content: Readable; filename?: string }> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new MediaUrlRefused('is not a URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new MediaUrlRefused('must be http or https');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0) throw new MediaUrlRefused('does not resolve');
    for (const { address } of addresses) {
      const reason = this.refuses(address);
      if (reason) throw new MediaUrlRefused(`must point at a public address (${host} resolves to a ${reason} address)`);
    }
    const chosen = addresses[0]!;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: unknown[]) => void)(null, [chosen]);
      else callback(null, chosen.address, chosen.family);
    };
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).get(target, { lookup: pinned, timeout: IDLE_TIMEOUT_MS, signal: deadline }, resolve);
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    }).catch(() => {
      throw new MediaUrlRefused('could not be downloaded');
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new MediaUrlRefused('redirects too often');
      let next: string;
      try {
        next = new URL(response.headers.location, target).toString();
      } catch {
        throw new MediaUrlRefused('redirects to something that is not a URL');
      }
      return this.fetch(next, redirects + 1, deadline);
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new MediaUrlRefused(`answered ${status}`);
    }
    const filename = decodeURIComponent(target.pathname.split('/').pop() ?? '') || undefined;
    return { content: response, filename };
  }
}
