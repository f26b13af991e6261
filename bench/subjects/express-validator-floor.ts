// The floors of the reference server's stack: Express 5 (served as the server serves it, http/app-server.ts)
// + express.json + express-openapi-validator (requests and responses validated against openapi.yaml with
// server/app.ts's own options), and no authentication, rate limit or rule.
// - Alone (no FLOOR_PLAN): a constant, valid answer to POST /v1/messages/send, the dry-run floor. The gap
//   between this and Express hello is the price of validation alone.
// - With FLOOR_PLAN (a JSON file, bench/floors.ts): on the plan's store (a SQLite file, or a PostgreSQL
//   database), a send whose Authorization the plan names runs the statements the server's send ran for that
//   key (bench/statements.ts), each replay with ids of its own, and answers what the server answered; a
//   GET /v1/clients or /v1/templates answers the page the server answered. The same work on the same stack,
//   without the server's rules.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { readFileSync } from 'node:fs';
import { contractValidation } from '../../server/app';
import { createAppServer } from '../../server/http/app-server';
import { jsonBody } from '../../server/http/json-body';
import { PostgresConnection } from '../../server/store/postgres/connection';
import type { SqlConnection } from '../../server/store/sql/connection';
import { SqliteConnection } from '../../server/store/sqlite/connection';
import { openDatabase } from '../../server/store/sqlite/database';
import { contract } from '../../spec';
import type { FloorPlan } from '../floors';
import { replay } from '../statements';

const DRY_RUN_ANSWER = { success: true, message_id: 'dryrun_0123456789abcdef0123456789abcdef', dry_run: true };

async function main(): Promise<void> {
  const plan: FloorPlan = process.env.FLOOR_PLAN ? JSON.parse(readFileSync(process.env.FLOOR_PLAN, 'utf8')) : { sends: {}, pages: {} };
  const db: SqlConnection | undefined =
    plan.store && 'databaseUrl' in plan.store
      ? await PostgresConnection.open(plan.store.databaseUrl)
      : plan.store
        ? new SqliteConnection(openDatabase(plan.store.sqliteFile))
        : undefined;
  let replays = 0;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(jsonBody());
  app.use(OpenApiValidator.middleware(contractValidation(contract())) as RequestHandler[]);
  const headers = (res: express.Response) => {
    res.setHeader('X-Request-Id', '9b2f0c1e-8d3a-4c55-9f1e-0a6b2c3d4e5f');
    res.setHeader('X-RateLimit-Limit', '600');
    res.setHeader('X-RateLimit-Remaining', '599');
  };
  app.post('/v1/messages/send', async (req, res) => {
    headers(res);
    const send = plan.sends[req.get('authorization') ?? ''];
    if (send) await replay(db!, send.statements, ++replays);
    res.status(200).json(send?.answer ?? DRY_RUN_ANSWER);
  });
  for (const [path, page] of Object.entries(plan.pages)) {
    app.get(path, (_req, res) => {
      headers(res);
      res.status(200).json(page);
    });
  }
  const answerErrors: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(error.status ?? 500).json({ error: { code: 'bad_request', message: String(error.message) } });
  };
  app.use(answerErrors);
  createAppServer(app).listen(Number(process.env.PORT), '127.0.0.1');
}

void main();
