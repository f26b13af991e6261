// The local mirror of a client's templates (section 4, GET /templates): the provider holds the truth; the
// mirror is pulled when older than five minutes or when asked to, and serves the last known state, with a
// warning, while the provider cannot be reached.
import { ProviderError, type ProviderTemplate, type TemplateProvider } from '../../provider/channel-provider';
import type { ClientId, ClientRecord, TemplateRecord } from '../../store/records';
import type { TemplateRepository } from '../../store/repositories';
import type { Clock } from '../shared/clock';
import { rejectedReasonFor, TEMPLATE_MIRROR_STALE_MS, templateTypeOf } from './rules';
import type { TemplateStatusEvents } from './status-events';

/** The record of a template as the provider returned it; `previous` keeps the creation time of a known one. */
export function templateRecordOf(client: ClientId, template: ProviderTemplate, previous: TemplateRecord | undefined): TemplateRecord {
  return {
    id: template.id,
    partner_id: client.partner_id,
    client_ref: client.client_ref,
    name: template.name,
    language: template.language,
    category: template.category,
    status: template.status,
    rejected_reason: rejectedReasonFor(template.status, template.reason),
    template_type: templateTypeOf(template.category, template.components),
    components: template.components,
    created_at: previous?.created_at ?? template.created_at,
    updated_at: template.updated_at,
  };
}

export class TemplateMirror {
  constructor(
    private readonly repo: TemplateRepository,
    private readonly provider: Pick<TemplateProvider, 'listTemplates'>,
    private readonly statusEvents: TemplateStatusEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * Pulls the client's templates from the provider when stale or forced; a status found moved is published.
   * Answers the warning to show when the provider could not be reached (the last known state is then served).
   */
  async refreshIfNeeded(client: ClientRecord, force: boolean): Promise<string | undefined> {
    const syncedAt = await this.repo.syncedAt(client);
    const now = this.clock();
    if (!force && syncedAt && now.getTime() - syncedAt.getTime() < TEMPLATE_MIRROR_STALE_MS) return undefined;
    let remote: ProviderTemplate[];
    try {
      remote = await this.provider.listTemplates(client.business_account_id);
    } catch (error) {
      if (error instanceof ProviderError && error.reason === 'unavailable') {
        const asOf = syncedAt ? `as of ${syncedAt.toISOString()}` : 'as last stored';
        return `The provider could not be reached; showing templates ${asOf}.`;
      }
      throw error;
    }
    const seen = new Set<string>();
    for (const template of remote) {
      seen.add(template.id);
      const local = await this.repo.findById(client, template.id);
      await this.repo.upsert(templateRecordOf(client, template, local));
      if (local && local.status !== template.status) await this.statusEvents.moved(client, template, local.status);
    }
    for (const local of await this.repo.list(client)) {
      if (!seen.has(local.id)) await this.repo.delete(client, local.id);
    }
    await this.repo.markSynced(client, now);
    return undefined;
  }
}
