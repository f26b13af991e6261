// What the reference server serves besides /v1: the contract at /openapi.json and /openapi.yaml (outside
// /v1, its servers entry unchanged), the try-it console and Swagger UI from node_modules, the favicon, and
// the rendered reference with its samples pointed at the server the reader reached.
// Real HTTP against the router on an ephemeral port.
import express from 'express';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { contract } from '../spec';
import { docsSite } from './http/docs-site';

describe('docs site routes', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const app = express();
    app.use(docsSite({ contract: contract() }));
    server = await new Promise<Server>((done) => {
      const started = app.listen(0, '127.0.0.1', () => done(started));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('GET /openapi.json answers the contract as JSON, servers entry included', async () => {
    const res = await fetch(`${origin}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toEqual(load(readFileSync(contract().path, 'utf8')));
    expect(body.servers[0].url).toContain('/v1');
  });

  it('GET /openapi.yaml answers openapi.yaml byte for byte as application/yaml', async () => {
    const res = await fetch(`${origin}/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(contract().path))).toBe(true);
  });

  it('serves the try-it console, the Swagger UI files it loads, and the favicon', async () => {
    const page = await fetch(`${origin}/docs/console/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/(src|href)="https?:/);
    for (const asset of ['swagger-ui/swagger-ui-bundle.js', 'swagger-ui/swagger-ui.css', 'console.js', 'console.css', '../favicon.svg']) {
      const res = await fetch(new URL(asset, `${origin}/docs/console/`));
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
    }
  });
});

describe('the rendered reference served at /docs', () => {
  let server: Server;
  let origin: string;
  let siteDir: string;
  const page = (base: string) => `<pre>curl ${base}/messages/send</pre><script>const d = {"url":"${base}/status"}</script>`;

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'docs-site-'));
    writeFileSync(join(siteDir, 'index.html'), page('http://localhost:4000/v1'));
    const app = express();
    app.use(docsSite({ contract: contract(), siteDir }));
    server = await new Promise<Server>((done) => {
      const started = app.listen(0, '127.0.0.1', () => done(started));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(siteDir, { recursive: true, force: true });
  });

  it("points its code samples at the base URL the reader reached this server at, not the contract's default", async () => {
    for (const path of ['/docs/', '/docs/index.html']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(page(`${origin}/v1`));
    }
  });

  it('uses the scheme a proxy in front reports, and the default for a Host header that is not a plain host', async () => {
    const port = new URL(origin).port;
    const behindProxy = await rawGet(port, { host: 'sandbox.example.com', 'x-forwarded-proto': 'https' });
    expect(behindProxy).toContain(page('https://sandbox.example.com/v1'));
    const odd = await rawGet(port, { host: 'evil"><script>' });
    expect(odd).toContain(page('http://localhost:4000/v1'));
  });

  it('serves the rebuilt page once the file changes', async () => {
    writeFileSync(join(siteDir, 'index.html'), `${page('http://localhost:4000/v1')}<!-- rebuilt -->`);
    utimesSync(join(siteDir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect(await (await fetch(`${origin}/docs/`)).text()).toBe(`${page(`${origin}/v1`)}<!-- rebuilt -->`);
  });
});

/** GET /docs/ with headers fetch would not send as given (Host). */
function rawGet(port: string, headers: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: '/docs/', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done(body));
    });
    req.on('error', fail);
    req.end();
  });
}
