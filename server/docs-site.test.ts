// What the reference server serves besides /v1: the contract at /openapi.json and /openapi.yaml (outside
// /v1, its servers entry unchanged), the try-it console and Swagger UI from node_modules, the favicon.
// Real HTTP against the router on an ephemeral port.
import express from 'express';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
