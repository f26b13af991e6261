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
import { WHOLE_BODY } from './validation-details';

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

/**
 * Bounds the bodies of requests (the edge's first steps, before anything reads a body): every body under
 * `bounds` is looked after by one watch, which goes with the edge that made it.
 */
export function bodyBounder(bounds: BodyBounds): (req: IncomingMessage, res: ServerResponse) => void {
  const watch = new BodyWatch(bounds);
  return (req, res) => {
    if (req.complete || !hasBody(req)) return;
    const body = watch.add(req, res);
    // Prepended, so it runs before Node's own end-of-response handling, which would otherwise read the rest
    // of the body without any limit (or, on `Connection: close`, reset the connection).
    res.prependOnceListener('finish', () => {
      watch.remove(body);
      if (!req.complete) lingerThenClose(req, bounds);
    });
  };
}

/** Whether a request carries a body at all (a length, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Where a request's watched body is found, for a step that holds its request on purpose (holdIdleBound). */
const WATCHED = Symbol('watched body');
type Watched = IncomingMessage & { [WATCHED]?: WatchedBody };

/**
 * While the server itself holds a request before reading its body (a delay fault), the client's pause is
 * not a stall: the idle bound is off until the returned function is called, then counts afresh. The bound
 * on the whole body's time still holds.
 */
export function holdIdleBound(req: IncomingMessage): () => void {
  const body = (req as Watched)[WATCHED];
  if (!body) return () => undefined;
  body.held = true;
  return () => {
    body.held = false;
    body.lastMovedAt = Date.now();
  };
}

interface WatchedBody {
  req: IncomingMessage;
  res: ServerResponse;
  startedAt: number;
  /** When the socket was last seen to have read more bytes. */
  lastMovedAt: number;
  bytesSeen: number;
  held: boolean;
  /** Its index in the watch's list of bodies; -1 once it left it. */
  slot: number;
}

/**
 * Cuts a body that stalls or lasts too long: its reader (the JSON reader, the upload reader) fails with a
 * 400 answered in the envelope; without a reader the connection is closed. One timer looks at every body in
 * flight, a quarter of the idle bound apart, at how many bytes its socket has read: no timer and no listener
 * per request (a `data` listener on the socket would take the connection off Node's native HTTP parsing for
 * the rest of its life). So a stalled body is cut between one and one and a half idle periods after its last
 * byte, a slow one within a quarter idle period of the total bound.
 */
class BodyWatch {
  /**
   * The bodies in flight, as an array a body leaves by swapping with the last (its `slot`), not as a Set. A
   * Set that every request passes through rebuilds its hash table again and again, and V8 builds a long-lived
   * Set's new table among the long-lived objects, where the old one, still pointing at the bodies of its
   * time, stays until the next full collection. The young collector takes those pointers as live: every
   * request in flight during a rebuild (with its whole request and response) survives into the old
   * generation. When requests wait (a PostgreSQL round trip), that made scavenges take 7 ms instead of 1
   * (bench/README.md, "Requests that wait, and the young generation").
   */
  private readonly bodies: WatchedBody[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly everyMs: number;

  constructor(private readonly bounds: BodyBounds) {
    this.everyMs = Math.max(1, Math.floor(Math.min(bounds.idleMs, bounds.totalMs) / 4));
  }

  add(req: IncomingMessage, res: ServerResponse): WatchedBody {
    const now = Date.now();
    const body: WatchedBody = { req, res, startedAt: now, lastMovedAt: now, bytesSeen: req.socket.bytesRead, held: false, slot: this.bodies.length };
    this.bodies.push(body);
    (req as Watched)[WATCHED] = body;
    // Stopped by a look that finds nothing to watch: a busy server keeps one timer running.
    this.timer ??= setInterval(() => this.look(), this.everyMs).unref();
    return body;
  }

  remove(body: WatchedBody): void {
    if (body.slot < 0) return;
    const last = this.bodies.pop()!;
    if (last !== body) {
      this.bodies[body.slot] = last;
      last.slot = body.slot;
    }
    body.slot = -1;
  }

  private look(): void {
    const now = Date.now();
    // From the end: a body that leaves takes the place of one already looked at.
    for (let i = this.bodies.length - 1; i >= 0; i--) {
      const body = this.bodies[i]!;
      const { req, res } = body;
      if (req.complete || req.destroyed || res.closed) {
        this.remove(body);
        continue;
      }
      const read = req.socket.bytesRead;
      if (read !== body.bytesSeen) {
        body.bytesSeen = read;
        body.lastMovedAt = now;
      }
      if (!body.held && now - body.lastMovedAt >= this.bounds.idleMs) this.cut(body, `The request body stalled: no data for ${this.bounds.idleMs / 1000} s.`);
      else if (now - body.startedAt >= this.bounds.totalMs) this.cut(body, `The request body took longer than ${this.bounds.totalMs / 1000} s.`);
    }
    if (this.bodies.length === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private cut(body: WatchedBody, why: string): void {
    this.remove(body);
    const { req, res } = body;
    if (res.headersSent || req.listenerCount('error') === 0) {
      req.socket.destroy();
      return;
    }
    req.emit('error', badRequest(why, { details: { [WHOLE_BODY]: [why] } }));
  }
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
