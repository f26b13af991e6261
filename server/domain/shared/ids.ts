/** Randomness used by domain rules, injected so tests and the CLI share one implementation. */
export interface IdGenerator {
  /** An opaque identifier, `<prefix>_<32 hex chars>`. */
  id(prefix: string): string;
  /** A URL-safe secret of `bytes` random bytes (base64url). */
  secret(bytes: number): string;
}
