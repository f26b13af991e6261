// What the reference server serves besides the API: the contract itself (`/openapi.json`, `/openapi.yaml`),
// the rendered reference (`/docs`, built by `npm run docs`, its code samples pointed at this server's own
// /v1), the try-it console (`/docs/console/`: Swagger UI from the swagger-ui-dist package, pointed at this
// server's own /v1) and the partner portal (`/portal/`, over this server's /sandbox; its script is bundled
// by the package build from server/portal/app). Every file comes from this package or node_modules: the
// pages load nothing from another host.
import express, { Router, type Request, type RequestHandler } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RESOURCE_ROOT, defaultServerUrl, type Contract } from '../../spec';

export interface DocsSiteOptions {
  contract: Contract;
  /** The rendered reference (docs/site); served at /docs when the folder exists. */
  siteDir?: string;
}

/** docs/ beside the contract (the project's, or the package's copy): the console page and the favicon. */
const ASSETS = join(RESOURCE_ROOT, 'docs');
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The partner portal: its page and style beside its sources, its script where the package build bundles it. */
const PORTAL = join(RESOURCE_ROOT, 'server', 'portal');
export const PORTAL_SCRIPT = join(PORTAL, 'dist', 'portal.js');

/**
 * What the portal's pages may load and call: this server alone (its script, style, favicon and /sandbox);
 * no inline script or style, no other host, no framing, no form posted elsewhere.
 */
export const PORTAL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const portalHeaders: RequestHandler = (_req, res, next) => {
  res.set({ 'Content-Security-Policy': PORTAL_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache' });
  next();
};

/** A Host header that is a host name or address with an optional port, and nothing else. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base URL the reader reached this server at: the Host it asked for, with the scheme a proxy in front
 * reports (`X-Forwarded-Proto`), else the connection's. Undefined when the Host is not a plain host.
 */
function baseUrlOf(req: Request): string | undefined {
  const host = req.get('host') ?? '';
  const forwarded = req.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : req.protocol;
  return PLAIN_HOST.test(host) ? `${scheme}://${host}/v1` : undefined;
}

/**
 * The rendered reference with the contract's default base URL (`http://localhost:4000/v1`, in the code
 * samples, the server list and the guides) replaced by the one the reader reached this server at, so a
 * sample copied from the page talks to this server. Read again when the file changes; a few pages kept.
 */
function pageForReader(file: string, defaultBaseUrl: string): (req: Request) => string {
  let read = { mtimeMs: -1, text: '' };
  const pages = new Map<string, string>();
  return (req) => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== read.mtimeMs) {
      read = { mtimeMs, text: readFileSync(file, 'utf8') };
      pages.clear();
    }
    const baseUrl = baseUrlOf(req) ?? defaultBaseUrl;
    let page = pages.get(baseUrl);
    if (page === undefined) {
      page = read.text.split(defaultBaseUrl).join(baseUrl);
      if (pages.size >= 8) pages.delete(pages.keys().next().value!);
      pages.set(baseUrl, page);
    }
    return page;
  };
}

export function docsSite({ contract, siteDir }: DocsSiteOptions): Router {
  const router = Router();
  const json = JSON.stringify(contract.document);
  const yaml = readFileSync(contract.path);
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(yaml);
  });
  router.get('/docs/favicon.svg', (_req, res) => {
    res.sendFile(join(ASSETS, 'site-assets', 'favicon.svg'));
  });
  router.use('/docs/console/swagger-ui', express.static(SWAGGER_UI, { index: false }));
  router.use('/docs/console', express.static(join(ASSETS, 'console')));
  // served where its script is built (the package always; a clone after `npm start` or `npm run build`)
  if (existsSync(PORTAL_SCRIPT)) {
    router.get(['/portal', '/portal/index.html'], portalHeaders, (req, res) => {
      // the page's own files are relative to /portal/: without its slash (which Express's routing ignores), go there
      if (/^\/portal(\?|$)/.test(req.originalUrl)) res.redirect(301, 'portal/');
      else res.sendFile(join(PORTAL, 'index.html'));
    });
    router.get('/portal/portal.css', portalHeaders, (_req, res) => res.sendFile(join(PORTAL, 'portal.css')));
    router.get('/portal/portal.js', portalHeaders, (_req, res) => res.sendFile(PORTAL_SCRIPT));
  }
  if (siteDir && existsSync(siteDir)) {
    const page = pageForReader(join(siteDir, 'index.html'), defaultServerUrl(contract.document));
    router.get(['/docs/', '/docs/index.html'], (req, res) => {
      res.type('html').send(page(req));
    });
    router.use('/docs', express.static(siteDir));
  }
  return router;
}
