import type { RequestHandler } from 'express';
import type { Readiness } from './readiness';

/** Where the load balancer's probes are: outside /v1, no key, not rate limited, not in the access log. */
export const PROBE_PATHS = { health: '/healthz', ready: '/readyz' } as const;

/**
 * GET (or HEAD) /healthz: 200 while the process serves (a liveness probe; it asks nothing, and stays 200
 * while the instance drains). GET /readyz: 200 when the instance should get requests, else 503; both name
 * each check (readiness.ts). JSON, never cached. Other requests go on.
 */
export function probes(readiness: Readiness): RequestHandler {
  return (req, res, next) => {
    // Every request passes here: the path is compared as sent, without parsing the URL.
    if (!req.url.startsWith(PROBE_PATHS.health) && !req.url.startsWith(PROBE_PATHS.ready)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.url.split('?')[0];
    if (path === PROBE_PATHS.health) return void res.status(200).set('Cache-Control', 'no-store').json({ status: 'ok' });
    if (path !== PROBE_PATHS.ready) return next();
    readiness.check().then(
      ({ ready, checks }) => void res.status(ready ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ready ? 'ready' : 'not_ready', checks }),
      next,
    );
  };
}
