import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { badRequest } from '../domain/errors';
import { assertPublicAddresses, type MediaUrlFetcher } from '../domain/templates-media';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;

/**
 * Downloads a template header `media_url`. The host is resolved first and every address it resolves to
 * must be public (unless `allowPrivate`, for tests and local setups: TEMPLATE_MEDIA_ALLOW_PRIVATE_URLS);
 * the connection then goes to the checked address only (no second lookup), and each redirect is checked
 * the same way.
 */
export class HttpMediaUrlFetcher implements MediaUrlFetcher {
  constructor(private readonly options: { allowPrivate: boolean }) {}

  async open(url: string, redirects = 0): Promise<{ content: Readable; filename?: string }> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw badRequest('header.media_url is not a URL.', { details: { 'header.media_url': ['is not a URL'] } });
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw badRequest('header.media_url must be http or https.', { details: { 'header.media_url': ['must be http or https'] } });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
    if (!this.options.allowPrivate) assertPublicAddresses(host, addresses.map((a) => a.address));
    const chosen = addresses[0];
    if (!chosen) throw badRequest(`header.media_url: ${host} does not resolve.`, { details: { 'header.media_url': ['does not resolve'] } });
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: unknown[]) => void)(null, [chosen]);
      else callback(null, chosen.address, chosen.family);
    };
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).get(target, { lookup: pinned, timeout: TIMEOUT_MS }, resolve);
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    }).catch((error: Error) => {
      throw badRequest(`header.media_url could not be downloaded: ${error.message}.`, { details: { 'header.media_url': ['could not be downloaded'] } });
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw badRequest('header.media_url redirects too often.', { details: { 'header.media_url': ['too many redirects'] } });
      return this.open(new URL(response.headers.location, target).toString(), redirects + 1);
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw badRequest(`header.media_url answered ${status}.`, { details: { 'header.media_url': [`answered ${status}`] } });
    }
    const filename = decodeURIComponent(target.pathname.split('/').pop() ?? '') || undefined;
    return { content: response, filename };
  }
}
