// The template lifecycle of sections 3 and 4 as the Templates routes and the sandbox drive it: reads from
// the mirror, creation, edits and deletion, each name held while it is written. The mirror (mirror.ts),
// header media (header-media.ts) and status events (status-events.ts) are their own jobs; the rules
// themselves live in rules.ts.
import type { Readable } from 'node:stream';
import type { TemplateMediaFormat, TemplateProvider } from '../../provider/channel-provider';
import type { ClientId, ClientRecord, PartnerId, TemplateCategory, TemplateRecord, TemplateStatus } from '../../store/records';
import type { Store, TemplateRepository } from '../../store/repositories';
import type { MediaScope } from '../media/media-scope';
import type { SpooledMedia } from '../media/upload-spool';
import { assertCarriesTemplates } from '../messaging/channel-carriage';
import type { Clock } from '../shared/clock';
import { badRequest, conflict, notFound } from '../shared/errors';
import type { EventPublisher } from '../shared/events';
import { callProvider, templateFailure } from '../shared/provider-failures';
import { TemplateHeaderMedia, type UploadedHeaderMedia } from './header-media';
import type { MediaUrlFetcher } from './media-url';
import { TemplateMirror, templateRecordOf } from './mirror';
import { resolveTemplate } from './resolve';
import {
  APPROVED_EDIT_LOOKBACK_MS,
  DEFAULT_TEMPLATE_CATEGORY,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_WRITE_HOLD_MS,
  assertApprovedEditAllowance,
  assertNameAndLanguageUnchanged,
  assertNameNotBlocked,
  assertTemplateEditable,
  normalizeTemplateName,
  type CreateTemplateRequest,
} from './rules';
import { TemplateStatusEvents } from './status-events';

export interface TemplateListFilter {
  status?: TemplateStatus;
  category?: TemplateCategory;
  language?: string;
  search?: string;
}

/** A client's templates as listed, with the warning to show when the provider could not be reached. */
export interface TemplateListing {
  templates: TemplateRecord[];
  warning?: string;
}

export interface TemplatesDeps {
  store: Pick<Store, 'clients' | 'templates' | 'transaction'>;
  provider: TemplateProvider;
  /** The media scope rule, for the header handles a template names. */
  mediaScope: MediaScope;
  clock: Clock;
  events: EventPublisher;
  fetcher: MediaUrlFetcher;
  /** The upload rule of media/upload-spool.ts: streams content to disk, kind from the bytes, within its ceiling. */
  spool: (content: Readable, declaredType: string | undefined, filename: string | undefined) => Promise<SpooledMedia>;
}

export class Templates {
  private readonly mirror: TemplateMirror;
  private readonly headerMedia: TemplateHeaderMedia;

  constructor(private readonly deps: TemplatesDeps) {
    const statusEvents = new TemplateStatusEvents(deps.store.templates, deps.events);
    statusEvents.follow(deps.provider);
    this.mirror = new TemplateMirror(deps.store.templates, deps.provider, statusEvents, deps.clock);
    this.headerMedia = new TemplateHeaderMedia({ provider: deps.provider, fetcher: deps.fetcher, mediaScope: deps.mediaScope, spool: deps.spool });
  }

  private get repo(): TemplateRepository {
    return this.deps.store.templates;
  }

  /** Templates live on business accounts of channels that have them: an unknown client (or another partner's) is 404. */
  async chatClient(partnerId: PartnerId, clientRef: string): Promise<ClientRecord> {
    const client = await this.deps.store.clients.findByRef(partnerId, clientRef);
    if (!client) throw notFound(`No client with client_ref ${clientRef}.`);
    assertCarriesTemplates(client, 'manage');
    return client;
  }

