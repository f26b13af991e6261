// The drift check's fixtures: what a run needs from the environment of the implementation it checks. All of
// them come from one JSON file (`--fixtures FILE`), each entry also from its own environment variable
// (`CONTRACT_<ENTRY>`, which wins over the file). An entry is a value, a list of values (in a variable,
// separated by commas or as a JSON array), an issuer the run calls whenever it needs a fresh one
// (`{"issue": <request>, "pick": "<JSON pointer into the answer>"}`), or a request the run makes
// (`<request>` = `{"method", "url", "headers"?, "body"?}`).
import { readFileSync } from 'node:fs';
import { failureCause } from '../client/request-failure';
import { atJsonPointer } from '../spec';
import { parseJsonLines, type ParsedJson } from './json-lines';

export interface HttpAction {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Issuer {
  issue: HttpAction;
  /** JSON pointer of the value in the issuer's answer (`/key`). */
  pick: string;
}

export type EntryValue = string | string[] | Issuer | HttpAction;

/** What a case can need from a run's environment (plus the key with every scope, always given). */
export type FixtureName =
  | 'chatClientRef'
  | 'socialClientRef'
  | 'restrictedKey'
  | 'testKey'
  | 'expiredKey'
  | 'revokedKey'
  | 'trialExpiredKey'
  | 'approvedTemplate'
  | 'inboundMediaId'
  | 'testRecipient'
  | 'signupAuthCode'
  | 'rateLimitKey'
  | 'webhookTestTrigger'
  | 'foreignChatClientRef'
  | 'foreignTemplate'
  | 'foreignMediaId'
  | 'webhooks';

export interface EntrySpec {
  /** value: a string; values: strings; issuable: a string or an issuer; action: a request. */
  form: 'value' | 'values' | 'issuable' | 'action';
  /** The fixture this entry provides; companions (a language, a client of another account) complete one. */
  provides?: FixtureName;
  completes?: FixtureName;
  what: string;
  /** How to obtain it on the real service. */
  real: string;
  /** How `npm run sandbox -- fixtures` makes it on the reference server. */
  reference: string;
}

/** Every entry of the fixtures file, in the order the docs list them. */
export const ENTRIES = {
  base_url: { form: 'value', what: 'Base URL with the version prefix (`…/v1`); `--base-url` wins', real: 'your deployment', reference: 'the address the sandbox was called at, plus `/v1`' },
  api_key: { form: 'value', what: 'A key with every scope (a live key: the suite sends dry runs only); `--api-key` wins', real: 'portal → API keys, every scope', reference: 'a new live key with every scope' },
  extra_api_keys: {
    form: 'values',
    what: "More keys of the same partner with every scope: the generated requests are spread over them and `api_key`, each key within its own rate-limit window, so the run takes less time (optional)",
    real: 'portal → two more keys with every scope, used by nothing else',
    reference: 'two more live keys with every scope',
  },
  chat_client_ref: { form: 'value', provides: 'chatClientRef', what: 'A connected `chat` client', real: 'a client connected through the hosted session', reference: 'a new chat client' },
  social_client_ref: { form: 'value', provides: 'socialClientRef', what: 'A connected `social` client', real: 'a client connected through the social hosted session', reference: 'a new social client' },
  restricted_api_key: { form: 'value', provides: 'restrictedKey', what: 'A valid key without the scope of any public operation (403)', real: 'portal → a key with only `webhooks:read`', reference: 'a live key with `webhooks:read` only' },
  test_api_key: { form: 'value', provides: 'testKey', what: 'A test key (`ik_test_`) with every scope', real: 'portal → a test key, every scope', reference: 'a new test key' },
  expired_api_key: { form: 'value', provides: 'expiredKey', what: 'A key past its expiry (401)', real: 'portal → a key with a custom expiry a minute ahead; wait for it', reference: 'a key that expired 0.2 s after its creation' },
  revoked_api_key: { form: 'value', provides: 'revokedKey', what: 'A revoked key (401)', real: 'portal → create a key, then revoke it', reference: 'a key created and revoked' },
  trial_expired_api_key: { form: 'value', provides: 'trialExpiredKey', what: 'A live key of an account whose trial and grace have ended (402 on live sends)', real: 'a live key of a second (staging) partner account left on an ended trial', reference: 'a live key with a trial of its own that ended (`npm run sandbox -- trial --key …`)' },
  trial_expired_chat_client_ref: { form: 'value', completes: 'trialExpiredKey', what: "A chat client of that account (default: `chat_client_ref`); its live send is refused, so nothing is delivered", real: "a client of the trial-ended account", reference: 'the chat client (one partner per server)' },
  approved_template: { form: 'value', provides: 'approvedTemplate', what: 'An `APPROVED` template of the chat client with body placeholders, by name or id; only read and dry-run sent', real: 'portal or `POST /templates`, then wait for approval', reference: 'a template approved at once' },
  approved_template_language: { form: 'value', completes: 'approvedTemplate', what: 'Its language (needed when its name exists in several)', real: 'the template’s language', reference: '`en_US`' },
  inbound_media_id: { form: 'value', provides: 'inboundMediaId', what: 'An inbound media id of the chat client, under 30 days old', real: 'send an image to the chat number; the id is in `message.received`', reference: 'an image an end user sent in' },
  test_recipient: { form: 'value', provides: 'testRecipient', what: 'A registered test recipient of the chat client: a test-key template send to it is delivered and raises `message.status`', real: 'portal → test recipients (your own phone)', reference: 'a registered number' },
  signup_auth_code: { form: 'issuable', provides: 'signupAuthCode', what: 'Codes for `POST /clients/signup`; a code is exchanged once, so give an issuer (a plain code serves one case of one run)', real: "your provider's embedded-signup test flow", reference: 'an issuer asking the sandbox for a code (as `npm run sandbox -- signup-code` does)' },
  rate_limit_api_key: { form: 'issuable', provides: 'rateLimitKey', what: 'A key the run may exhaust (429); an issuer gives a fresh one each run, a plain key stays exhausted until its window ends', real: 'portal → a key used by nothing else', reference: 'an issuer creating a live key in the sandbox' },
  foreign_chat_client_ref: { form: 'value', provides: 'foreignChatClientRef', what: "A chat client of another partner (a second partner account of the same service); every request naming it must be 404, never 200 or 403, and no list or webhook of the run may carry it. Pick a reference your own partner does not use", real: 'a client of a second (staging) partner account: its portal → clients', reference: 'a chat client of a second partner created for the file' },
  foreign_template: { form: 'value', provides: 'foreignTemplate', what: 'The provider id of a template of that client (an id: a name may exist for your partner too)', real: "the second account's portal, or `GET /templates?client_ref=…` with its key", reference: 'a template of that client' },
  foreign_media_id: { form: 'value', provides: 'foreignMediaId', what: "A media id issued to that client, under 30 days old: the run's key must be refused it like an id never issued, on sends and downloads", real: "upload any image with `POST /media` through the second account's key and that client", reference: 'an image uploaded through that client' },
  webhook_test_trigger: { form: 'action', provides: 'webhookTestTrigger', what: 'A request that makes the service fire `webhook.test`', real: "the portal's webhook simulator, if it has an API", reference: 'the sandbox\'s webhook test (as `npm run sandbox -- webhook test` does)' },
  webhook_configure: { form: 'action', what: 'A request pointing the service at the run’s receiver (`{webhook_url}` and `{webhook_secret}` are filled in); without it, configure the receiver yourself', real: 'leave it out: set the receiver in the portal', reference: 'the sandbox\'s webhook setting (as `npm run sandbox -- webhook set` does)' },
} as const satisfies Record<string, EntrySpec>;

export type EntryKey = keyof typeof ENTRIES;

export const envName = (key: string) => `CONTRACT_${key.toUpperCase()}`;

/** A fixture that exists but cannot serve now (used up, still exhausted, not issued): the run is incomplete, not failed. */
export class FixtureUnavailable extends Error {
  constructor(
    readonly fixture: FixtureName,
    message: string,
  ) {
    super(message);
  }
}

/** A fixtures file or variable the run cannot use at all: a usage error. */
export class FixturesError extends Error {}

export interface LoadedEntries {
  values: Partial<Record<EntryKey, EntryValue>>;
  /** Where each entry came from, for the summary. */
  sources: Partial<Record<EntryKey, string>>;
}

/** Reads the file (when given) and the environment; the environment wins. */
export function loadEntries(file: string | undefined, env: NodeJS.ProcessEnv = process.env): LoadedEntries {
  let loaded: LoadedEntries = { values: {}, sources: {} };
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new FixturesError(`cannot read the fixtures file ${file}: ${(e as Error).message}`);
    }
    let parsed: ParsedJson;
    try {
      parsed = parseJsonLines(text, file);
    } catch (e) {
      throw new FixturesError((e as Error).message);
    }
    loaded = readEntries(parsed.value, file, parsed.lineOf);
  }
  for (const key of Object.keys(ENTRIES) as EntryKey[]) {
    const raw = env[envName(key)];
    if (!raw) continue;
    let value: unknown = raw;
    if (ENTRIES[key].form === 'values' && !raw.trimStart().startsWith('[')) value = raw.split(',').map((v) => v.trim());
    else if (ENTRIES[key].form !== 'value' && /^[[{]/.test(raw.trimStart())) {
      try {
        value = JSON.parse(raw);
      } catch (e) {
        throw new FixturesError(`${envName(key)} is not valid JSON: ${(e as Error).message}`);
      }
    }
    loaded.values[key] = checked(key, value, envName(key));
    loaded.sources[key] = envName(key);
  }
  return loaded;
}

/** The entries of a parsed fixtures file (`where` names it in errors, with the line when `lineOf` knows it). */
export function readEntries(parsed: unknown, where: string, lineOf?: (pointer: string) => number): LoadedEntries {
  const loaded: LoadedEntries = { values: {}, sources: {} };
  const at = (key: string) => (lineOf ? `${where}:${lineOf(`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)}` : where);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FixturesError(`${lineOf ? `${where}:${lineOf('')}: not a JSON object` : `${where} is not a JSON object`}`);
  for (const [key, value] of Object.entries(parsed)) {
    if (!(key in ENTRIES)) throw new FixturesError(`${at(key)}: unknown entry "${key}" (known: ${Object.keys(ENTRIES).join(', ')})`);
    if (value === null) continue;
    loaded.values[key as EntryKey] = checked(key as EntryKey, value, at(key));
    loaded.sources[key as EntryKey] = where;
  }
  return loaded;
}

function checked(key: EntryKey, value: unknown, where: string): EntryValue {
  const { form } = ENTRIES[key];
  if (form === 'values') {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '')) return value as string[];
  } else if (typeof value === 'string' && value !== '' && form !== 'action') return value;
  if (form === 'issuable' && isIssuer(value)) return value;
  if (form === 'action' && isAction(value)) return value;
  const wanted = { value: 'a non-empty string', values: 'an array of non-empty strings (in a variable: separated by commas)', issuable: 'a non-empty string or {"issue": {"method", "url", …}, "pick": "/pointer"}', action: 'a request {"method", "url", "headers"?, "body"?}' }[form];
  throw new FixturesError(`${where}: "${key}" must be ${wanted}`);
}

const isAction = (v: unknown): v is HttpAction =>
  typeof v === 'object' && v !== null && typeof (v as HttpAction).method === 'string' && typeof (v as HttpAction).url === 'string' && /^https?:\/\//.test((v as HttpAction).url);
const isIssuer = (v: unknown): v is Issuer => typeof v === 'object' && v !== null && isAction((v as Issuer).issue) && typeof (v as Issuer).pick === 'string';

/** Makes a request of the fixtures file, `{name}` placeholders in its body filled in; the parsed answer. */
export async function perform(action: HttpAction, placeholders: Record<string, string> = {}): Promise<unknown> {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => placeholders[name] ?? whole);
  const body = action.body === undefined ? undefined : fill(JSON.stringify(action.body));
  const headers = { ...action.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  let res: Response;
  try {
    res = await fetch(fill(action.url), { method: action.method, headers, body });
  } catch (e) {
    throw new Error(`${action.method} ${action.url} failed: ${failureCause(e)}`);
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${action.method} ${action.url} answered ${res.status}: ${text.slice(0, 300)}`);
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** The value at a JSON pointer. */
export const pick = atJsonPointer;

/**
 * A source of fresh values for a consumable fixture: an issuer is called each time; a plain value serves
 * once when `singleUse` (a signup code), else every time (a key whose exhaustion the case detects).
 */
export function valueSource(fixture: FixtureName, entry: string | Issuer, singleUse: boolean): () => Promise<string> {
  if (typeof entry === 'string') {
    let used = false;
    return async () => {
      if (singleUse && used) throw new FixtureUnavailable(fixture, `the one value given was used by an earlier case of this run; give an issuer for more`);
      used = true;
      return entry;
    };
  }
  return async () => {
    let answer: unknown;
    try {
      answer = await perform(entry.issue);
    } catch (e) {
      throw new FixtureUnavailable(fixture, `its issuer failed: ${(e as Error).message}`);
    }
    const value = pick(answer, entry.pick);
    if (typeof value !== 'string' || value === '') throw new FixtureUnavailable(fixture, `its issuer's answer has no string at ${entry.pick}`);
    return value;
  };
}
