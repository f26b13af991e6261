// The template lifecycle of sections 3 and 4: the local mirror, creation, the shared resolver by id or
// name, edits, deletion and the provider's status moves. Rules themselves live in rules.ts.
import { createReadStream, rmSync } from 'node:fs';
import type { components } from '../../../generated/openapi';
import {
  ProviderError,
  type ProviderTemplate,
  type ProviderTemplateStatusUpdate,
  type TemplateMediaFormat,
  type TemplateProvider,
} from '../../provider/channel-provider';
import type { ClientId, ClientRecord, PartnerId, TemplateCategory, TemplateComponent, TemplateRecord, TemplateStatus } from '../../store/records';
import type { Store, TemplateRepository } from '../../store/repositories';
import { assertCarriesTemplates } from '../messaging/channel-carriage';
import type { Clock } from '../shared/clock';
import { DomainError, badRequest, conflict, notFound } from '../shared/errors';
import type { EventPublisher } from '../shared/events';
import type { SpooledMedia } from '../media/upload-spool';
import { callProvider, templateFailure } from '../shared/provider-failures';
import { MediaUrlRefused, mediaUrlFailure, templateMediaFormatOf, type MediaUrlFetcher } from './media-url';
import {
  DEFAULT_TEMPLATE_CATEGORY,
  APPROVED_EDIT_LOOKBACK_MS,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_WRITE_HOLD_MS,
  TEMPLATE_MIRROR_STALE_MS,
  assertApprovedEditAllowance,
  assertNameAndLanguageUnchanged,
  assertNameNotBlocked,
  assertTemplateEditable,
  buildTemplateComponents,
  headerMediaSourceOf,
  normalizeTemplateName,
  rejectedReasonFor,
  templateTypeOf,
  variablesOf,
  type CreateTemplateRequest,
} from './rules';
import type { Readable } from 'node:stream';

type Template = components['schemas']['Template'];
type TemplateList = components['schemas']['TemplateList'];
type TemplateMediaResponse = components['schemas']['TemplateMediaResponse'];

