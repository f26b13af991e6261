// The simulated channel provider: the production port (ChannelProvider) over the simulator's own state, and
// apart from it the controls only the sandbox and the tests hold (what an end user's phone, the provider's
// reviewer or an outage would do); what they make happen reaches the service through the port's listeners,
// as a real provider's notifications would. Every deterministic trigger is listed in server/README.md.
import type { ChannelProvider, DeliveryStatusUpdate, MediaFile, NotificationReceipt, ProviderAccount, ProviderTemplate, ReceivedMedia, TemplateMediaFormat } from '../channel-provider';
import { RecentCalls, type SimulatorCalls } from './calls';
import type { SimulatorClock, SimulatorIds } from './clock-and-ids';
import { SimulatedMedia } from './media';
import { SimulatedMessaging, type EndUserAction } from './messaging';
import { SimulatedOnboarding } from './onboarding';
import type { HeldMedia, PlannedMove, SimulatorState } from './state';
import { SimulatedTemplates, type AccountFilter } from './templates';

export type { AccountFilter } from './templates';

export type { EndUserAction } from './messaging';

export interface SimulatorControls {
  /** Every messaging and media call the simulator received, oldest first. */
  readonly calls: SimulatorCalls;
  /** An end user's phone sends media in: the provider keeps it 30 days under the id its notification carries. */
  receiveInboundMedia(account: ProviderAccount, file: MediaFile): Promise<ReceivedMedia>;
  /**
   * An end user writes, reacts, reads, taps a button, changes a preference (or the business writes from
   * another app): the provider notifies the service, whose receipt names the event it raised.
   */
  endUserActs(action: EndUserAction): Promise<NotificationReceipt | undefined>;
  /** A sent message is delivered, read or fails: the provider notifies the service. */
  moveStatus(update: DeliveryStatusUpdate): Promise<NotificationReceipt | undefined>;
  /**
   * The sandbox's examples: media, header media and templates under the ids the contract's examples name
   * (templates in the given status, no review planned). Each is false when another account holds the id.
   */
  keepMediaAs(account: ProviderAccount, file: MediaFile, id: string, direction: HeldMedia['direction']): Promise<boolean>;
  keepHeaderMediaAs(account: string, handle: string, media: { format: TemplateMediaFormat; mimeType: string; bytes: Buffer }): Promise<boolean>;
  keepTemplateAs(account: string, template: Omit<ProviderTemplate, 'created_at' | 'updated_at'>): Promise<boolean>;
  /** Drops (or restores) the channel credentials of an account: GET /media then answers 409. */
  setCredentials(accountKey: string, present: boolean): Promise<void>;
  /** The provider's reviewer decides the next move of a template now; later planned moves are dropped. */
  decideReview(templateId: string, status: ProviderTemplate['status'], reason: string | null): Promise<ProviderTemplate>;
  /** The next move the reviewer plans for a template, if any. */
  plannedReview(templateId: string): Promise<PlannedMove | undefined>;
  /** Makes every template call fail as unreachable (the mirror then serves its last state), or not. */
  setTemplatesReachable(reachable: boolean): Promise<void>;
  templatesReachable(): Promise<boolean>;
  /** The media the provider holds for an account under an id, if any. */
  heldMedia(accountKey: string, id: string): Promise<HeldMedia | undefined>;
  /**
   * Runs the reviewer's moves due now (the simulator's clock tick); answers how many ran. `accounts`: only
   * the templates of these accounts (`only`), or all but theirs (`except`).
   */
  runDue(accounts?: AccountFilter): Promise<number>;
  /**
   * Deletes up to `limit` media past their 30 days, their bytes in the media folder with them, and header
   * media as old (the retention purge's, server/operations/retention.ts); how many went.
   */
  purgeExpiredMedia(limit: number): Promise<number>;
  /** How many templates wait for the reviewer's decision (a metric). */
  pendingReviews(): Promise<number>;
}

export interface SimulatorOptions {
  state: SimulatorState;
  /** Where media bytes are kept (DATA_DIR/provider-media). */
  mediaDirectory: string;
  /** How long media are kept (section 8's 30 days). */
  mediaRetentionMs: number;
  clock: SimulatorClock;
  /** The provider's own time, which no caller's time moves: when it purges expired media for every account (default `clock`). */
  purgeClock?: SimulatorClock;
  ids: SimulatorIds;
  /** How long the simulated review (and each later planned move) takes: TEMPLATE_REVIEW_DELAY_MS. */
  reviewDelayMs: number;
}

export function createSimulatedProvider(options: SimulatorOptions): { provider: ChannelProvider; controls: SimulatorControls } {
  const { state, clock, ids } = options;
  const calls = new RecentCalls();
  const media = new SimulatedMedia({ state, directory: options.mediaDirectory, retentionMs: options.mediaRetentionMs, clock, purgeClock: options.purgeClock ?? clock, ids, calls });
  const messaging = new SimulatedMessaging({ ids, calls });
  const templates = new SimulatedTemplates(state, clock, ids, { reviewDelayMs: options.reviewDelayMs });
  return {
    provider: { onboarding: new SimulatedOnboarding(state), messaging, media, templates },
    controls: {
      calls,
      receiveInboundMedia: (account, file) => media.receiveInboundMedia(account, file),
      endUserActs: (action) => messaging.endUserActs(action),
      moveStatus: (update) => messaging.moveStatus(update),
      keepMediaAs: (account, file, id, direction) => media.keepAs(account, file, id, direction),
      keepHeaderMediaAs: (account, handle, held) => templates.keepHeaderMediaAs(account, handle, held),
      keepTemplateAs: (account, template) => templates.keepAs(account, template),
      setCredentials: (accountKey, present) => media.setCredentials(accountKey, present),
      decideReview: (templateId, status, reason) => templates.decide(templateId, status, reason),
      plannedReview: (templateId) => templates.plannedNext(templateId),
      setTemplatesReachable: (reachable) => templates.setReachable(reachable),
      templatesReachable: () => templates.isReachable(),
      heldMedia: (accountKey, id) => state.media(accountKey, id),
      runDue: (accounts) => templates.runDue(accounts),
      purgeExpiredMedia: (limit) => media.purgeExpired(limit),
      pendingReviews: () => state.pendingReviews(),
    },
  };
}
