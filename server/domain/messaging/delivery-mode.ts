import type { KeyMode } from '../../store/records';

/** Whether a send is delivered, and what its response says when it is not. */
export interface DeliveryMode {
  deliver: boolean;
  /** Present (true) on the response when nothing was delivered. */
  dryRun: boolean;
  /** On a simulated test-key send. */
  hint?: string;
}

/**
 * Dry run and test keys (section 4, rule 4; section 5, rule 3): `dry_run: true` never delivers; a test
 * key delivers only to a registered test recipient, and its other sends are simulated and carry `hint`.
 */
export function deliveryMode(keyMode: KeyMode, dryRunRequested: boolean | undefined, to: string, isTestRecipient: boolean): DeliveryMode {
  if (dryRunRequested === true) return { deliver: false, dryRun: true };
  if (keyMode === 'live') return { deliver: true, dryRun: false };
  if (isTestRecipient) return { deliver: true, dryRun: false };
  return {
    deliver: false,
    dryRun: true,
    hint: `Sent with a test key, so nothing was delivered. Register ${to} as a test recipient to receive test sends, or use a live key.`,
  };
}