  async resolve(partnerId: PartnerId, clientRef: string, templateRef: string, language?: string): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, clientRef);
    return resolveTemplate(this.repo, client, templateRef, language);
  }

  /** GET /templates: the mirror, pulled first when older than five minutes or when asked to. */
  async list(partnerId: PartnerId, clientRef: string, filter: TemplateListFilter, refresh: boolean): Promise<TemplateListing> {
    const client = await this.chatClient(partnerId, clientRef);
    const warning = await this.mirror.refreshIfNeeded(client, refresh);
    const search = filter.search?.toLowerCase();
    const templates = (await this.repo.list(client))
      .filter((t) => filter.status === undefined || t.status === filter.status)
      .filter((t) => filter.category === undefined || t.category === filter.category)
      .filter((t) => filter.language === undefined || t.language === filter.language)
      .filter((t) => search === undefined || t.name.toLowerCase().includes(search));
    return warning === undefined ? { templates } : { templates, warning };
  }

  /** The mirror pulled from the provider now (what the provider holds changed outside this API). */
  async refreshMirror(client: ClientRecord): Promise<void> {
    await this.mirror.refreshIfNeeded(client, true);
  }

  async get(partnerId: PartnerId, clientRef: string, templateRef: string, language: string | undefined, refresh: boolean): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, clientRef);
    await this.mirror.refreshIfNeeded(client, refresh);
    return resolveTemplate(this.repo, client, templateRef, language);
  }

  /** POST /templates: 201 PENDING; the review result arrives as `template.status`. */
  async create(partnerId: PartnerId, request: CreateTemplateRequest): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, request.client_ref);
    const name = normalizeTemplateName(request.name);
    const language = request.language ?? DEFAULT_TEMPLATE_LANGUAGE;
    const category = request.category ?? DEFAULT_TEMPLATE_CATEGORY;
    await this.assertNameFree(client, name, language);
    return this.whileReserved(client, name, language, async () => {
      const components = await this.headerMedia.componentsOf(client, request);
      const created = await callProvider(
        () => this.deps.provider.createTemplate(client.business_account_id, { name, language, category, components }),
        templateFailure('submit'),
      );
      // A mirror refresh may have brought in a template of this name meanwhile (made outside this API).
      return this.deps.store.transaction(async (tx) => {
        await this.assertNameFree(client, name, language, tx.templates);
        const record = templateRecordOf(client, created, undefined);
        await tx.templates.upsert(record);
        return record;
      });
    });
  }

  /**
   * Runs a creation or an edit holding its name and language, across every await and every instance on the
   * data: a second one for the same name and language meanwhile is refused with 409 before it reaches the
   * provider.
   */
  private async whileReserved<T>(client: ClientId, name: string, language: string, work: () => Promise<T>): Promise<T> {
    const now = this.deps.clock();
    if (!(await this.repo.reserveName(client, name, language, now, new Date(now.getTime() + TEMPLATE_WRITE_HOLD_MS)))) {
      throw conflict(`Template ${name} (${language}) is being created or edited by another request; retry once it is done.`);
    }
    try {
      return await work();
    } finally {
      await this.repo.releaseName(client, name, language);
    }
  }

  /** PATCH /templates/{template_ref}: same name and language, an editable state, the edit allowance. */
  async edit(partnerId: PartnerId, clientRef: string, templateRef: string, language: string | undefined, request: CreateTemplateRequest): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, clientRef);
    if (request.client_ref !== clientRef) {
      throw badRequest(`The body's client_ref ${request.client_ref} differs from the query's ${clientRef}.`, {
        details: { client_ref: [`must be ${clientRef}`] },
      });
    }
    const current = await resolveTemplate(this.repo, client, templateRef, language);
    assertNameAndLanguageUnchanged(current, {
      name: normalizeTemplateName(request.name),
      language: request.language ?? DEFAULT_TEMPLATE_LANGUAGE,
    });
    return this.whileReserved(client, current.name, current.language, async () => {
      assertTemplateEditable(current.name, current.status);
      const now = this.deps.clock();
      const approvedEdits = await this.repo.editsSince(current.id, new Date(now.getTime() - APPROVED_EDIT_LOOKBACK_MS), 'APPROVED');
      assertApprovedEditAllowance(current.name, current.status, approvedEdits, now);
      const components = await this.headerMedia.componentsOf(client, request);
      const category = request.category ?? current.category;
      const edited = await callProvider(
        () =>
          this.deps.provider.editTemplate(client.business_account_id, current.id, {
            name: current.name,
            language: current.language,
            category,
            components,
          }),
        templateFailure('submit'),
      );
      return this.deps.store.transaction(async (tx) => {
        await tx.templates.recordEdit(current.id, this.deps.clock(), current.status);
        const record = templateRecordOf(client, edited, current);
        await tx.templates.upsert(record);
        return record;
      });
    });
  }

  /** DELETE /templates/{template_ref}: gone from the mirror (sends fail with 404), name blocked 30 days. */
  async delete(partnerId: PartnerId, clientRef: string, templateRef: string, language: string | undefined): Promise<void> {
    const client = await this.chatClient(partnerId, clientRef);
    const template = await resolveTemplate(this.repo, client, templateRef, language);
    await callProvider(() => this.deps.provider.deleteTemplate(client.business_account_id, template.id), templateFailure('delete'));
    await this.deps.store.transaction(async (tx) => {
      await tx.templates.delete(client, template.id);
      await tx.templates.blockName(client, template.name, this.deps.clock());
    });
  }

  /** POST /templates/media: format inferred from the content (or checked against `format`), ceilings, streamed. */
  async uploadMedia(partnerId: PartnerId, clientRef: string, file: SpooledMedia, declaredFormat?: TemplateMediaFormat): Promise<UploadedHeaderMedia> {
    const client = await this.chatClient(partnerId, clientRef);
    return this.headerMedia.upload(client, file, declaredFormat);
  }

  private async assertNameFree(client: ClientId, name: string, language: string, repo: TemplateRepository = this.repo): Promise<void> {
    if ((await repo.findByName(client, name)).some((t) => t.language === language)) {
      throw conflict(`Template ${name} already exists in ${language}.`);
    }
    assertNameNotBlocked(name, await repo.nameDeletedAt(client, name), this.deps.clock());
  }
}
