// Mounts a complete set of typed operation handlers (the contract's `Handlers`, generated/server.ts) on an
// Express router, one route per operation of the contract's operation table: each request is handed to its
// handler as a typed request, and the handler's typed answer is sent with its status, headers and body.
// The reference server's HTTP layer and its sandbox (over the sandbox contract's table) are built on it, and
// `partner-messaging-scaffold` copies this file into the projects it writes (with the contract imported from
// its package), so all of them mount handlers the same way.
import type { Request, RequestHandler, Response, Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { OPERATIONS, responseKeyOf, type Handlers, type OperationRoute, type ServerBinding } from '../../generated/server';

/** How a server hands its own values to the handlers. */
export interface BindingValues<B extends ServerBinding> {
  /** The authenticated key of a request to a secured operation (authentication has already run). */
  key(req: Request, res: Response): B['key'];
  /**
   * The uploaded file of a form part, or undefined when the request has none. A required part that is
   * missing must be refused here (throw the error your error handler answers with 400).
   */
  file(req: Request, res: Response, part: string): B['file'] | B['file'][] | undefined;
}

interface AnyAnswer {
  status: number;
  contentType?: string;
  headers?: Record<string, unknown>;
  body?: unknown;
}

type AnyHandler = (request: Record<string, unknown>) => AnyAnswer | Promise<AnyAnswer>;

/** An operation table as a contract's generated server module has it (`OPERATIONS`). */
export type OperationTable = { readonly [id: string]: OperationRoute };

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Registers every operation's handler on `router`, in the table's match order (`/clients/signup` before
 * `/clients/:client_ref`): of the contract (generated/server.ts), or of `operations`, the table of another
 * contract's generated module (the sandbox's), whose `Handlers` type checks `handlers` where they are written.
 * Throws when a handler is missing or names no operation.
 */
export function mountHandlers<B extends ServerBinding>(router: Router, handlers: Handlers<B>, binding: BindingValues<B>): void;
export function mountHandlers<B extends ServerBinding, T extends OperationTable>(
  router: Router,
  handlers: { readonly [K in keyof T]: (request: never) => unknown },
  binding: BindingValues<B>,
  operations: T,
): void;
export function mountHandlers(router: Router, handlers: Record<string, unknown>, binding: BindingValues<ServerBinding>, operations: OperationTable = OPERATIONS): void {
  for (const [id, handle] of operationHandlers(handlers as Handlers<ServerBinding>, binding, operations)) {
    const route = operations[id]!;
    router[route.method](route.expressPath, handle);
  }
}

/**
 * Every operation's handler as Express middleware, by operation id, in the table's match order: what
 * `mountHandlers` registers, for a server that has already routed the request itself (the reference
 * server's edge) and hands it straight to its operation. The path parameters are read from `req.params`
 * (set by the route, or by the validator where no route matched). Throws as `mountHandlers` does.
 */
export function operationHandlers<B extends ServerBinding>(handlers: Handlers<B>, binding: BindingValues<B>, operations: OperationTable = OPERATIONS): Map<string, RequestHandler> {
  const all = handlers as unknown as Record<string, unknown>;
  const ids = Object.keys(operations);
  const missing = ids.filter((id) => typeof all[id] !== 'function');
  const unknown = Object.keys(all).filter((id) => !(id in operations));
  if (missing.length || unknown.length) {
    throw new Error(`The handlers do not match the contract's operations: ${[missing.length ? `missing ${missing.join(', ')}` : '', unknown.length ? `unknown ${unknown.join(', ')}` : ''].filter(Boolean).join('; ')}.`);
  }
  const byId = new Map<string, RequestHandler>();
  for (const id of ids) {
    const route = operations[id]!;
    const handler = all[id] as AnyHandler;
    byId.set(id, (req, res, next) => {
      // A handler that answers at once is sent at once: no promise for the common case, a JSON answer.
      try {
        const answered = handler(requestOf(id, route, req, res, binding as BindingValues<ServerBinding>));
        const sent = answered instanceof Promise ? answered.then((ready) => send(res, route, ready)) : send(res, route, answered);
        sent?.catch(next);
      } catch (error) {
        next(error);
      }
    });
  }
  return byId;
}

/** The typed request of an operation, from what the validator already checked (and coerced) on `req`. */
function requestOf<B extends ServerBinding>(id: string, route: OperationRoute, req: Request, res: Response, binding: BindingValues<B>): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  if (route.secured) request.key = binding.key(req, res);
  if (route.parameters.path.length) request.path = req.params;
  if (route.parameters.query.length) request.query = req.query;
  if (route.parameters.header.length) {
    const headers: Record<string, string> = {};
    for (const name of route.parameters.header) {
      const value = req.get(name);
      if (value !== undefined) headers[name] = value;
    }
    request.headers = headers;
  }
  if (route.requestBody) {
    const parts = route.requestBody.fileParts;
    if (parts.length === 0) request.body = req.body;
    else {
      const body: Record<string, unknown> = { ...(req.body as Record<string, unknown>) };
      const files: Record<string, unknown> = {};
      for (const part of parts) {
        delete body[part.name];
        const file = binding.file(req, res, part.name);
        if (file === undefined && part.required) throw new Error(`${id}: the binding gave no file for the required part ${part.name}`);
        if (file !== undefined) files[part.name] = file;
      }
      request.body = body;
      request.files = files;
    }
  }
  return request;
}

/** The documented media types of a status (its own entry, its class or `default`: `responseKeyOf`). */
function mediaTypesOf(route: OperationRoute, status: number): readonly string[] {
  const key = responseKeyOf(route.responses, status);
  return key === undefined ? [] : route.responses[key]!;
}

/** Sends an answer; a streamed body is a promise of its end. */
function send(res: Response, route: OperationRoute, answer: AnyAnswer): Promise<void> | undefined {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) if (value !== undefined) res.setHeader(name, String(value));
  const { body } = answer;
  if (body === undefined) {
    res.end();
    return undefined;
  }
  const contentType = answer.contentType ?? mediaTypesOf(route, answer.status)[0] ?? 'application/json';
  if (JSON_MEDIA_TYPE.test(contentType)) {
    if (contentType !== 'application/json') res.setHeader('Content-Type', contentType);
    res.json(body);
    return undefined;
  }
  res.setHeader('Content-Type', contentType);
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return pipeline(body as AsyncIterable<Uint8Array>, res);
  res.end(body);
  return undefined;
}
