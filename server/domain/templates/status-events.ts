// `template.status` (section 6): every status move of a template reaches the partner whose client holds it,
// with the previous status: the provider's own moves (review results, quality signals, appeals) arriving
// through the provider port, and the moves a mirror refresh finds.
import type { ProviderTemplate, ProviderTemplateStatusUpdate, TemplateProvider } from '../../provider/channel-provider';
import type { ClientId, TemplateRecord, TemplateStatus } from '../../store/records';
import type { TemplateRepository } from '../../store/repositories';
import type { EventPublisher } from '../shared/events';
import { rejectedReasonFor } from './rules';

export type TemplateStatusOf = Pick<ProviderTemplate, 'id' | 'name' | 'language' | 'status' | 'reason'>;

export class TemplateStatusEvents {
  constructor(
    private readonly repo: Pick<TemplateRepository, 'findByProviderId' | 'upsert'>,
    private readonly events: EventPublisher,
  ) {}

  /** Listens to the provider's own moves. */
  follow(provider: Pick<TemplateProvider, 'onTemplateStatus'>): void {
    provider.onTemplateStatus((update) => this.applyProviderStatus(update));
  }

  /** The provider moved a template on its own: the mirror follows and the move is published. Unknown templates are ignored. */
  async applyProviderStatus(update: ProviderTemplateStatusUpdate): Promise<void> {
    const local = await this.repo.findByProviderId(update.template_id);
    if (!local || local.status === update.status) return;
    const next: TemplateRecord = {
      ...local,
      status: update.status,
      rejected_reason: update.status === 'REJECTED' ? rejectedReasonFor('REJECTED', update.reason) : null,
      updated_at: update.at,
    };
    await this.repo.upsert(next);
    await this.moved(local, { ...next, reason: next.rejected_reason }, local.status);
  }

  /** Publishes one move of `template`, held by `client`, from `previous`. */
  async moved(client: ClientId, template: TemplateStatusOf, previous: TemplateStatus): Promise<void> {
    await this.events.publish(client.partner_id, {
      event: 'template.status',
      channel: 'chat',
      client_ref: client.client_ref,
      template: {
        id: template.id,
        name: template.name,
        language: template.language,
        status: template.status,
        previous_status: previous,
        reason: rejectedReasonFor(template.status, template.reason),
      },
    });
  }
}
