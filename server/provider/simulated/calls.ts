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

/** Every messaging and media call, oldest first. */
export type SimulatorCalls = SimulatorCall[];
