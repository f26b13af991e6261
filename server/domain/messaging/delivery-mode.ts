import type { KeyMode } from '../../store/records';

/** Whether a send is delivered, and what its response says when it is not. */
export interface DeliveryMode {
  deliver: boolean;
  /** Present (true) on the response when nothing was delivered. */
  dryRun: boolean;
  /** On a simulated test-key send. */
  hint?: string;
}

/** The message ids of sends that delivered nothing (dry runs, simulated test-key sends) start with this and `_`. */
export const DRY_RUN_ID_PREFIX = 'dryrun';

/** Whether a message id is a dry run's: nothing was delivered, so no status follows it. */
export const isDryRunMessageId = (id: string): boolean => id.startsWith(`${DRY_RUN_ID_PREFIX}_`);

/**
 * Dry run and test keys (section 4, rule 4; section 5, rule 3): `dry_run: true` never delivers; a test
 * key delivers only to a registered test recipient, and its other sends are simulated and carry `hint`,
 * which says what to run to receive them (and their `message.status`).
 */
export function deliveryMode(keyMode: KeyMode, dryRunRequested: boolean | undefined, recipient: { client_ref: string; to: string }, isTestRecipient: boolean): DeliveryMode {
  if (dryRunRequested === true) return { deliver: false, dryRun: true };
  if (keyMode === 'live') return { deliver: true, dryRun: false };
  if (isTestRecipient) return { deliver: true, dryRun: false };
  const { client_ref, to } = recipient;
  return {
    deliver: false,
    dryRun: true,
    hint:
      `Sent with a test key to ${to}, which is not a test recipient of ${client_ref}: nothing was delivered and no message.status will follow. ` +
      `To receive this client's test sends and their message.status webhooks, register the number as a test recipient ` +
      `(on the reference server: npm run sandbox -- test-recipient ${client_ref} ${to}), then send again; or use a live key.`,
  };
}
