// The shared resolver of section 4: a `template_ref` is the provider id or the name (exact, or as it
// normalizes); `language` picks among the languages of a name. Template reads, edits, deletions and
// template sends all resolve through it.
import type { ClientId, TemplateRecord } from '../../store/records';
import type { TemplateRepository } from '../../store/repositories';
import { conflict, notFound } from '../shared/errors';
import { normalizeTemplateName } from './rules';

/** 404 when nothing matches, 409 when a name exists in several languages and no `language` is given. */
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
  if (matching.length > 1) {
    const languages = matching.map((t) => t.language).sort();
    throw conflict(`Template ${matching[0]!.name} exists in ${languages.slice(0, -1).join(', ')} and ${languages.at(-1)}; pass language.`);
  }
  if (candidates.length > 0 || byId) {
    const known = byId ? [byId.language] : candidates.map((t) => t.language);
    throw notFound(`Template ${templateRef} does not exist in ${language}; it exists in ${known.join(', ')}.`);
  }
  throw notFound(`No template ${templateRef} for client ${client.client_ref}.`);
}
