// A breaking change as both checkers report it (./focused-check.ts, ./optic.ts), and the line that names it
// in the gate's report and in a baseline's acceptance list.

export interface BreakingChange {
  /** Which checker found it. */
  source: 'optic' | 'focused';
  /** Operation or webhook, e.g. `POST /messages/send` or `webhook message.status`. */
  where: string;
  /** Short rule name, e.g. `field removed`. */
  rule: string;
  detail: string;
}

/** A change as the gate prints it and the acceptance list names it. */
export const describeChange = (c: BreakingChange) => `${c.where}: ${c.rule}: ${c.detail}`;
