// What the simulated provider remembers, persisted so a restart keeps its templates, pending reviews and
// media: the provider's own records, never the service's (the service keeps its mirror in the store).
import type { MediaKind, ProviderTemplate, TemplateMediaFormat } from '../channel-provider';

/** One step the simulated reviewer will take: move to `status` one review delay after the previous step. */
export interface PlannedMove {
  status: ProviderTemplate['status'];
  reason: string | null;
}

/** A template as the simulated provider keeps it, with the moves it still plans. */
export interface SimulatedTemplate extends ProviderTemplate {
  account: string;
  plan: PlannedMove[];
  next_move_at: Date | null;
}

/** Header media uploaded for templates (its handle goes into `header_handle`). */
export interface HeldHeaderMedia {
  handle: string;
  account: string;
  format: TemplateMediaFormat;
  mime_type: string;
  size: number;
  sha256: string;
  created_at: Date;
}

/** Media held for sends and media end users sent in, with its bytes in a file. */
export interface HeldMedia {
  id: string;
  /** The provider account the media belongs to (a client's `account_key`). */
  account_key: string;
  direction: 'upload' | 'inbound';
  kind: MediaKind;
  mime_type: string;
  size: number;
  sha256: string;
  filename: string | null;
  path: string;
  created_at: Date;
  expires_at: Date;
}

export interface SimulatorState {
  saveTemplate(template: SimulatedTemplate): void;
  deleteTemplate(id: string): void;
  template(id: string): SimulatedTemplate | undefined;
  templates(account: string): SimulatedTemplate[];
  /** Templates with a planned move due at `now`. */
  dueTemplates(now: Date): SimulatedTemplate[];
  saveHeaderMedia(media: HeldHeaderMedia): void;
  headerMedia(handle: string): HeldHeaderMedia | undefined;
  saveMedia(media: HeldMedia): void;
  media(accountKey: string, id: string): HeldMedia | undefined;
  /** Media whose retention ended before `now`. */
  expiredMedia(now: Date): HeldMedia[];
  removeMedia(id: string): void;
}
