// The template rules of sections 3, 4 and 8 and docs/decisions.md that the schema cannot express: name
// normalization, auto-filled examples, limits applied to raw components, the states that refuse edits,
// the edit allowance of approved templates, the 30-day name block and the provider-driven transitions.
// Each rule is one exported function or constant named after it.
import { ENUMS, LIMITS } from '../../../generated/constants';
import type { components } from '../../../generated/openapi';
import type { TemplateCategory, TemplateComponent, TemplateStatus } from '../../store/records';
import { DAY_MS } from '../shared/clock';
import { badRequest, conflict } from '../shared/errors';

type Schemas = components['schemas'];
export type CreateTemplateRequest = Schemas['CreateTemplateRequest'];
export type TemplateVariables = Schemas['TemplateVariables'];

export const DEFAULT_TEMPLATE_LANGUAGE = 'en_US';
export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = 'MARKETING';

/** Deleted names stay blocked this long (section 8). */
export const TEMPLATE_NAME_BLOCK_MS = 30 * DAY_MS;
/**
 * How long a creation or an edit holds its template's name and language at most: longer than a header
 * `media_url` download and a provider call take; a hold left by a crashed instance frees itself then.
 */
export const TEMPLATE_WRITE_HOLD_MS = 5 * 60 * 1000;
/** Staleness of the local template mirror (docs/decisions.md, shapes left free). */
export const TEMPLATE_MIRROR_STALE_MS = 5 * 60 * 1000;

/**
 * `Order Shipped!` → `order_shipped`; accents dropped. The letter case of the input never matters
 * (`ORDER SHIPPED` and `order shipped` are one name), so no word boundary is read from it.
 */
export function normalizeTemplateName(name: string): string {
  const normalized = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (normalized.length === 0) {
    throw badRequest(`The name "${name}" has no letters or digits to build a lower_snake_case name from.`, {
      details: { name: ['must contain letters or digits'] },
    });
  }
  if (normalized.length > LIMITS.TemplateName.maxLength) {
    throw badRequest(`The normalized name is longer than ${LIMITS.TemplateName.maxLength} characters.`, {
      details: { name: [`must be at most ${LIMITS.TemplateName.maxLength} characters once normalized`] },
    });
  }
  return normalized;
}

/** The `{{n}}` / `{{name}}` placeholders of a text, in order of first appearance, without duplicates. */
export function placeholdersOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    if (!names.includes(match[1]!)) names.push(match[1]!);
  }
  return names;
}

/** Numbered placeholders must run 1, 2, 3… without gaps (the provider refuses `{{1}} {{3}}`). */
export function assertSequentialPlaceholders(text: string, field: string): void {
  const names = placeholdersOf(text);
  if (names.length === 0) return;
  const numbered = names.every((n) => /^\d+$/.test(n));
  if (!numbered) return;
  const sorted = names.map(Number).sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i + 1)) {
    throw badRequest(`Placeholders of ${field} must be numbered {{1}}, {{2}}, … without gaps.`, {
      details: { [field]: ['placeholders must be numbered from {{1}} without gaps'] },
    });
  }
}

/**
 * Missing `examples` entries are auto-filled: one sample per placeholder, the given ones first, then
 * `example_<n>` for the rest. Extra examples beyond the placeholders are dropped.
 */
export function autoFillExamples(placeholders: readonly string[], given: readonly string[] | undefined): string[] {
  return placeholders.map((name, i) => {
    const sample = given?.[i];
    return sample !== undefined && sample.trim() !== '' ? sample : `example_${name}`;
  });
}

const MEDIA_FORMATS = new Set<string>(ENUMS.TemplateMediaFormat);

/** The header media source a request names, to be turned into a provider handle before submission. */
export type HeaderMediaSource = { media_handle: string } | { media_url: string };

