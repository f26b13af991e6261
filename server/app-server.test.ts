import express from 'express';
import { connect, type AddressInfo } from 'node:net';
import { once } from 'node:events';
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

  test('a request that reached a kept-alive connection before its idle timeout is answered, even when the server was paused past the timeout', async () => {
    const app = express();
    const answered: Array<() => void> = [];
    app.post('/upload', (req, res) => {
      req.resume();
      req.on('end', () => {
        res.once('finish', () => answered.shift()?.());
        res.status(400).type('text/plain').end('refused');
      });
    });
    const server = createAppServer(app);
    server.keepAliveTimeout = 50;
    // Node closes an idle connection a second after the timeout it announces.
    const closesAfterMs = server.keepAliveTimeout + 1_000;
    const { port } = new URL(await listening(server));
    const socket = connect(Number(port), '127.0.0.1');
    try {
      await once(socket, 'connect');
      let received = '';
      let ended: string | undefined;
      socket.setEncoding('latin1');
      socket.on('data', (text: string) => (received += text));
      socket.on('error', (error: NodeJS.ErrnoException) => (ended = error.code));
      socket.on('close', () => (ended ??= 'closed'));
      const answers = () => received.split('HTTP/1.1 400 ').length - 1;
      const answerOrEnd = (count: number) =>
        new Promise<void>((resolve) => {
          const look = () => (ended || (answers() === count && received.endsWith('refused')) ? resolve() : setImmediate(look));
          look();
        });
      const upload = 'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: 5\r\n\r\nbytes';

      const firstAnswered = new Promise<void>((resolve) => answered.push(resolve));
      socket.write(upload);
      await firstAnswered;
      await answerOrEnd(1);
      expect(answers()).toBe(1);
      // The next request is on the wire, then the process stops past the idle timeout (as a long collection on
      // a loaded machine does): when it goes on, the timeout is due before the request is read.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          socket.write(upload);
          const until = Date.now() + closesAfterMs + 500;
          while (Date.now() < until);
          resolve();
        }),
      );
      await answerOrEnd(2);
      expect({ answers: answers(), ended }).toEqual({ answers: 2, ended: undefined });
    } finally {
      socket.destroy();
      await closed(server);
    }
  });
});
