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

/**
 * The simulator's records, shared by every instance on the same data (SQLite file or PostgreSQL): what
 * "the provider" holds, and the controls the sandbox set on it.
 */
export interface SimulatorState {
  saveTemplate(template: SimulatedTemplate): Promise<void>;
  deleteTemplate(id: string): Promise<void>;
  template(id: string): Promise<SimulatedTemplate | undefined>;
  templates(account: string): Promise<SimulatedTemplate[]>;
  /** Templates with a planned move due at `now`. */
  dueTemplates(now: Date): Promise<SimulatedTemplate[]>;
  /**
   * Takes a template's due move for one instance: its next move time moves from `due` to `retryAt` (when
   * another instance may take it over if this one never completes it); false when another took it first.
   */
  claimMove(id: string, due: Date, retryAt: Date): Promise<boolean>;
  saveHeaderMedia(media: HeldHeaderMedia): Promise<void>;
  headerMedia(handle: string): Promise<HeldHeaderMedia | undefined>;
  saveMedia(media: HeldMedia): Promise<void>;
  media(accountKey: string, id: string): Promise<HeldMedia | undefined>;
  /** Media whose retention ended by `now`, at most `limit`, those that ended first first. */
  expiredMedia(now: Date, limit: number): Promise<HeldMedia[]>;
  removeMedia(id: string): Promise<void>;
  /** Removes header media uploaded before `before`, at most `limit`; how many went. */
  removeHeaderMediaBefore(before: Date, limit: number): Promise<number>;
  /** How many templates wait for the reviewer's decision (status PENDING). */
  pendingReviews(): Promise<number>;
  /** A control the sandbox set (templates unreachable, an account's credentials dropped), if set. */
  flag(name: string): Promise<boolean>;
  setFlag(name: string, on: boolean): Promise<void>;
  /** Records `name` once: true the first time, false ever after (an exchanged signup code). */
  once(name: string): Promise<boolean>;
}
