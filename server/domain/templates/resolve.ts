// The shared resolver of section 4: a `template_ref` is the provider id or the name (exact, or as it
// normalizes); `language` picks among the languages of a name. Template reads, edits, deletions and
// template sends all resolve through it.
import type { ClientId, TemplateRecord } from '../../store/records';
import type { TemplateRepository } from '../../store/repositories';
import { DomainError, notFound } from '../shared/errors';
import { normalizeTemplateName } from './rules';

/**
 * 404 when nothing matches; 409 when a name matches several templates (in several languages and no
 * `language` given, or twice in one language, as a provider may hold them), naming each one's id.
 */
export async function resolveTemplate(
  templates: Pick<TemplateRepository, 'findById' | 'findByName'>,
  client: ClientId,
  templateRef: string,
  language?: string,
): Promise<TemplateRecord> {
  const byId = await templates.findById(client, templateRef);
  if (byId && (language === undefined || byId.language === language)) return byId;
  let candidates = await templates.findByName(client, templateRef);
  if (candidates.length === 0) {
    let normalized: string | undefined;
    try {
      normalized = normalizeTemplateName(templateRef);
    } catch {
      normalized = undefined;
    }
    if (normalized !== undefined && normalized !== templateRef) candidates = await templates.findByName(client, normalized);
  }
  const matching = language === undefined ? candidates : candidates.filter((t) => t.language === language);
  if (matching.length === 1) return matching[0]!;
  if (matching.length > 1) throw ambiguous(matching);
  if (candidates.length > 0 || byId) {
    const known = byId ? [byId.language] : candidates.map((t) => t.language);
    throw notFound(`Template ${templateRef} does not exist in ${language}; it exists in ${known.join(', ')}.`);
  }
  throw notFound(`No template ${templateRef} for client ${client.client_ref}.`);
}

/** The 409 of a name that matches several templates: each one's id and language, and how to pick one. */
function ambiguous(matching: readonly TemplateRecord[]): DomainError<'conflict'> {
  const sorted = [...matching].sort((a, b) => a.language.localeCompare(b.language) || a.id.localeCompare(b.id));
  const listed = sorted.map((t) => `${t.language} (id ${t.id})`);
  const oneLanguage = new Set(sorted.map((t) => t.language)).size === 1;
  const pick = oneLanguage ? 'pass the id of the one you mean as template_ref' : 'pass language, or the id as template_ref';
  return new DomainError('conflict', `Template ${sorted[0]!.name} exists in ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}; ${pick}.`, {
    details: { templates: sorted.map(({ id, language }) => ({ id, language })) },
  });
}
