// What a drift caught by the run-wide checks is (drift/catalogue-generated.ts, drift/boundaries.ts): its class,
// what a run needs to meet it (hand-written cases, generated probes of some operations) and the finding that
// catches it.
import type { Probe } from '../generation/probes';
import type { Behaviour } from './proxy';

export type DriftClass =
  | 'refuses valid input at a boundary'
  | 'accepts invalid input one step past a boundary'
  | 'template creation at a limit'
  | 'template edit at a limit'
  | "a send's branch"
  | 'a raw template'
  | 'named and positional parameters'
  | 'clean-up'
  | 'headers'
  | 'GET /status demands a key'
  | 'an operation not implemented';

export interface RunWideDrift {
  name: string;
  class: DriftClass;
  behaviour(): Behaviour;
  /** What the run needs to meet the drift: hand-written cases by name, and generated probes of some operations. */
  run: { cases?: string[]; operations?: string[]; probes?: (p: Probe) => boolean };
  /** The finding that catches it. */
  finding: RegExp;
}
