// Generated requests made usable against an implementation nobody here has seen: what the generator drew is
// fitted to the run's world (its fixtures and what the phase made for itself) so that a valid request reaches
// the rules instead of stopping at "no such client": the fixtures' clients, the approved template with as many
// parameters as it has placeholders, a template of the phase's own to edit, read and delete, unique names for
// anything created, and dry runs only. The pinned field of a probe is never changed, so its boundary (or its
// break) travels as generated, but for a send's `to`, spelt as digits at the length drawn (its bounds are
// lengths; a `chat` recipient that is not a number is a refusal the contract documents); a field tied to it
// follows it (an edited template's name in the path and the body).
import { createHash } from 'node:crypto';
import type { Operation } from '../../spec';
import { isFilePart, type FilePart } from '../generation/multipart';
import type { Probe } from '../generation/probes';
import { travelsInPath, type RequestParts } from '../generation/request-parts';

/** A template the phase may use, by name and language. */
export interface TemplateHandle {
  name: string;
  language: string;
}

/** What the phase's requests may refer to. */
export interface PhaseWorld {
  chatClientRef?: string;
  socialClientRef?: string;
  /** The fixtures' approved template, with the number of body placeholders it has (when it could be read). */
  approved?: { ref: string; language?: string; placeholders?: number };
  /** A recipient a dry run may name (the fixtures' test recipient), for sends the target must accept. */
  recipient?: string;
  inboundMediaId?: string;
  /** A template the phase created to read (and edit when no other is ready). */
  own?: TemplateHandle;
  /** The template a valid edit goes to: one the phase made and has not edited yet, out of review (own-templates.ts). */
  editing?: TemplateHandle;
  /** A template the phase created for its valid deletes. */
  doomed?: TemplateHandle;
  /** A header media handle the phase uploaded. */
  handle?: string;
  /** A token unique to this run (lowercase letters and digits). */
  token: string;
  /** Files of the types the contract's uploads accept, by template media format. */
  files: Record<'IMAGE' | 'VIDEO' | 'DOCUMENT', FilePart>;
  /** Whether a valid creation goes to the chat client (made, and deleted at the phase's end), or to a client that cannot hold templates (refused, nothing made): every probe's first send makes its template, later rounds only up to a quota. */
  mayCreate: boolean;
}

type Pinned = Pick<Probe, 'location' | 'field'> & { what?: string };

/** The operations that send messages: always dry runs. */
const SENDS = new Set(['sendMessage', 'sendTemplateMessage']);

/** Whether the probe pins this field (or a field inside it, or the object holding it). */
const pinned = (probe: Pinned, location: Probe['location'], field: string) =>
  probe.location === location && probe.field !== '' && (probe.field === field || probe.field.startsWith(`${field}.`) || field.startsWith(`${probe.field}.`));

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && !isFilePart(v);

/** The fitting of one request: reads and sets its parts, leaving the probe's pinned field alone. */
class Fitting {
  readonly parts: RequestParts;

  constructor(
    parts: RequestParts,
    readonly probe: Pinned,
    private readonly choice: number,
  ) {
    this.parts = { pathValues: { ...parts.pathValues }, query: [...parts.query], body: isObject(parts.body) ? structuredClone(parts.body) : parts.body };
  }

  /** One of the options, the same for the same draw. */
  pick<T>(...options: T[]): T {
    return options[this.choice % options.length]!;
  }

  body(field: string): unknown {
    return field.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), this.parts.body);
  }

  setBody(field: string, value: unknown): void {
    if (pinned(this.probe, 'body', field) || !isObject(this.parts.body)) return;
    const keys = field.split('.');
    let node: Json = this.parts.body;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(node[key])) return;
      node = node[key] as Json;
    }
    if (value === undefined) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = value;
  }

  /**
   * Spells a top-level body field anew even when the probe pins it, for a spelling that keeps what a probe of
   * it pins (a string's length).
   */
  respellBody(field: string, spell: (value: unknown) => unknown): void {
    if (isObject(this.parts.body) && this.parts.body[field] !== undefined) this.parts.body[field] = spell(this.parts.body[field]);
  }

  query(name: string): string | undefined {
    return this.parts.query.find(([n]) => n === name)?.[1];
  }

  setQuery(name: string, value: string | undefined): void {
    if (pinned(this.probe, 'query', name)) return;
    this.parts.query = [...this.parts.query.filter(([n]) => n !== name), ...(value === undefined ? [] : ([[name, value]] as [string, string][]))];
  }

  setPath(name: string, value: string): void {
    if (!pinned(this.probe, 'path', name)) this.parts.pathValues = { ...this.parts.pathValues, [name]: value };
  }
}

/**
 * Digits in place of every character, the length kept: a recipient is a phone number or a scoped id, and a
 * `chat` recipient that is not digits is refused by the service (openapi.yaml, `Recipient`). Its bounds in the
 * schema are lengths, so a probe of `to` is spelt so too.
 */
const digits = (value: unknown) => (typeof value === 'string' ? [...value].map((c) => String((c.codePointAt(0) ?? 0) % 10)).join('') : value);

