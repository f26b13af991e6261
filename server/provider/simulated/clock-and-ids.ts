// What the simulator is given to tell the time and make ids: the composition root hands it the service's
// own clock and randomness (so a test's clock moves the provider too), typed here in the simulator's terms.

/** Now. */
export type SimulatorClock = () => Date;

export interface SimulatorIds {
  /** An opaque identifier, `<prefix>_<hex>`. */
  id(prefix: string): string;
  /** A URL-safe random string of `bytes` random bytes. */
  secret(bytes: number): string;
}
