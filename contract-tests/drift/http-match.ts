// What drifts recognise in the traffic they change: an operation by method and path, a request's JSON body,
// an answer's error code, the generated probes they are met by; and an answer replaced by another.
import type { Probe } from '../generation/probes';
import type { ProxiedRequest, ProxiedResponse } from './proxy';

/** `GET /clients/{ref}` and the like: the method and the path after `/v1`. */
export const is = (req: ProxiedRequest, method: string, path: RegExp) => req.method === method && path.test(req.path.replace(/^\/v1/, ''));
export const CLIENT_PATH = /^\/clients\/(?!signup$)[^/]+$/;
export const TEMPLATE_PATH = /^\/templates\/(?!media$)[^/]+$/;
/** The path segment after `/v1/<collection>/`, decoded. */
export const resourceOf = (req: ProxiedRequest) => decodeURIComponent(req.path.replace(/^\/v1/, '').split('/')[2] ?? '');

export const json = (req: ProxiedRequest): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    return undefined;
  }
};
export const setJsonBody = (req: ProxiedRequest, body: unknown) => {
  req.body = Buffer.from(JSON.stringify(body));
};
export const answerJson = (res: ProxiedResponse): any => {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
};
export const errorCode = (res: ProxiedResponse) => answerJson(res)?.error?.code as string | undefined;
export const respondJson = (res: ProxiedResponse, status: number, body: unknown) => {
  res.status = status;
  res.headers['content-type'] = 'application/json';
  res.body = Buffer.from(JSON.stringify(body));
};

/** The length of a string in code points (-1 for anything else), as the contract's maxLength counts. */
export const codePoints = (s: unknown) => (typeof s === 'string' ? [...s].length : -1);

/** Answers 400 bad_request with validation details, as an implementation whose limit is off by one does. */
export const refuse = (res: ProxiedResponse, field: string, message: string) =>
  respondJson(res, 400, { error: { code: 'bad_request', message: 'The request is invalid.', details: { [field]: [message] } } });

/** A send's body when it is one of `type`. */
export const sendOf = (req: ProxiedRequest, type: string) => {
  const body = is(req, 'POST', /^\/messages\/send$/) ? json(req) : undefined;
  return body?.type === type ? body : undefined;
};

/** A probe pinning this field (of this kind): `text.body` at `maxLength`. */
export const probe = (kind: Probe['kind'], field: string, what?: RegExp) => (p: Probe) => p.kind === kind && p.field === field && (!what || what.test(p.what));