export function toApiTemplate(record: TemplateRecord): Template {
  return {
    id: record.id,
    client_ref: record.client_ref,
    name: record.name,
    language: record.language,
    category: record.category,
    status: record.status,
    rejected_reason: rejectedReasonFor(record.status, record.rejected_reason),
    template_type: record.template_type,
    components: record.components,
    variables: variablesOf(record.components),
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/**
 * The shared resolver (section 4): a `template_ref` is the provider id or the name (exact, or as it
 * normalizes); `language` picks among languages of a name. 404 when nothing matches, 409 when a name
 * exists in several languages and no `language` is given. Used by template sends as well.
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

export interface TemplateListFilter {
  status?: TemplateStatus;
  category?: TemplateCategory;
  language?: string;
  search?: string;
}

export interface TemplatesDeps {
  store: Pick<Store, 'clients' | 'templates' | 'transaction'>;
  provider: TemplateProvider;
  clock: Clock;
  events: EventPublisher;
  fetcher: MediaUrlFetcher;
  /** The upload rule of media/upload-spool.ts: streams content to disk, kind from the bytes, within its ceiling. */
  spool: (content: Readable, declaredType: string | undefined, filename: string | undefined) => Promise<SpooledMedia>;
}

/** The template lifecycle as the Templates routes and the sandbox drive it. */
export class Templates {
  constructor(private readonly deps: TemplatesDeps) {
    deps.provider.onTemplateStatus((update) => this.applyProviderStatus(update));
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
  async list(partnerId: PartnerId, clientRef: string, filter: TemplateListFilter, refresh: boolean): Promise<TemplateList> {
    const client = await this.chatClient(partnerId, clientRef);
    const warning = await this.refreshIfNeeded(client, refresh);
    const search = filter.search?.toLowerCase();
    const results = (await this.repo.list(client))
      .filter((t) => filter.status === undefined || t.status === filter.status)
      .filter((t) => filter.category === undefined || t.category === filter.category)
      .filter((t) => filter.language === undefined || t.language === filter.language)
      .filter((t) => search === undefined || t.name.toLowerCase().includes(search))
      .map(toApiTemplate);
    const list: TemplateList = { results, count: results.length };
    if (warning !== undefined) list.warning = warning;
    return list;
  }

  async get(partnerId: PartnerId, clientRef: string, templateRef: string, language: string | undefined, refresh: boolean): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, clientRef);
    await this.refreshIfNeeded(client, refresh);
    return resolveTemplate(this.repo, client, templateRef, language);
  }

  /**
   * Pulls the client's templates from the provider into the mirror when stale or forced. Answers the
   * warning to show when the provider could not be reached (the last known state is then served).
   */
  async refreshIfNeeded(client: ClientRecord, force: boolean): Promise<string | undefined> {
    const syncedAt = await this.repo.syncedAt(client);
    const now = this.deps.clock();
    if (!force && syncedAt && now.getTime() - syncedAt.getTime() < TEMPLATE_MIRROR_STALE_MS) return undefined;
    let remote: ProviderTemplate[];
    try {
      remote = await this.deps.provider.listTemplates(client.business_account_id);
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
      await this.repo.upsert(this.recordOf(client, template, local));
      if (local && local.status !== template.status) await this.publishStatus(client, template, local.status);
    }
    for (const local of await this.repo.list(client)) {
      if (!seen.has(local.id)) await this.repo.delete(client, local.id);
    }
    await this.repo.markSynced(client, now);
    return undefined;
  }

  /** POST /templates: 201 PENDING; the review result arrives as `template.status`. */
  async create(partnerId: PartnerId, request: CreateTemplateRequest): Promise<TemplateRecord> {
    const client = await this.chatClient(partnerId, request.client_ref);
    const name = normalizeTemplateName(request.name);
    const language = request.language ?? DEFAULT_TEMPLATE_LANGUAGE;
    const category = request.category ?? DEFAULT_TEMPLATE_CATEGORY;
    await this.assertNameFree(client, name, language);
    return this.whileReserved(client, name, language, async () => {
      const components = await this.componentsOf(client, request);
      const created = await callProvider(
        () => this.deps.provider.createTemplate(client.business_account_id, { name, language, category, components }),
        templateFailure('submit'),
      );
      // A mirror refresh may have brought in a template of this name meanwhile (made outside this API).
      return this.deps.store.transaction(async (tx) => {
        await this.assertNameFree(client, name, language, tx.templates);
        const record = this.recordOf(client, created, undefined);
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
      const components = await this.componentsOf(client, request);
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
        const record = this.recordOf(client, edited, current);
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
  async uploadMedia(partnerId: PartnerId, clientRef: string, file: SpooledMedia, declaredFormat?: TemplateMediaFormat): Promise<TemplateMediaResponse> {
    const client = await this.chatClient(partnerId, clientRef);
    const { format, handle, size } = await this.uploadHeaderMedia(client, file, declaredFormat);
    const response: TemplateMediaResponse = { handle, format, size };
    if (file.filename) response.filename = file.filename;
    return response;
  }

  private async uploadHeaderMedia(client: ClientRecord, file: SpooledMedia, declared: TemplateMediaFormat | undefined) {
    const format = templateMediaFormatOf(file, declared);
    const uploaded = await callProvider(() =>
      this.deps.provider.uploadTemplateMedia(client.business_account_id, {
        format,
        mimeType: file.mimeType,
        filename: file.filename,
        content: createReadStream(file.path),
      }),
      templateFailure('submit'),
    );
    return { format, handle: uploaded.handle, size: uploaded.size };
  }

  /**
   * The provider moved a template on its own (review result, quality signal, appeal): the mirror follows
   * and `template.status` is published, to the partner whose client holds the template, with the previous
   * status. Unknown templates are ignored.
   */
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
    await this.publishStatus(local, { ...next, reason: next.rejected_reason }, local.status);
  }

  private async publishStatus(
    client: ClientId,
    template: Pick<ProviderTemplate, 'id' | 'name' | 'language' | 'status' | 'reason'>,
    previous: TemplateStatus,
  ): Promise<void> {
    await this.deps.events.publish(client.partner_id, {
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

  private async assertNameFree(client: ClientId, name: string, language: string, repo: TemplateRepository = this.repo): Promise<void> {
    if ((await repo.findByName(client, name)).some((t) => t.language === language)) {
      throw conflict(`Template ${name} already exists in ${language}.`);
    }
    assertNameNotBlocked(name, await repo.nameDeletedAt(client, name), this.deps.clock());
  }

  /** The component array to submit, with a media header turned into a provider handle. */
  private async componentsOf(client: ClientRecord, request: CreateTemplateRequest): Promise<TemplateComponent[]> {
    const source = headerMediaSourceOf(request);
    let handle: string | undefined;
    if (source && 'media_handle' in source) handle = source.media_handle;
    if (source && 'media_url' in source) {
      const format = String((request.header as { format?: string }).format) as TemplateMediaFormat;
      const downloaded = await callProvider(() => this.deps.fetcher.open(source.media_url), mediaUrlFailure);
      // The upload rule applies to the download as to an upload; a download that breaks off is the URL's failure.
      const file = await this.deps
        .spool(downloaded.content, undefined, downloaded.filename)
        .catch((error: unknown) => {
          throw error instanceof DomainError ? error : mediaUrlFailure(new MediaUrlRefused('could not be downloaded'));
        })
        .finally(() => downloaded.content.destroy());
      try {
        handle = (await this.uploadHeaderMedia(client, file, format)).handle;
      } finally {
        rmSync(file.path, { force: true });
      }
    }
    return buildTemplateComponents(request, handle);
  }

  private recordOf(client: ClientId, template: ProviderTemplate, previous: TemplateRecord | undefined): TemplateRecord {
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
}
