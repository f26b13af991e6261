import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

/**
 * GET /metrics on a port of its own (METRICS_PORT), apart from the API: Prometheus scrapes each instance
 * directly, and the port is not exposed through the load balancer (docs/decisions.md). Anything else is 404.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The URL of a listening metrics server (the port it was given, or the one the system picked for 0). */
export function metricsUrl(server: Server, host: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${(server.address() as AddressInfo).port}/metrics`;
}
