// Request generators for every operation of openapi.yaml, shared by the drift check's generated phase and the
// reference server's fuzzer (fuzz/): valid requests (parts drawn from the schemas and checked valid with Ajv
// 2020, ./request-parts.ts; random or at one boundary of the contract, ./probes.ts) and invalid ones, each
// labelled with what makes it invalid (missing or malformed auth, a key without the scope or in the query
// string, one constraint of a parameter or the body broken one step past it, malformed JSON, a wrong content
// type, a broken multipart body). Here the parts become the request as sent: path, headers and body bytes.
import fc from 'fast-check';
import type { Operation } from '../../spec';
import { formParts, isFilePart, multipartBody } from './multipart';
import { agreeing, describeProbe, probesOf } from './probes';
import { isSecured, jsonMedia, multipartMedia, operationId, validParts, type GeneratedRequest, type RequestContext, type RequestParts } from './request-parts';

export function buildPath(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValues[name] ?? 'x'));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The request the parts make, with the context's key on a secured operation. */
export function requestOf(ctx: RequestContext, op: Operation, parts: RequestParts, kind: GeneratedRequest['kind'], why: string): GeneratedRequest {
  const headers: Record<string, string> = isSecured(op) ? auth(ctx.key) : {};
  const request: GeneratedRequest = { operationId: operationId(op), kind, why, method: op.method.toUpperCase(), path: buildPath(op, parts.pathValues, parts.query), headers };
  if (parts.body === undefined) return request;
  if (multipartMedia(op) && typeof parts.body === 'object' && parts.body !== null && !Array.isArray(parts.body)) {
    // A fixed boundary: the same parts make the same bytes (reproducible with the seed).
    const m = multipartBody(formParts(parts.body as Record<string, unknown>), '----partner-messaging-generated');
    return { ...request, headers: { ...headers, 'content-type': m.contentType }, body: m.body };
  }
  return { ...request, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(parts.body) };
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** A valid request of the operation. */
export function validRequest(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  return validParts(ctx, op).map((parts) => requestOf(ctx, op, parts, 'valid', multipartMedia(op) ? `valid multipart (${describeForm(parts.body)})` : 'valid request'));
}

const describeForm = (body: unknown) =>
  Object.entries((body ?? {}) as Record<string, unknown>)
    .map(([name, v]) => (isFilePart(v) ? `${name}: ${v.contentType}, ${v.bytes.length} B` : name))
    .join('; ');

/** Requests of the operation's probes, each kept only when the contract agrees with its kind. */
function probeRequests(ctx: RequestContext, op: Operation, kind: GeneratedRequest['kind']): fc.Arbitrary<GeneratedRequest>[] {
  return probesOf(ctx, op, kind).flatMap((probe) => {
    const parts = agreeing(op, kind, probe.arb);
    return parts ? [parts.map((p) => requestOf(ctx, op, p, kind, describeProbe(probe)))] : [];
  });
}

/** Invalid requests of the operation: a broken key or its placement, one broken constraint, a malformed body. */
export function invalidRequest(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const valid = validRequest(ctx, op);
  const variants: fc.Arbitrary<GeneratedRequest | null>[] = [];
  const secured = isSecured(op);
  const json = jsonMedia(op);
  const multipart = multipartMedia(op);

  if (secured) {
    const authVariants: [string, (h: Record<string, string>) => Record<string, string>][] = [
      ['no Authorization header', (h) => without(h, 'authorization')],
      ['Authorization: Basic', (h) => ({ ...h, authorization: 'Basic dXNlcjpwYXNz' })],
      ['Authorization: Bearer (no key)', (h) => ({ ...h, authorization: 'Bearer' })],
      ['Authorization: Bearer with two tokens', (h) => ({ ...h, authorization: `Bearer ${ctx.key} extra` })],
      ['unknown live key', (h) => ({ ...h, authorization: `Bearer ik_live_${'0'.repeat(40)}` })],
      ['unknown test key', (h) => ({ ...h, authorization: 'Bearer ik_test_doesnotexist' })],
      ['key without a known prefix', (h) => ({ ...h, authorization: 'Bearer sk_live_abcdef' })],
      ['key without the required scope', (h) => ({ ...h, authorization: `Bearer ${ctx.noScopeKey}` })],
    ];
    variants.push(fc.tuple(valid, fc.constantFrom(...authVariants)).map(([r, [why, f]]) => ({ ...r, kind: 'invalid', why, headers: f(r.headers) })));
    variants.push(
      valid.map((r) => ({
        ...r,
        kind: 'invalid' as const,
        why: 'API key in the query string',
        path: `${r.path}${r.path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(ctx.key)}`,
      })),
    );
  }

  variants.push(...probeRequests(ctx, op, 'invalid'));

  if (json) {
    variants.push(
      fc.tuple(valid, fc.constantFrom('{', '{"client_ref":', 'not json', '{"a":1}}', '\u0000', "{'single':'quotes'}")).map(([r, text]) => ({
        ...r,
        kind: 'invalid' as const,
        why: `malformed JSON body ${JSON.stringify(text)}`,
        body: text,
      })),
    );
    variants.push(
      fc.tuple(valid, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x')).map(([r, type]) => ({
        ...r,
        kind: 'invalid' as const,
        why: `JSON body sent as ${type}`,
        headers: { ...r.headers, 'content-type': type },
      })),
    );
    if (op.requestBody?.required) {
      variants.push(valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'no body', body: undefined, headers: without(r.headers, 'content-type') })));
    }
  }

  if (multipart) {
    variants.push(
      fc.tuple(valid, fc.integer({ min: 1, max: 200 })).map(([r, cut]) => {
        const body = r.body as Buffer;
        return { ...r, kind: 'invalid' as const, why: `multipart truncated by ${Math.min(cut, body.length - 1)} bytes (no closing boundary)`, body: body.subarray(0, Math.max(1, body.length - Math.max(cut, 10))) };
      }),
    );
    variants.push(
      valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'multipart body without a boundary parameter', headers: { ...r.headers, 'content-type': 'multipart/form-data' } })),
    );
    variants.push(
      valid.map((r) => ({ ...r, kind: 'invalid' as const, why: 'JSON body where multipart is required', headers: { ...r.headers, 'content-type': 'application/json' }, body: '{"client_ref":"x","file":"aGVsbG8="}' })),
    );
  }

  if (variants.length === 0) return fc.constant(null as unknown as GeneratedRequest).filter(() => false);
  return fc.oneof(...variants).filter((r): r is GeneratedRequest => r !== null);
}

/** Whether the operation has any way to be invalid (GET /status has none: no auth, no parameters). */
export function hasInvalidForms(op: Operation): boolean {
  return isSecured(op) || op.parameters.length > 0 || !!op.requestBody;
}

/** Valid requests (random, and at every boundary) and invalid ones of the operation. */
export function requestArbitrary(ctx: RequestContext, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const valid = fc.oneof(validRequest(ctx, op), ...probeRequests(ctx, op, 'valid'));
  if (!hasInvalidForms(op)) return valid;
  return fc.oneof(valid, invalidRequest(ctx, op));
}

function without<T extends Record<string, any>>(o: T, key: string): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}
