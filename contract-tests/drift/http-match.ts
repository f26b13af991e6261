// What drifts recognise in the traffic they change: an operation by method and path, a request's JSON body,
// an answer's error code; and an answer replaced by another.
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
