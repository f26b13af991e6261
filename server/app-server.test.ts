import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAppServer } from './http/app-server';

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('the HTTP server of the Express app (http/app-server.ts)', () => {
  test('requests and responses are born with the app\'s prototypes, so Express changes no prototype per request', async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      res.status(201).json({ app: req.app === app, header: req.get('x-greeting'), protocol: req.protocol });
    });
    const server = createAppServer(app);
    const born: boolean[] = [];
    server.prependListener('request', (req, res) => born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response));
    const origin = await listening(server);
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${origin}/hello`, { headers: { 'x-greeting': 'hi' } });
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ app: true, header: 'hi', protocol: 'http' });
      }
      expect(born).toEqual([true, true]);
    } finally {
      await closed(server);
    }
  });

  test('a mounted Express app still sees itself as req.app, and the app it is mounted in sees itself again after it', async () => {
    const app = express();
    const sub = express();
    sub.use((req, _res, next) => {
      req.headers['x-seen-by-sub'] = String(req.app === sub);
      next();
    });
    app.use('/sub', sub);
    app.get('/sub/after', (req, res) => {
      res.json({ sub: req.headers['x-seen-by-sub'], app: req.app === app, json: typeof res.json });
    });
    const server = createAppServer(app);
    const origin = await listening(server);
    try {
      const res = await fetch(`${origin}/sub/after`);
      expect(await res.json()).toEqual({ sub: 'true', app: true, json: 'function' });
    } finally {
      await closed(server);
    }
  });

  test('serving one app twice stands in for its prototypes once, directly over Express\'s own', async () => {
    const app = express();
    app.get('/', (req, res) => res.json({ app: req.app === app }));
    const servers = [createAppServer(app), createAppServer(app)];
    try {
      for (const server of servers) expect(await (await fetch(await listening(server))).json()).toEqual({ app: true });
      const plain = express();
      expect(Object.getPrototypeOf(app.request)).toBe(Object.getPrototypeOf(plain.request));
      expect(Object.getPrototypeOf(app.response)).toBe(Object.getPrototypeOf(plain.response));
    } finally {
      await Promise.all(servers.map(closed));
    }
  });
});
