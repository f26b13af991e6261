// Exit codes of every check command (the drift check, the receiver check, the workflows runner), so a CI job
// can tell "the target breaks the contract" from "the check could not do its job".
export const EXIT = {
  /** Everything required was checked and passed. */
  passed: 0,
  /** At least one violation: the target breaks the contract. */
  violation: 1,
  /** Usage error: unknown flag, missing required flag. */
  usage: 2,
  /** Incomplete: not enough could be checked to conclude. */
  incomplete: 3,
  /** The target could not be reached or is misconfigured (reported with the URL and the cause before any case runs). */
  unreachable: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code section of every check command's --help. */
export const EXIT_CODES_HELP = `Exit codes:
  0  everything required was checked and passed
  1  at least one violation: the target breaks the contract
  2  usage error (unknown flag, missing required flag)
  3  incomplete: not enough could be checked
  4  the target could not be reached or is misconfigured (named with the URL and the cause)`;

/** Raised by a check before any case runs when its target cannot be used; the message names the URL and the cause. */
export class TargetUnusableError extends Error {
  override readonly name = 'TargetUnusableError';
}

/** The outcome of a run as one exit code: violations win over incompleteness. */
export function exitCodeOf(outcomes: { violations: number; incomplete: number }): ExitCode {
  if (outcomes.violations > 0) return EXIT.violation;
  if (outcomes.incomplete > 0) return EXIT.incomplete;
  return EXIT.passed;
}

