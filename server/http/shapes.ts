// The contract's response shapes of what the domain returns: records of the store and the domain's own
// results become the bodies openapi.yaml documents here, and only here (the sandbox's router uses them too).
import type { components } from '../../generated/openapi';
import type { UploadedMedia } from '../domain/media/media';
import { MEDIA_RETENTION_DAYS } from '../domain/media/media-scope';
import type { SendOutcome } from '../domain/messaging/sending';
import type { ClientsPage } from '../domain/onboarding/clients';
import type { UploadedHeaderMedia } from '../domain/templates/header-media';
import { rejectedReasonFor, variablesOf } from '../domain/templates/rules';
import type { TemplateListing } from '../domain/templates/templates';
import type { MonthUsage, UsageReport } from '../domain/usage/usage';
import type { ClientRecord, TemplateRecord } from '../store/records';

type Schemas = components['schemas'];

export function clientShape(record: ClientRecord): Schemas['Client'] {
  const client: Schemas['Client'] = { client_ref: record.client_ref, channel: record.channel, business_name: record.business_name };
  if (record.phone_number !== null) client.phone_number = record.phone_number;
  if (record.phone_number_id !== null) client.phone_number_id = record.phone_number_id;
  client.business_account_id = record.business_account_id;
  return client;
}

export function clientPageShape({ clients, total }: ClientsPage, limit: number, offset: number): Schemas['ClientPage'] {
  return { results: clients.map(clientShape), count: clients.length, total, limit, offset };
}

export function templateShape(record: TemplateRecord): Schemas['Template'] {
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

export function templateListShape({ templates, warning }: TemplateListing): Schemas['TemplateList'] {
  const results = templates.map(templateShape);
  return warning === undefined ? { results, count: results.length } : { results, count: results.length, warning };
}

export function templateMediaShape(uploaded: UploadedHeaderMedia): Schemas['TemplateMediaResponse'] {
  const response: Schemas['TemplateMediaResponse'] = { handle: uploaded.handle, format: uploaded.format, size: uploaded.size };
  if (uploaded.filename) response.filename = uploaded.filename;
  return response;
}

export function mediaUploadShape({ mediaId, kind }: UploadedMedia): Schemas['MediaUploadResponse'] {
  return { success: true, media_id: mediaId, kind, expires_in_days: MEDIA_RETENTION_DAYS };
}

export function messageShape(outcome: SendOutcome): Schemas['MessageResponse'] {
  const response: Schemas['MessageResponse'] = { success: true, message_id: outcome.messageId };
  if (outcome.dryRun) response.dry_run = true;
  if (outcome.hint) response.hint = outcome.hint;
  if (outcome.warnings.length > 0) response.warnings = outcome.warnings;
  if (outcome.template) response.template = outcome.template;
  return response;
}

function usagePeriodShape({ period, counts }: MonthUsage): Schemas['UsagePeriod'] {
  return {
    period,
    inbound_messages: counts.inbound,
    outbound_messages: counts.outbound,
    outbound_template_messages: counts.outbound_template,
    total_messages: counts.inbound + counts.outbound + counts.outbound_template,
  };
}

export function usageShape(report: UsageReport): Schemas['UsageResponse'] {
  return { current: usagePeriodShape(report.current), history: report.history.map(usagePeriodShape) };
}
