// Typed dispatch of verified webhook events, framework-free: one handler per event kind, its payload typed
// from the generated types (`WebhookPayload<'message.status'>`), like @octokit/webhooks' `on(event, handler)`.
// Event kinds without a handler, and kinds this version of the package does not know yet (the API adds new
// ones within /v1), go to `unhandled` if given, else they are acknowledged and ignored.
import type { WebhookEvent, WebhookEventName, WebhookPayload } from './types';

/** One optional handler per event kind; each receives that kind's payload type. */
export type WebhookHandlers = {
  [Name in WebhookEventName]?: (event: WebhookPayload<Name>) => void | Promise<void>;
};

/** An event as received: a known kind, or a kind added to the API after this package was built. */
export type ReceivedWebhookEvent = WebhookEvent | { event: string; event_id: string; [field: string]: unknown };

export interface WebhookDispatchOptions {
  /** Events with no handler in `on` (including kinds unknown to this package). */
  unhandled?: (event: ReceivedWebhookEvent) => void | Promise<void>;
}

/** Whether the dispatcher has a handler for the event (or an `unhandled` fallback) and ran it. */
export type DispatchOutcome = 'handled' | 'unhandled' | 'ignored';

/** Runs the handler of the event's kind; resolves once it finished (its rejection is the caller's). */
export function createWebhookDispatcher(
  on: WebhookHandlers,
  options: WebhookDispatchOptions = {},
): (event: ReceivedWebhookEvent) => Promise<DispatchOutcome> {
  return async (event) => {
    const handler = Object.prototype.hasOwnProperty.call(on, event.event) ? on[event.event as WebhookEventName] : undefined;
    if (handler) {
      // the payload's kind is the key the handler was registered under
      await (handler as (payload: ReceivedWebhookEvent) => void | Promise<void>)(event);
      return 'handled';
    }
    if (options.unhandled) {
      await options.unhandled(event);
      return 'unhandled';
    }
    return 'ignored';
  };
}
