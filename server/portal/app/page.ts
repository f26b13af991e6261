// What a page of the portal is: a route, a title and what it shows for the signed-in partner; and how its
// controls make a change.
import { announce, report } from './dom';
import { must, type SandboxClient, type Session } from './session';

export interface PortalContext {
  api: SandboxClient;
  session: Session;
  /** Draws the page again (after a change the page shows). */
  refresh(): Promise<void>;
}

export interface PortalPage {
  /** The route: `#/<path>`. */
  path: string;
  title: string;
  /** One sentence under the title: what the page is for. */
  intro: string;
  render(context: PortalContext): Promise<Node[]>;
}

/**
 * A change a control of a page asks for: the request, whose refusal throws (a form shows it beside its fields);
 * then `before` with the answer (what the redrawn page shows once), the page drawn again, and `told` announced.
 */
export async function change<T>(
  context: PortalContext,
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  told: (answer: T) => string,
  before?: (answer: T) => void,
): Promise<void> {
  const answer = await must(call);
  before?.(answer);
  await context.refresh();
  announce(told(answer));
}

/** A button that makes a change once the partner confirms (when it asks); a refusal is announced in the status line. */
export function onPress(button: HTMLElement, confirmation: string | null, make: () => Promise<void>): HTMLElement {
  button.addEventListener('click', () => {
    if (confirmation !== null && !window.confirm(confirmation)) return;
    make().catch(report);
  });
  return button;
}