/**
 * A lower_snake_case name unique to the run, as long as the generated one: `gen_<token>_<n>` padded, or, when
 * the length cannot hold that, letters and digits of a digest of it (a name of one or two characters cannot
 * be unique for long: a deleted name stays taken for 30 days, and its creation may be refused 409).
 */
export function uniqueName(generated: unknown, token: string, n: number): unknown {
  if (typeof generated !== 'string') return generated;
  const length = [...generated].length;
  const unique = `gen_${token}_${n}`;
  if (length < unique.length) {
    const hex = createHash('sha256').update(unique).digest('hex');
    return `${'abcdefghijklmnopqrstuvwxyz'[parseInt(hex.slice(0, 2), 16) % 26]}${BigInt(`0x${hex}`).toString(36)}`.slice(0, length);
  }
  return `${unique}${'_x'.repeat(length)}`.slice(0, length).replace(/_$/, 'x');
}

/** A client reference unique to the run, as long as the generated one when it can be. */
function uniqueRef(generated: unknown, token: string, n: number): unknown {
  if (typeof generated !== 'string') return generated;
  const length = [...generated].length;
  const unique = `gen-${token}-${n}`;
  return length < unique.length ? generated : `${unique}${'x'.repeat(length)}`.slice(0, length);
}

/** Why a probe cannot be sent at all, or undefined. */
export function unsendable(op: Operation, probe: Pinned & { what: string }): string | undefined {
  if (SENDS.has(op.operationId) && pinned(probe, 'body', 'dry_run') && probe.what.split(',')[0] !== 'present') {
    return 'dry_run is always true in generated sends (without it a live key delivers real messages)';
  }
  return undefined;
}

let counter = 0;

/**
 * The request fitted to the run's world, or undefined when the probe cannot be sent (a send that would not
 * be a dry run). `choice` picks among the world's options (a chat or a social client, …).
 */
export function fitToWorld(op: Operation, parts: RequestParts, probe: Pinned & { what: string; kind: Probe['kind'] }, choice: number, world: PhaseWorld): RequestParts | undefined {
  const valid = probe.kind === 'valid';
  if (unsendable(op, probe)) return undefined;
  const f = new Fitting(parts, probe, choice);
  const clients = [world.chatClientRef, world.socialClientRef].filter((c): c is string => c !== undefined);
  const chat = world.chatClientRef;
  const unique = () => ++counter;
  // A send is a dry run whatever was drawn, the pinned `dry_run: present` included.
  if (SENDS.has(op.operationId) && isObject(f.parts.body)) f.parts.body.dry_run = true;
  switch (op.operationId) {
    case 'sendMessage':
      if (clients.length) f.setBody('client_ref', f.pick(...clients));
      f.respellBody('to', digits);
      break;
    case 'sendTemplateMessage': {
      if (chat) f.setBody('client_ref', chat);
      f.respellBody('to', digits);
      if (f.body('template_ref') !== undefined && world.approved) {
        f.setBody('template_ref', world.approved.ref);
        if (world.approved.language) f.setBody('language', world.approved.language);
        if (world.approved.placeholders !== undefined) f.setBody('parameters', Array.from({ length: world.approved.placeholders }, (_, i) => `value ${i + 1}`));
        // The approved template's header, buttons and cards are unknown: values for them are left out unless pinned.
        for (const field of ['header', 'buttons', 'cards']) f.setBody(field, undefined);
        fitParameterForm(f, world);
      }
      break;
    }
    case 'uploadMedia':
      if (chat) f.setBody('client_ref', chat);
      f.setBody('file', f.pick(world.files.IMAGE, world.files.VIDEO, world.files.DOCUMENT));
      break;
    case 'uploadTemplateMedia': {
      if (chat) f.setBody('client_ref', chat);
      const format = f.body('format');
      f.setBody('file', world.files[(typeof format === 'string' && format in world.files ? format : 'IMAGE') as keyof PhaseWorld['files']]);
      break;
    }
    case 'downloadMedia':
      if (chat) f.setQuery('client_ref', chat);
      if (world.inboundMediaId) f.setPath('media_id', world.inboundMediaId);
      break;
    case 'createEmbeddedSignupSession':
    case 'createSocialConnectSession':
      // A fresh reference opens a session (201); a connected one is refused (409).
      f.setBody('client_ref', f.pick(uniqueRef(f.body('client_ref'), world.token, unique()), ...clients));
      break;
    case 'completeClientSignup':
      // Only connected references (409): a made-up code that an implementation accepted would connect a client
      // nobody removes.
      if (clients.length) f.setBody('client_ref', f.pick(...clients));
      if (pinned(probe, 'body', 'client_ref')) f.setBody('auth_code', `invalid-generated-${world.token}`);
      break;
    case 'getClient':
      if (clients.length) f.setPath('client_ref', f.pick(...clients));
      break;
    case 'listTemplates':
      if (chat) f.setQuery('client_ref', chat);
      break;
    case 'createTemplate': {
      // Past the phase's quota, a client that cannot hold templates (social: refused) or none (404): nothing is made.
      const client = world.mayCreate ? chat : (world.socialClientRef ?? `gen-${world.token}-no-such-client`);
      if (client) f.setBody('client_ref', client);
      // In the language edits leave out (the default, en_US), so the template can take any valid edit later.
      if (f.body('language') !== undefined) f.setBody('language', 'en_US');
      // A pinned name keeps its length (its boundary); any other is the run's own full-length name.
      if (pinned(probe, 'body', 'name')) f.parts.body = isObject(f.parts.body) ? { ...f.parts.body, name: uniqueName(f.body('name'), world.token, unique()) } : f.parts.body;
      else f.setBody('name', `gen_${world.token}_${unique()}`);
      fitTemplateContent(f, world);
      break;
    }
    case 'getTemplate':
    case 'deleteTemplate': {
      const template = op.operationId === 'getTemplate' ? f.pick(world.own, world.approved && { name: world.approved.ref, language: world.approved.language }) : world.doomed;
      if (chat) f.setQuery('client_ref', chat);
      if (template) {
        f.setPath('template_ref', template.name);
        if (template.language && f.query('language') !== undefined) f.setQuery('language', template.language);
      }
      break;
    }
    case 'updateTemplate':
      fitEdit(f, world, valid);
      break;
  }
  return f.parts;
}

