// What the fuzzer sends beyond the shared generator's requests (contract-tests/generation/): hostile ones, and
// bodies sent over a raw socket in a pattern rather than at once.
import type { GeneratedRequest, RequestContext } from '../contract-tests/generation/request-parts';

export interface FuzzRequest extends Omit<GeneratedRequest, 'kind'> {
  /** As a generated request's kind, or hostile: either, an attacker's input. */
  kind: GeneratedRequest['kind'] | 'hostile';
  /** Sent over a raw socket in this pattern instead of at once. */
  stream?: StreamPlan;
}

/** A body sent over a raw socket rather than at once. */
export type StreamPlan =
  /** Chunked, without end: the server must answer and close once it has read enough. */
  | { kind: 'endless' }
  /** The body in small pieces with a short pause between them: answered as if sent at once. */
  | { kind: 'trickle'; pieces: number; pauseMs: number }
  /** Part of the body, then nothing: answered 400 once the server's idle timeout passes. */
  | { kind: 'stall' };

export interface FuzzContext extends RequestContext {
  /** Port of the canary on loopback: hostile URLs point at it, and nothing may ever call it. */
  canaryPort: number;
}
