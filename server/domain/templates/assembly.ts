import type { components } from '../../../generated/openapi';
import { badRequest, type CodeOf } from '../shared/errors';
import type { TemplateComponent } from '../../store/records';
import { mediaIdsIn, type MediaReference } from '../media/media-scope';
import { placeholdersOf } from './rules';

type SendTemplateByRef = components['schemas']['SendTemplateByRef'];
type TemplateParameters = components['schemas']['TemplateParameters'];
type HeaderValue = components['schemas']['TemplateHeaderValue'];
type Card = components['schemas']['TemplateCard'];

/** What a template send by `template_ref` supplies for the placeholders. */
export type TemplateValues = Pick<SendTemplateByRef, 'parameters' | 'header' | 'buttons' | 'cards'>;

/** The part of a stored template assembly reads. */
export interface AssemblableTemplate {
  name: string;
  language: string;
  category?: string;
  components: readonly TemplateComponent[];
}

/** The provider template object a send carries. */
export interface AssembledTemplate {
  name: string;
  language: { code: string };
  components: Record<string, unknown>[];
  [key: string]: unknown;
}

const family = <C extends CodeOf<400>>(code: C, message: string, missing?: string[]) =>
  badRequest(message, { code, ...(missing ? { details: { missing } } : {}) });

const typeOf = (c: Record<string, unknown>) => String(c.type ?? '').toUpperCase();
const componentOf = (list: readonly TemplateComponent[], type: string) => list.find((c) => typeOf(c) === type);
const buttonsOf = (list: readonly TemplateComponent[]) =>
  ((componentOf(list, 'BUTTONS')?.buttons as Record<string, unknown>[] | undefined) ?? []).map((b) => ({ ...b, type: typeOf(b) }));
const isDynamicUrl = (b: Record<string, unknown>) => b.type === 'URL' && typeof b.url === 'string' && placeholdersOf(b.url).length > 0;
const isBlank = (value: string) => value.trim().length === 0;
const placeholderList = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ');

/**
 * Rule 3 of POST /messages/send-template: authentication templates and copy-code (or one-time-password)
 * buttons cannot be assembled from `template_ref` (`template_layout_unsupported`).
 */
export function assertAssemblableLayout(template: AssemblableTemplate): void {
  const label = `Template ${template.name}`;
  if (String(template.category ?? '').toUpperCase() === 'AUTHENTICATION') {
    throw badRequest(`${label} is an AUTHENTICATION template; send it as a raw template object.`, { code: 'template_layout_unsupported' });
  }
  const cards = ((componentOf(template.components, 'CAROUSEL')?.cards as { components?: TemplateComponent[] }[] | undefined) ?? []).map(
    (card) => card.components ?? [],
  );
  for (const list of [template.components, ...cards]) {
    const special = buttonsOf(list).find((b) => b.type === 'COPY_CODE' || b.type === 'OTP');
    if (special) {
      throw badRequest(`${label} has a ${special.type === 'OTP' ? 'one-time-password' : 'copy-code'} button; send it as a raw template object.`, {
        code: 'template_layout_unsupported',
      });
    }
  }
}

/**
 * Builds the provider's component array from `parameters`, `header`, `buttons` and `cards`, checking the
 * missing-parameters family in the order of docs/decisions.md (decision 7): header, body, buttons, cards;
 * the first failure answers.
 */
export function assembleTemplate(template: AssemblableTemplate, values: TemplateValues): AssembledTemplate {
  assertAssemblableLayout(template);
  const label = `Template ${template.name}`;
  const out: Record<string, unknown>[] = [];

  const header = headerComponent(componentOf(template.components, 'HEADER'), values.header, label, 'header');
  if (header) out.push(header);

  const body = bodyComponent(componentOf(template.components, 'BODY'), values.parameters, label, 'Body parameter');
  if (body) out.push(body);

  out.push(...buttonComponents(template.components, values.buttons, label));

  const carousel = componentOf(template.components, 'CAROUSEL');
  if (carousel) out.push(carouselComponent(carousel, values.cards, label));

  return { name: template.name, language: { code: template.language }, components: out };
}

