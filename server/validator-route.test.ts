// The request is routed once: the edge's route is named to express-openapi-validator (`req.openapiRoute`,
// patches/), which then matches only that route for its path parameters instead of trying every route.
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { contractValidation } from './app';
import { API_BASE_PATH } from './edge';
import { createAppServer } from './http/app-server';
import { contract } from '../spec';

interface Routed {
  route: string | undefined;
  params: Record<string, string> | undefined;
}

/** The route and path parameters the validator gave a request, whether it then passed validation or not. */
async function routedBy(named: string | undefined, method: string, path: string): Promise<Routed> {
  let routed: Routed | undefined;
  const record = (req: express.Request) => {
    const found = (req as { openapi?: { openApiRoute: string; pathParams: Record<string, string> } }).openapi;
    routed = { route: found?.openApiRoute, params: found?.pathParams };
  };
  const app = express();
  const name: RequestHandler = (req, _res, next) => {
    if (named !== undefined) (req as { openapiRoute?: string }).openapiRoute = named;
    next();
  };
  app.use(name, ...(OpenApiValidator.middleware(contractValidation(contract())) as RequestHandler[]));
  app.use((req, res) => {
    record(req);
    res.status(204).end();
  });
  const answerAnyError: ErrorRequestHandler = (_error, req, res, _next) => {
    record(req);
    res.status(299).end();
  };
  app.use(answerAnyError);
  const server = createAppServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}${path}`, { method })).arrayBuffer();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return routed!;
}

describe('the validator takes the route the edge found', () => {
  test('every operation of the contract, named by its path, is routed by the validator to that route with its path parameters', async () => {
    for (const op of contract().operations) {
      const named = API_BASE_PATH + op.path;
      const path = API_BASE_PATH + op.path.replace(/\{([^}]+)\}/g, (_, param: string) => `${param}%20x`);
      const params = Object.fromEntries([...op.path.matchAll(/\{([^}]+)\}/g)].map(([, param]) => [param, `${param} x`]));
      expect({ op: op.operationId, ...(await routedBy(named, op.method.toUpperCase(), path)) }).toEqual({ op: op.operationId, route: named, params });
    }
  });

  test('a path that two routes match is routed to the named one: /v1/templates/media named as /v1/templates/{template_ref}', async () => {
    expect(await routedBy('/v1/templates/{template_ref}', 'GET', '/v1/templates/media')).toEqual({ route: '/v1/templates/{template_ref}', params: { template_ref: 'media' } });
  });

  test('without a name, or with a name the contract does not have, the validator routes the request itself', async () => {
    expect(await routedBy(undefined, 'GET', '/v1/clients/acme')).toEqual({ route: '/v1/clients/{client_ref}', params: { client_ref: 'acme' } });
    expect(await routedBy('/v1/no-such-route', 'GET', '/v1/clients/acme')).toEqual({ route: '/v1/clients/{client_ref}', params: { client_ref: 'acme' } });
  });
});
