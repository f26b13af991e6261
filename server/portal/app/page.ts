// What a page of the portal is: a route, a title and what it shows for the signed-in partner.
import type { SandboxClient, Session } from './session';

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
