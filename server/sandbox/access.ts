// Who a sandbox request acts as: the provider (the admin token: every operation, any partner) or one partner
// (its portal token: the operations its contract lets portal tokens call, for that partner alone).
import type { Request, RequestHandler, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PortalTokens } from '../domain/access/portal-tokens';
import { forbidden, notFound } from '../domain/shared/errors';
import type { PartnerId } from '../store/records';
import { OPERATIONS, type OperationId } from './generated/server';

export type SandboxAccess = { kind: 'admin' } | { kind: 'portal'; partnerId: PartnerId };

const digest = (s: string) => createHash('sha256').update(s).digest();

export const accessOf = (res: Response): SandboxAccess => res.locals.sandboxAccess as SandboxAccess;

/** The bearer token of a request, if it has one. */
export const bearerOf = (req: Request): string | undefined => /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];

/**
 * `Authorization: Bearer <token>`: the admin token (compared in constant time), else a partner's current
 * portal token; anything else is 401. What it found stays on `res.locals.sandboxAccess`.
 */
export function sandboxAuthentication(adminToken: string, portalTokens: PortalTokens): RequestHandler {
  const expected = digest(adminToken);
  return (req, res, next) => {
    const given = bearerOf(req);
    if (given && timingSafeEqual(digest(given), expected)) {
      res.locals.sandboxAccess = { kind: 'admin' } satisfies SandboxAccess;
      return next();
    }
    const unauthorized = () =>
      res.status(401).json({ error: { code: 'unauthorized', message: 'The sandbox needs Authorization: Bearer <SANDBOX_ADMIN_TOKEN> or a partner\'s portal token.' } });
    if (!given) return unauthorized();
    portalTokens.partnerOf(given).then((partnerId) => {
      if (!partnerId) return unauthorized();
      res.locals.sandboxAccess = { kind: 'portal', partnerId } satisfies SandboxAccess;
      next();
    }, next);
  };
}

/**
 * The operations of the sandbox contract whose security lists the admin token alone: they act on every
 * partner (the partner accounts, the provider's reachability, the tick), so a portal token is refused them.
 */
export function adminOnlyOperations(bundledSpecPath: string): OperationId[] {
  const doc = JSON.parse(readFileSync(bundledSpecPath, 'utf8')) as {
    security?: Array<Record<string, unknown>>;
    paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, unknown>> }>>;
  };
  const ids: OperationId[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || !op.operationId || !(op.operationId in OPERATIONS)) continue;
      const security = op.security ?? doc.security ?? [];
      if (!security.some((requirement) => 'portalToken' in requirement)) ids.push(op.operationId as OperationId);
    }
  }
  return ids;
}

/** 403 `forbidden` for a portal token (mounted on the admin-only operations' routes). */
export const refusePortalTokens: RequestHandler = (_req, res, next) => {
  next(accessOf(res).kind === 'portal' ? forbidden('This sandbox operation acts on every partner: it needs the admin token, not a portal token.') : undefined);
};

/**
 * The partner a request acts for: with a portal token, its partner (another one named is answered 404 as an
 * unknown partner is); with the admin token, the one named, or the default partner. `known` resolves an id
 * (404 for an unknown one).
 */
export async function partnerFor(access: SandboxAccess, named: string | undefined, known: (id: PartnerId | undefined) => Promise<PartnerId>): Promise<PartnerId> {
  if (access.kind === 'admin') return known(named);
  if (named !== undefined && named !== access.partnerId) throw notFound(`No partner ${named}.`);
  return access.partnerId;
}
