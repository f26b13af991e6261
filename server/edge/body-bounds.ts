// Every request body is bounded in bytes and in time, whoever reads it (the JSON parser, the upload reader,
// nobody at all when the answer comes first):
// - a body that stalls (no byte for `idleMs`) or takes longer than `totalMs` is cut: answered 400 in the
//   envelope when nothing was answered yet, then the connection is closed;
// - after an answer given before the body was read to its end (401, 404, a refused upload, a body too
//   large), at most `lingerBytes` more are read and discarded so the client reaches the point where it reads
//   the answer, then the connection is closed. The write side is closed first and the reading goes on
//   (a lingering close, as web servers do), so a client that sent `Connection: close` still gets the answer
//   instead of a reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { badRequest } from '../domain/shared/errors';

/** After an answer given before the body was read, how much more is read and discarded before closing. */
export const LINGER_BYTES = 16 * 1_048_576;

/** The bounds of a request body without BODY_IDLE_TIMEOUT_MS and BODY_TIMEOUT_MS (the mock's too). */
export const DEFAULT_BODY_BOUNDS = { idleMs: 10_000, totalMs: 600_000, lingerBytes: LINGER_BYTES } as const;

export interface BodyBounds {
  /** The longest pause between two chunks of a body. */
  idleMs: number;
  /** The longest time a whole body may take. */
  totalMs: number;
  /** What is still read after an early answer before the connection is cut. */
  lingerBytes: number;
}

/** Bounds the body of one request (the edge's first steps, before anything reads the body). */
export function applyBodyBounds(req: IncomingMessage, res: ServerResponse, bounds: BodyBounds): void {
  if (req.complete || !hasBody(req)) return;
  watchBody(req, res, bounds);
  // Prepended, so it runs before Node's own end-of-response handling, which would otherwise read the rest of
  // the body without any limit (or, on `Connection: close`, reset the connection).
  res.prependOnceListener('finish', () => {
    if (!req.complete) lingerThenClose(req, bounds);
  });
}

/** Whether a request carries a body at all (a length, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The idle bound of each body being watched, for a step that holds its request on purpose (holdIdleBound). */
const idleBounds = new WeakMap<IncomingMessage, { hold(): () => void }>();

/**
 * While the server itself holds a request before reading its body (a delay fault), the client's pause is
 * not a stall: the idle bound is off until the returned function is called, then counts afresh. The bound
 * on the whole body's time still holds.
 */
export function holdIdleBound(req: IncomingMessage): () => void {
  return idleBounds.get(req)?.hold() ?? (() => undefined);
}

/**
 * Cuts a body that stalls or lasts too long: its reader (the JSON reader, the upload reader) fails with a
 * 400 answered in the envelope; without a reader the connection is closed.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, bounds: BodyBounds): void {
  const socket = req.socket;
  const cut = (why: string) => {
    cleanup();
    if (req.complete) return;
    if (res.headersSent || req.listenerCount('error') === 0) {
      socket.destroy();
      return;
    }
    req.emit('error', badRequest(why, { details: { body: [why] } }));
  };
  // One timer for both bounds, set for the nearer one; a chunk only notes when it came (the timer, once it
  // fires, sees whether the body is still moving), so a body costs a single timer however many chunks it has.
  // While the server holds the request on purpose, the idle bound is off.
  const started = Date.now();
  let lastData = started;
  let held = false;
  let watching = true;
  let timer: NodeJS.Timeout;
  const check = () => {
    if (!watching) return;
    const now = Date.now();
    if (!held && now - lastData >= bounds.idleMs) return cut(`The request body stalled: no data for ${bounds.idleMs / 1000} s.`);
    if (now - started >= bounds.totalMs) return cut(`The request body took longer than ${bounds.totalMs / 1000} s.`);
    timer = setTimeout(check, Math.min(held ? Infinity : lastData + bounds.idleMs, started + bounds.totalMs) - now);
  };
  timer = setTimeout(check, Math.min(bounds.idleMs, bounds.totalMs));
  const onData = () => {
    lastData = Date.now();
  };
  const cleanup = () => {
    watching = false;
    clearTimeout(timer);
    socket.off('data', onData);
    idleBounds.delete(req);
  };
  idleBounds.set(req, {
    hold() {
      held = true;
      return () => {
        held = false;
        onData();
        clearTimeout(timer);
        check();
      };
    },
  });
  // The socket's data, not the request's: listening to the request would start its flow before the body
  // parser listens.
  socket.on('data', onData);
  req.once('end', cleanup);
  res.once('close', cleanup);
}

/**
 * After an answer that left the body unread: read at most `lingerBytes` more (with the idle bound), with the
 * write side already closed when the client asked to close, then close the connection.
 */
function lingerThenClose(req: IncomingMessage, bounds: BodyBounds): void {
  const socket: Socket | null = req.socket;
  // a request already destroyed has nothing more to read
  if (!socket) return;
  // Node would destroy a `Connection: close` socket as soon as the answer is flushed, resetting a client that
  // is still sending; close only its write side, and end it once the lingering is over.
  socket.destroySoon = function halfClose(this: Socket) {
    this.end();
  };
  let read = 0;
  let idle: NodeJS.Timeout;
  const close = () => {
    clearTimeout(idle);
    socket.destroy();
  };
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(close, bounds.idleMs);
  };
  arm();
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bounds.lingerBytes) close();
    else arm();
  });
  req.once('end', () => {
    clearTimeout(idle);
    if (!socket.writable) socket.destroy();
  });
  req.once('error', close);
  req.resume();
}

/** An answer given while the body is still coming says the connection closes after it. */
export function closeAfterAnswerIfUnread(req: IncomingMessage, res: ServerResponse): void {
  if (!req.complete && hasBody(req) && !res.headersSent) res.setHeader('Connection', 'close');
}
