import type { TemplateRecord } from '../domain/templates';
import type { TemplateStatus } from '../domain/templates-rules';

/** The local template mirror, the edit history and the blocked names of deleted templates. */
export interface TemplateRepository {
  /** Inserts or replaces the template with this id. */
  upsert(template: TemplateRecord): void;
  delete(clientRef: string, id: string): void;
  findById(clientRef: string, id: string): TemplateRecord | undefined;
  /** Every language of a name. */
  findByName(clientRef: string, name: string): TemplateRecord[];
  /** Oldest first. */
  list(clientRef: string): TemplateRecord[];
  /** The client holding the template with this provider id (provider status updates carry the id). */
  findByProviderId(id: string): TemplateRecord | undefined;
  /** When the mirror of the client was last pulled from the provider. */
  syncedAt(clientRef: string): Date | undefined;
  markSynced(clientRef: string, at: Date): void;
  recordEdit(templateId: string, at: Date, fromStatus: TemplateStatus): void;
  /** Times of the edits made while the template was in `status`, newer than `since`. */
  editsSince(templateId: string, since: Date, status: TemplateStatus): Date[];
  blockName(clientRef: string, name: string, at: Date): void;
  /** When the name was last deleted, if ever. */
  nameDeletedAt(clientRef: string, name: string): Date | undefined;
}
