import { IncomingMessage, ServerResponse, createServer, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * The HTTP server of an Express app, whose requests and responses are born with the app's prototypes.
 *
 * Express gives every request and response its app's prototype with `Object.setPrototypeOf`. In V8 an
 * object whose prototype was changed keeps what it holds alive through young-generation collections: at
 * 1,000 req/s every scavenge copied 2–3 MB of finished requests into the old generation and paused
 * 3–15 ms, the whole p99 of the send (expressjs/express#5998, nodejs/node#37457). Born with the prototype
 * Express would give them, the call changes nothing and V8 returns at once.
 */
export function createAppServer(app: Express, options: ServerOptions = {}): Server {
  const server = createServer({ ...options, ...bornClasses(app) }, app);
  server.on('timeout', closeIfNothingArrived);
  return server;
}

/**
 * An idle kept-alive connection is closed at its timeout only when no request is waiting on it. Node runs due
 * timers before it reads sockets, so after the process was paused past the timeout (a long collection, a
 * loaded machine) the timer fires before a request that came in time is read, and closing then resets that
 * client (ECONNRESET, or EPIPE while it still sends a body). The close waits one turn of reading instead: a
 * request that arrived keeps the connection, and Node's parser takes it as usual. (With this listener Node
 * leaves every socket timeout to it; the server sets no other socket timeout.)
 */
function closeIfNothingArrived(socket: Socket): void {
  const read = socket.bytesRead;
  setImmediate(() => {
    if (socket.bytesRead === read) socket.destroy();
  });
}

type Classes = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;
const classesOf = new WeakMap<Express, Classes>();

/** The app's request and response classes, made once: their prototypes become the app's `request` and `response`. */
function bornClasses(app: Express): Classes {
  const made = classesOf.get(app);
  if (made) return made;
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  app.request = standIn(AppRequest.prototype, app.request);
  app.response = standIn(AppResponse.prototype, app.response);
  const classes = { IncomingMessage: AppRequest, ServerResponse: AppResponse } as Classes;
  classesOf.set(app, classes);
  return classes;
}

/**
 * Makes a class's prototype stand in for the app's own request (or response) prototype: it inherits what that
 * inherits (Express's methods over Node's) and has its own properties (`app`).
 */
function standIn<T extends object>(prototype: object, appPrototype: T): T {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(appPrototype));
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(appPrototype));
  return prototype as T;
}