/**
 * The media ids an assembled template delivers, named by the fields the partner gave them in: only headers
 * carry media, the template's (`header.id`) and each carousel card's (`cards.<i>.header.id`).
 */
export function mediaIdsOfAssembled(template: AssembledTemplate): MediaReference[] {
  return template.components.flatMap((component) =>
    component.type === 'carousel'
      ? (component.cards as { components: unknown[] }[]).flatMap((card, i) =>
          mediaIdsIn(card.components, '').map(({ id }) => ({ field: `cards.${i}.header.id`, id })),
        )
      : mediaIdsIn(component, '').map(({ id }) => ({ field: 'header.id', id })),
  );
}

/** `missing_header`, `empty_parameter`, `invalid_header_link` for a header (or a card's header). */
function headerComponent(
  component: TemplateComponent | undefined,
  value: HeaderValue | undefined,
  label: string,
  field: string,
): Record<string, unknown> | undefined {
  if (!component) return undefined;
  const format = String(component.format ?? 'TEXT').toUpperCase();
  if (format === 'TEXT') {
    const names = placeholdersOf(String(component.text ?? ''));
    if (names.length === 0) return undefined;
    if (value?.text === undefined) {
      throw family('missing_header', `${label} has a TEXT header with ${placeholderList(names)}; give ${field}.text.`, names);
    }
    if (isBlank(value.text)) throw family('empty_parameter', `Header parameter ${field}.text is empty.`);
    return { type: 'header', parameters: [headerText(names[0]!, value.text)] };
  }
  if (format === 'LOCATION') {
    if (!value?.location) throw family('missing_header', `${label} has a LOCATION header; give ${field}.location.`, ['location']);
    return { type: 'header', parameters: [{ type: 'location', location: { ...value.location } }] };
  }
  const kind = format.toLowerCase();
  if (value?.link === undefined && value?.id === undefined) {
    throw family('missing_header', `${label} has ${format === 'IMAGE' ? 'an' : 'a'} ${format} header; give ${field}.link or ${field}.id.`, [
      `${field}.link`,
    ]);
  }
  if (value.link !== undefined) {
    if (isBlank(value.link)) throw family('empty_parameter', `Header parameter ${field}.link is empty.`);
    if (!isAbsoluteHttps(value.link)) throw family('invalid_header_link', `${field}.link must be an absolute https URL.`);
  } else if (isBlank(value.id!)) {
    throw family('empty_parameter', `Header parameter ${field}.id is empty.`);
  }
  const media: Record<string, unknown> = value.link !== undefined ? { link: value.link } : { id: value.id };
  if (kind === 'document' && value.filename !== undefined) media.filename = value.filename;
  return { type: 'header', parameters: [{ type: kind, [kind]: media }] };
}

function headerText(name: string, text: string): Record<string, unknown> {
  return /^\d+$/.test(name) ? { type: 'text', text } : { type: 'text', parameter_name: name, text };
}

