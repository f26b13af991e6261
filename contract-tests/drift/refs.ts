// What the drifts of the stateful, tenant and delivery classes recognise in the traffic: the run's clients
// and another partner's resources (from the run's fixtures), and the shape of such a drift (the catalogue's
// Drift and AllowedVariation, structurally).
import type { Behaviour } from './proxy';

export interface RunRefs {
  chatClientRef: string;
  socialClientRef: string;
  foreignChatClientRef: string;
  foreignTemplate: string;
  foreignMediaId: string;
}

export interface RefDrift {
  name: string;
  /** Names of the cases that exist to catch it: each must fail. */
  caughtBy: string[];
  behaviour(refs: RunRefs): Behaviour;
}

export interface RefVariation {
  name: string;
  behaviour(refs: RunRefs): Behaviour;
}
