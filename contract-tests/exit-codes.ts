// Exit codes of every check command (the drift check, the receiver check, the journeys runner), so a CI job
// can tell "the target breaks the contract" from "the check could not do its job", and both from "the check
// itself broke".
export const EXIT = {
  /** Everything required was checked, and held. */
  passed: 0,
  /** At least one violation: the target breaks the contract. */
  violation: 1,
  /** The command line is wrong (an unknown flag, a missing required one, an unreadable fixtures file). */
  usage: 2,
  /** Not enough could be checked (fixtures missing or exhausted, cases not run): the run proves nothing either way. */
  incomplete: 3,
  /** The target could not be reached or is misconfigured (named with the URL and the cause), before any case ran. */
  unreachable: 4,
  /** The check itself failed (an error inside it or a tool it runs): no verdict on the target at all. */
  checkFailed: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code section of every check command's --help. */
export const EXIT_CODES_HELP = `Exit codes:
  0  passed: everything required was checked and held
  1  violations: the target breaks the contract
  2  usage error (an unknown or missing flag, an unreadable input file)
  3  incomplete: not enough could be checked (the summary says what was missing)
  4  the target could not be reached or is misconfigured (named with the URL and the cause), before any case
  5  the check itself failed (its error is printed): no verdict on the target`;

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