export function headerMediaSourceOf(request: CreateTemplateRequest): HeaderMediaSource | undefined {
  if (request.components !== undefined) return undefined;
  const header = request.header as Record<string, unknown> | undefined;
  if (!header || !MEDIA_FORMATS.has(String(header.format))) return undefined;
  if (typeof header.media_handle === 'string') return { media_handle: header.media_handle };
  if (typeof header.media_url === 'string') return { media_url: header.media_url };
  throw badRequest('A media header needs media_handle or media_url.', { details: { header: ['needs media_handle or media_url'] } });
}

/**
 * Builds the provider component array from the request (header, body, footer, buttons), with examples
 * auto-filled. `headerHandle` is the provider handle of a media header. Raw `components` take precedence
 * and are checked against the same limits.
 */
export function buildTemplateComponents(request: CreateTemplateRequest, headerHandle?: string): TemplateComponent[] {
  if (request.components !== undefined) {
    assertRawComponentLimits(request.components);
    return request.components.map((c) => ({ ...c }));
  }
  const result: TemplateComponent[] = [];
  const header = request.header as Record<string, unknown> | undefined;
  if (header) {
    const format = String(header.format);
    if (format === 'TEXT') {
      const text = String(header.text ?? '');
      assertHeaderText(text, 'header.text');
      const names = placeholdersOf(text);
      const component: TemplateComponent = { type: 'HEADER', format: 'TEXT', text };
      if (names.length > 0) component.example = { header_text: autoFillExamples(names, header.examples as string[] | undefined) };
      result.push(component);
    } else if (MEDIA_FORMATS.has(format)) {
      result.push({ type: 'HEADER', format, example: { header_handle: [headerHandle ?? ''] } });
    } else {
      result.push({ type: 'HEADER', format: 'LOCATION' });
    }
  }
  const bodyText = request.body.text;
  assertSequentialPlaceholders(bodyText, 'body.text');
  const bodyNames = placeholdersOf(bodyText);
  const body: TemplateComponent = { type: 'BODY', text: bodyText };
  if (bodyNames.length > 0) body.example = { body_text: [autoFillExamples(bodyNames, request.body.examples)] };
  result.push(body);
  if (request.footer) result.push({ type: 'FOOTER', text: request.footer.text });
  if (request.buttons && request.buttons.length > 0) {
    const buttons = request.buttons.map((button, i) => {
      const b: Record<string, unknown> = { ...button };
      if (button.type === 'URL') {
        const url = button.url;
        const names = placeholdersOf(url);
        if (names.length > 1 || (names.length === 1 && !/\{\{1\}\}$/.test(url))) {
          throw badRequest('A URL button may only end with a single {{1}}.', {
            details: { [`buttons.${i}.url`]: ['only a trailing {{1}} is allowed'] },
          });
        }
        if (names.length === 1) b.example = autoFillExamples(['1'], button.example).map((s) => (/^https?:\/\//.test(s) ? s : url.replace('{{1}}', s)));
        else delete b.example;
      }
      return b;
    });
    result.push({ type: 'BUTTONS', buttons });
  }
  return result;
}

function assertHeaderText(text: string, field: string): void {
  if (text.length > LIMITS.TemplateHeaderText.maxLength) {
    throw badRequest(`${field} is longer than ${LIMITS.TemplateHeaderText.maxLength} characters.`, { details: { [field]: [`at most ${LIMITS.TemplateHeaderText.maxLength} characters`] } });
  }
  const names = placeholdersOf(text);
  const count = (text.match(/\{\{/g) ?? []).length;
  if (count > 1 || (names.length === 1 && names[0] !== '1')) {
    throw badRequest(`${field} may contain a single {{1}} at most.`, { details: { [field]: ['a single {{1}} at most'] } });
  }
}

/**
 * The limits of section 8, applied to a raw provider component array (the schema leaves it free-form): the
 * same the contract states for the structured fields (LIMITS of generated/constants.ts).
 */
export function assertRawComponentLimits(components: readonly Record<string, unknown>[]): void {
  const fail = (field: string, message: string) => badRequest(`components: ${message}`, { details: { [field]: [message] } });
  let bodies = 0;
  components.forEach((component, i) => {
    const type = String(component.type ?? '').toUpperCase();
    const text = typeof component.text === 'string' ? component.text : undefined;
    if (type === 'BODY') {
      bodies += 1;
      if (text === undefined || text.length === 0) throw fail(`components.${i}.text`, 'the BODY component needs text');
      if (text.length > LIMITS.TemplateBodyText.maxLength) throw fail(`components.${i}.text`, `body text at most ${LIMITS.TemplateBodyText.maxLength} characters`);
      assertSequentialPlaceholders(text, `components.${i}.text`);
    } else if (type === 'FOOTER') {
      if (text !== undefined && text.length > LIMITS.TemplateFooterText.maxLength) throw fail(`components.${i}.text`, `footer text at most ${LIMITS.TemplateFooterText.maxLength} characters`);
    } else if (type === 'HEADER') {
      if (text !== undefined) assertHeaderText(text, `components.${i}.text`);
    } else if (type === 'BUTTONS') {
      const buttons = Array.isArray(component.buttons) ? (component.buttons as Record<string, unknown>[]) : [];
      if (buttons.length > LIMITS.TemplateButtons.maxItems) throw fail(`components.${i}.buttons`, `at most ${LIMITS.TemplateButtons.maxItems} buttons`);
      buttons.forEach((button, j) => {
        if (typeof button.text === 'string' && button.text.length > LIMITS.TemplateButtonText.maxLength) {
          throw fail(`components.${i}.buttons.${j}.text`, `button text at most ${LIMITS.TemplateButtonText.maxLength} characters`);
        }
      });
    }
  });
  if (bodies === 0) throw fail('components', 'a BODY component is required');
}

/** Placeholders expected per component, as the Template's `variables` reports them. */
export function variablesOf(components: readonly TemplateComponent[]): TemplateVariables {
  const variables = { header: [] as string[], body: [] as string[], buttons: [] as string[] };
  for (const component of components) {
    const type = String(component.type ?? '').toUpperCase();
    if (type === 'HEADER' && typeof component.text === 'string') variables.header.push(...placeholdersOf(component.text));
    if (type === 'BODY' && typeof component.text === 'string') variables.body.push(...placeholdersOf(component.text));
    if (type === 'BUTTONS' && Array.isArray(component.buttons)) {
      for (const button of component.buttons as Record<string, unknown>[]) {
        if (typeof button.url === 'string') variables.buttons.push(...placeholdersOf(button.url));
      }
    }
  }
  return variables;
}

/** `STANDARD`, `CAROUSEL` or `AUTHENTICATION`. */
export function templateTypeOf(category: TemplateCategory, components: readonly TemplateComponent[]): string {
  if (category === 'AUTHENTICATION') return 'AUTHENTICATION';
  if (components.some((c) => String(c.type ?? '').toUpperCase() === 'CAROUSEL')) return 'CAROUSEL';
  return 'STANDARD';
}

/** Decision 2: these states accept edits; every other state answers 409. */
export const EDITABLE_TEMPLATE_STATES: readonly TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED'];

export function assertTemplateEditable(name: string, status: TemplateStatus): void {
  if (!EDITABLE_TEMPLATE_STATES.includes(status)) {
    throw conflict(`Template ${name} is ${status}; only APPROVED, REJECTED and PAUSED templates can be edited.`);
  }
}

/** Decision 11: an approved template may be edited once per 24 hours and ten times per 30 days. */
export const APPROVED_EDIT_WINDOWS = [
  { windowMs: DAY_MS, max: 1, label: 'less than 24 hours ago' },
  { windowMs: 30 * DAY_MS, max: 10, label: '10 times in the last 30 days' },
] as const;

/** How far back the edit allowance looks: its longest window. */
export const APPROVED_EDIT_LOOKBACK_MS = Math.max(...APPROVED_EDIT_WINDOWS.map((w) => w.windowMs));

/** `approvedEdits`: times of earlier edits made while the template was APPROVED. */
export function assertApprovedEditAllowance(name: string, status: TemplateStatus, approvedEdits: readonly Date[], now: Date): void {
  if (status !== 'APPROVED') return;
  let nextAllowed: number | undefined;
  let reason = '';
  for (const { windowMs, max, label } of APPROVED_EDIT_WINDOWS) {
    const inWindow = approvedEdits.map((d) => d.getTime()).filter((t) => t > now.getTime() - windowMs).sort((a, b) => a - b);
    if (inWindow.length >= max) {
      // The edit becomes possible once enough of the window's edits have aged out of it.
      const at = inWindow[inWindow.length - max]! + windowMs;
      if (nextAllowed === undefined || at > nextAllowed) {
        nextAllowed = at;
        reason = label;
      }
    }
  }
  if (nextAllowed !== undefined) {
    throw conflict(
      `Approved template ${name} was edited ${reason}; it can be edited again after ${new Date(nextAllowed).toISOString()}.`,
    );
  }
}

/** Section 3: name and language of a template cannot change through an edit. */
export function assertNameAndLanguageUnchanged(
  current: { name: string; language: string },
  requested: { name: string; language: string },
): void {
  const details: Record<string, string[]> = {};
  if (requested.name !== current.name) details.name = [`cannot change from ${current.name}`];
  if (requested.language !== current.language) details.language = [`cannot change from ${current.language}`];
  if (Object.keys(details).length > 0) {
    throw badRequest(`A template's name and language cannot change (${current.name}, ${current.language}).`, { details });
  }
}

/** Section 8: a deleted template's name cannot be reused for 30 days. */
export function assertNameNotBlocked(name: string, deletedAt: Date | undefined, now: Date): void {
  if (!deletedAt) return;
  const until = deletedAt.getTime() + TEMPLATE_NAME_BLOCK_MS;
  if (now.getTime() < until) {
    throw conflict(
      `The name ${name} was deleted on ${deletedAt.toISOString().slice(0, 10)} and cannot be reused before ${new Date(until).toISOString().slice(0, 10)}.`,
    );
  }
}

/**
 * Decision 1 and section 3: the moves the provider makes. A review ends a PENDING template in a result;
 * later moves follow quality signals and appeals. The partner never moves a template directly.
 */
export const PROVIDER_TEMPLATE_TRANSITIONS: Readonly<Record<TemplateStatus, readonly TemplateStatus[]>> = {
  PENDING: ['APPROVED', 'REJECTED', 'PAUSED'],
  APPROVED: ['FLAGGED', 'PAUSED'],
  FLAGGED: ['APPROVED', 'PAUSED'],
  PAUSED: ['APPROVED', 'DISABLED'],
  REJECTED: ['IN_APPEAL'],
  IN_APPEAL: ['APPROVED', 'REJECTED'],
  DISABLED: [],
};

export function isProviderTransition(from: TemplateStatus, to: TemplateStatus): boolean {
  return PROVIDER_TEMPLATE_TRANSITIONS[from].includes(to);
}

export function assertProviderTransition(from: TemplateStatus, to: TemplateStatus): void {
  if (!isProviderTransition(from, to)) {
    const allowed = PROVIDER_TEMPLATE_TRANSITIONS[from];
    throw conflict(`A ${from} template cannot move to ${to}; the provider moves it to ${allowed.length ? allowed.join(' or ') : 'nothing (final)'}.`);
  }
}

/** Section 3 rule 2: `rejected_reason` is non-null only when the status is REJECTED. */
export function rejectedReasonFor(status: TemplateStatus, reason: string | null | undefined): string | null {
  return status === 'REJECTED' ? (reason && reason.length > 0 ? reason : 'INVALID_FORMAT') : null;
}
