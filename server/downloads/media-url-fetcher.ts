import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { MediaUrlRefused, type MediaUrlFetcher } from '../domain/templates-media';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;

/** Why an address may not be fetched (a domain rule, injected), or undefined when it may. */
export type AddressPolicy = (address: string) => string | undefined;

/**
 * Downloads a template header `media_url`. The host is resolved first and every address it resolves to
 * must pass the address policy; the connection then goes to the checked address only (no second lookup),
 * and each redirect is checked the same way.
 */
export class HttpMediaUrlFetcher implements MediaUrlFetcher {
  constructor(private readonly refuses: AddressPolicy) {}

  async open(url: string, redirects = 0): Promise<{ content: Readable; filename?: string }> {
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
      const request = (target.protocol === 'https:' ? https : http).get(target, { lookup: pinned, timeout: TIMEOUT_MS }, resolve);
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    }).catch((error: Error) => {
      throw new MediaUrlRefused(`could not be downloaded: ${error.message}`);
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new MediaUrlRefused('redirects too often');
      return this.open(new URL(response.headers.location, target).toString(), redirects + 1);
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new MediaUrlRefused(`answered ${status}`);
    }
    const filename = decodeURIComponent(target.pathname.split('/').pop() ?? '') || undefined;
    return { content: response, filename };
  }
}
