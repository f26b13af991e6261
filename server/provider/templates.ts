import type { Readable } from 'node:stream';
import type { TemplateCategory, TemplateComponent, TemplateStatus } from '../domain/templates-rules';

/** A template as the provider holds it on a business account. */
export interface ProviderTemplate {
  id: string;
  name: string;
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  /** The provider's reason; set only when REJECTED. */
  reason: string | null;
  components: TemplateComponent[];
  created_at: Date;
  updated_at: Date;
}

export interface ProviderTemplateContent {
  name: string;
  language: string;
  category: TemplateCategory;
  components: TemplateComponent[];
}

/** A status move the provider reports on its own (review result, quality signal, appeal). */
export interface ProviderTemplateStatusUpdate {
  business_account_id: string;
  template_id: string;
  status: TemplateStatus;
  reason: string | null;
  at: Date;
}

export type TemplateMediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

export interface TemplateMediaUpload {
  format: TemplateMediaFormat;
  mimeType: string;
  filename?: string;
  /** The bytes, streamed; the provider consumes them. */
  content: Readable;
}

/**
 * The template half of the channel provider (`chat` business accounts). Failures reject with
 * ProviderError: `rejected` (the provider refused the content; providerCode/message carry its reason) or
 * `unavailable` (no answer).
 */
export interface TemplateProvider {
  /** Submits a template for review; it comes back PENDING and the review result arrives later. */
  createTemplate(businessAccountId: string, content: ProviderTemplateContent): Promise<ProviderTemplate>;
  /** Replaces the content and resubmits for review (back to PENDING). */
  editTemplate(businessAccountId: string, templateId: string, content: ProviderTemplateContent): Promise<ProviderTemplate>;
  deleteTemplate(businessAccountId: string, templateId: string): Promise<void>;
  listTemplates(businessAccountId: string): Promise<ProviderTemplate[]>;
  /** Uploads header media; resolves to the handle for `header_handle`. */
  uploadTemplateMedia(businessAccountId: string, upload: TemplateMediaUpload): Promise<{ handle: string; size: number }>;
  /** Registers the receiver of the provider's own status moves (its webhook to the service). */
  onTemplateStatus(listener: (update: ProviderTemplateStatusUpdate) => void | Promise<void>): void;
}
