// The simulated channel provider: the production port (ChannelProvider) over the simulator's own state, and
// apart from it the controls only the sandbox and the tests hold (what an end user's phone, the provider's
// reviewer or an outage would do). Every deterministic trigger is listed in server/README.md.
import type { Clock } from '../../domain/shared/clock';
import type { IdGenerator } from '../../domain/shared/ids';
import type { ChannelProvider, MediaFile, ProviderAccount, ProviderTemplate } from '../channel-provider';
import type { SimulatorCalls } from './calls';
import { SimulatedMedia } from './media';
import { SimulatedMessaging } from './messaging';
import { SimulatedOnboarding } from './onboarding';
import type { HeldMedia, PlannedMove, SimulatorState } from './state';
import { SimulatedTemplates } from './templates';

export interface SimulatorControls {
  /** Every messaging and media call the simulator received, oldest first. */
  readonly calls: SimulatorCalls;
  /** An end user's phone sends media in: the provider keeps it 30 days; the webhook carries its id. */
  receiveInboundMedia(account: ProviderAccount, file: MediaFile): Promise<{ mediaId: string }>;
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
  /** Runs the reviewer's moves due now (the simulator's clock tick); answers how many ran. */
  runDue(): Promise<number>;
}

export interface SimulatorOptions {
  state: SimulatorState;
  /** Where media bytes are kept (DATA_DIR/provider-media). */
  mediaDirectory: string;
  clock: Clock;
  ids: IdGenerator;
  /** How long the simulated review (and each later planned move) takes: TEMPLATE_REVIEW_DELAY_MS. */
  reviewDelayMs: number;
}

export function createSimulatedProvider(options: SimulatorOptions): { provider: ChannelProvider; controls: SimulatorControls } {
  const { state, clock, ids } = options;
  const calls: SimulatorCalls = [];
  const media = new SimulatedMedia({ state, directory: options.mediaDirectory, clock, ids, calls });
  const templates = new SimulatedTemplates(state, clock, ids, { reviewDelayMs: options.reviewDelayMs });
  return {
    provider: { onboarding: new SimulatedOnboarding(state), messaging: new SimulatedMessaging({ ids, calls }), media, templates },
    controls: {
      calls,
      receiveInboundMedia: (account, file) => media.receiveInboundMedia(account, file),
      setCredentials: (accountKey, present) => media.setCredentials(accountKey, present),
      decideReview: (templateId, status, reason) => templates.decide(templateId, status, reason),
      plannedReview: (templateId) => templates.plannedNext(templateId),
      setTemplatesReachable: (reachable) => templates.setReachable(reachable),
      templatesReachable: () => templates.isReachable(),
      heldMedia: (accountKey, id) => state.media(accountKey, id),
      runDue: () => templates.runDue(),
    },
  };
}
