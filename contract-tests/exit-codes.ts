/**
 * The exit codes of every check this package runs against an implementation (the drift check, the
 * webhook receiver check): what a CI job can branch on. Each command's --help and docs page list them.
 */
export const EXIT = {
  /** Everything required was checked, and held. */
  passed: 0,
  /** At least one violation: the target breaks the contract. */
  violations: 1,
  /** The command line is wrong (an unknown flag, a missing required one). */
  usage: 2,
  /** Not enough could be checked (fixtures missing or exhausted): the run proves nothing either way. */
  incomplete: 3,
  /** The target could not be reached or is misconfigured (named with the URL and the cause), before any case ran. */
  unreachable: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
