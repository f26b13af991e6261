// A generated request as a curl command that sends the same bytes: the key as $API_KEY (never the key
// itself), a JSON body inline, a multipart body through base64 (its bytes are not text).
import type { GeneratedRequest } from '../generation/request-parts';

/** `it's` → `'it'\''s'`: one shell word, nothing expanded. */
const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Every `ik_live_…`/`ik_test_…` key in a text replaced: the run's key by $API_KEY, any other by a placeholder. */
export function withoutKeys(text: string, apiKey: string): string {
  return text.split(apiKey).join('$API_KEY').replace(/ik_(live|test)_[A-Za-z0-9_-]+/g, 'ik_$1_<another key>');
}

export function curlOf(r: GeneratedRequest, baseUrl: string, apiKey: string): string {
  const headers = Object.entries(r.headers).map(([name, value]) => {
    const header = `${name}: ${value}`;
    // Double quotes only around a header carrying the key, so that $API_KEY expands.
    return header.includes(apiKey) ? `-H "${withoutKeys(header, apiKey)}"` : `-H ${quoted(withoutKeys(header, apiKey))}`;
  });
  const url = `${baseUrl}${r.path}`;
  const command = ['curl -sS -i', '-X', r.method, url.includes(apiKey) ? `"${withoutKeys(url, apiKey)}"` : quoted(url), ...headers];
  if (r.body === undefined) return command.join(' ');
  if (typeof r.body === 'string') return [...command, '--data-binary', quoted(withoutKeys(r.body, apiKey))].join(' ');
  return `printf %s ${quoted(r.body.toString('base64'))} | base64 -d | ${[...command, '--data-binary', '@-'].join(' ')}`;
}
