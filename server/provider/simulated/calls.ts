import type { MediaFile, OutboundMessage, ProviderAccount } from '../channel-provider';

/** One call the simulated provider received, for tests to inspect. */
export interface SimulatorCall {
  method: 'sendMessage' | 'uploadMedia' | 'lookupMedia' | 'fetchMedia' | 'receiveInboundMedia';
  account: ProviderAccount;
  /** sendMessage: the message; uploadMedia / receiveInboundMedia: the file's metadata; lookupMedia / fetchMedia: the id. */
  input: OutboundMessage | Omit<MediaFile, 'path'> | { mediaId: string };
  /** What it answered: a message or media id, or the error's reason. */
  outcome: string;
}

/** The recent messaging and media calls, oldest first. */
export type SimulatorCalls = SimulatorCall[];

/** The most calls kept: a server that runs for months must not keep every send it made in memory. */
export const KEPT_CALLS = 10_000;

/**
 * The calls as an array that keeps the last `KEPT_CALLS` (past them, the oldest tenth is dropped at once, so
 * the cost of dropping is spread over many calls). What it derives (`filter`, `map`) is a plain array.
 */
export class RecentCalls extends Array<SimulatorCall> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  override push(...calls: SimulatorCall[]): number {
    super.push(...calls);
    if (this.length > KEPT_CALLS) this.splice(0, this.length - KEPT_CALLS + KEPT_CALLS / 10);
    return this.length;
  }
}