/**
 * A send of the approved template by one form of `parameters` (the probe pins the branch: positional, an array
 * in order; named, an object keyed by the placeholders' numbers): the values fill every placeholder in that form,
 * to a recipient a dry run may name, so the target must accept it (section 4, POST /messages/send-template
 * rule 2: "its components are built from parameters").
 */
function fitParameterForm(f: Fitting, world: PhaseWorld): void {
  const form = /^branch "(In order|By name or number)"/.exec(f.probe.field === 'parameters' && f.probe.location === 'body' ? (f.probe.what ?? '') : '')?.[1];
  const n = world.approved?.placeholders;
  if (!form || n === undefined || !isObject(f.parts.body)) return;
  const values = Array.from({ length: n }, (_, i) => `value ${i + 1}`);
  f.parts.body.parameters = form === 'In order' ? values : Object.fromEntries(values.map((v, i) => [String(i + 1), v]));
  f.parts.body.to = world.recipient ?? FALLBACK_RECIPIENT;
  f.parts.mustAccept = `its ${form === 'In order' ? 'positional' : 'named'} parameters fill every placeholder of the approved template (section 4, POST /messages/send-template rule 2)`;
}

/** A recipient of the form a chat number takes, for a dry run the target must accept when the fixtures name none. */
const FALLBACK_RECIPIENT = '4915112345678';

/**
 * A template's content that reaches the provider: header media by the phase's handle, and a raw component
 * array (free-form in the contract) that starts with the BODY component the provider requires. Its length, the
 * contract's boundary, stays as drawn.
 */
function fitTemplateContent(f: Fitting, world: PhaseWorld): void {
  if (world.handle && f.body('header.media_handle') !== undefined) f.setBody('header.media_handle', world.handle);
  const components = f.body('components');
  if (Array.isArray(components)) components.splice(0, components.length > 0 ? 1 : 0, { type: 'BODY', text: 'Hello.' });
}

/**
 * An edit of the phase's own template: the path, the query and the body name the same template (its name and
 * language cannot change), unless the probe pins one of them, which the others then follow (an unknown
 * template: 404). Without a template of its own, the path and the query follow the body's drawn name, client
 * and language (an unknown client: 404).
 */
function fitEdit(f: Fitting, world: PhaseWorld, valid: boolean): void {
  const own = (valid ? world.editing : undefined) ?? world.own;
  const chat = world.chatClientRef;
  const p = f.probe;
  // A valid pinned value is followed (an unknown template: 404); a broken one is not (its refusal comes first).
  const follow = (location: Probe['location'], field: string) => valid && pinned(p, location, field);
  // Without a template of the phase's own (no chat client), the body's drawn values stand for it, unless broken on purpose.
  const drawn = (field: string) => (pinned(p, 'body', field) ? undefined : f.body(field));
  const name = follow('path', 'template_ref') ? f.parts.pathValues.template_ref : follow('body', 'name') ? f.body('name') : (own?.name ?? drawn('name'));
  const client = follow('query', 'client_ref') ? f.query('client_ref') : follow('body', 'client_ref') ? f.body('client_ref') : (chat ?? drawn('client_ref'));
  if (typeof name === 'string') {
    // A name that cannot travel as a path segment (`.`) stays in the body; the path keeps its drawn value.
    if (travelsInPath(name)) f.setPath('template_ref', name);
    f.setBody('name', name);
  }
  if (typeof client === 'string') {
    f.setQuery('client_ref', client);
    f.setBody('client_ref', client);
  }
  const language = (follow('body', 'language') ? f.body('language') : undefined) ?? (follow('query', 'language') ? f.query('language') : undefined) ?? own?.language ?? drawn('language');
  if (typeof language === 'string') {
    if (f.body('language') !== undefined || pinned(p, 'query', 'language')) f.setBody('language', language);
    if (f.query('language') !== undefined || pinned(p, 'body', 'language')) f.setQuery('language', language);
  }
  fitTemplateContent(f, world);
}