export function isAbsoluteHttps(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** `missing_parameters`, `parameter_count_mismatch`, `empty_parameter` for a body (or a card's body). */
function bodyComponent(
  component: TemplateComponent | undefined,
  parameters: TemplateParameters | undefined,
  label: string,
  what: string,
): Record<string, unknown> | undefined {
  const names = component ? placeholdersOf(String(component.text ?? '')) : [];
  if (names.length === 0) {
    if (Array.isArray(parameters) && parameters.length > 0) {
      throw family('parameter_count_mismatch', `${label} has no body placeholders but ${parameters.length} parameters were given.`);
    }
    return undefined;
  }
  const ordered = [...names].sort((a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : 0));
  if (parameters === undefined) {
    throw family('missing_parameters', `${label} needs body parameters ${placeholderList(ordered)}.`, ordered);
  }
  let values: string[];
  if (Array.isArray(parameters)) {
    if (parameters.length !== ordered.length) {
      throw family(
        'parameter_count_mismatch',
        `${label} has ${ordered.length} body placeholder${ordered.length === 1 ? '' : 's'} but ${parameters.length} parameter${parameters.length === 1 ? ' was' : 's were'} given.`,
      );
    }
    values = parameters;
  } else {
    const missing = ordered.filter((name) => !(name in parameters));
    if (missing.length > 0) throw family('missing_parameters', `${label} needs body parameters ${placeholderList(missing)}.`, missing);
    values = ordered.map((name) => parameters[name]!);
  }
  const empty = ordered.find((_, i) => isBlank(values[i]!));
  if (empty !== undefined) throw family('empty_parameter', `${what} {{${empty}}} is empty.`);
  return { type: 'body', parameters: ordered.map((name, i) => headerText(name, values[i]!)) };
}

/** `missing_button_parameters`, `empty_parameter`: one value per dynamic URL button, in button order. */
function buttonComponents(list: readonly TemplateComponent[], values: string[] | undefined, label: string): Record<string, unknown>[] {
  const buttons = buttonsOf(list);
  const dynamic = buttons.map((b, index) => ({ b, index })).filter(({ b }) => isDynamicUrl(b));
  if (dynamic.length === 0) return [];
  const given = values ?? [];
  if (given.length < dynamic.length) {
    throw family(
      'missing_button_parameters',
      `${label} has ${dynamic.length} dynamic URL button${dynamic.length === 1 ? '' : 's'}; give ${dynamic.length === 1 ? 'its URL suffix' : 'their URL suffixes'} in buttons.`,
      dynamic.map(({ index }) => `buttons.${index}`),
    );
  }
  return dynamic.map(({ index }, i) => {
    if (isBlank(given[i]!)) throw family('empty_parameter', `Button parameter buttons[${i}] is empty.`);
    return { type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: given[i] }] };
  });
}

/** `missing_cards`, then for each card: its header, body and `missing_card_buttons`. */
function carouselComponent(carousel: TemplateComponent, cards: Card[] | undefined, label: string): Record<string, unknown> {
  const templateCards = ((carousel.cards as { components?: TemplateComponent[] }[] | undefined) ?? []).map((c) => c.components ?? []);
  if (!cards || cards.length !== templateCards.length) {
    throw family(
      'missing_cards',
      `${label} is a carousel with ${templateCards.length} card${templateCards.length === 1 ? '' : 's'}; give ${templateCards.length} entries in cards.`,
    );
  }
  const assembled = templateCards.map((list, i) => {
    const card = cards[i]!;
    const where = `Card ${i + 1} of ${label.replace(/^Template /, 'template ')}`;
    const out: Record<string, unknown>[] = [];
    const headerTemplate = componentOf(list, 'HEADER') ?? { type: 'HEADER', format: 'IMAGE' };
    const header = headerComponent(headerTemplate, card.header, where, `cards[${i}].header`);
    if (header) out.push(header);
    const body = bodyComponent(componentOf(list, 'BODY'), card.parameters, where, `Card ${i + 1} body parameter`);
    if (body) out.push(body);
    const needing = buttonsOf(list)
      .map((b, index) => ({ b, index }))
      .filter(({ b }) => b.type === 'QUICK_REPLY' || isDynamicUrl(b));
    const given = card.buttons ?? [];
    if (given.length < needing.length) {
      throw family(
        'missing_card_buttons',
        `${where} has ${needing.length} button${needing.length === 1 ? '' : 's'} that need${needing.length === 1 ? 's' : ''} a value; give ${needing.length === 1 ? 'it' : 'them'} in cards[${i}].buttons.`,
        needing.map(({ index }) => `cards.${i}.buttons.${index}`),
      );
    }
    needing.forEach(({ b, index }, j) => {
      if (isBlank(given[j]!)) throw family('empty_parameter', `Card ${i + 1} button parameter cards[${i}].buttons[${j}] is empty.`);
      out.push(
        b.type === 'QUICK_REPLY'
          ? { type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: given[j] }] }
          : { type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: given[j] }] },
      );
    });
    return { card_index: i, components: out };
  });
  return { type: 'carousel', cards: assembled };
}
