import type { NotificationListener, NotificationReceipt } from '../channel-provider';

/**
 * The receivers of one kind of the simulator's notifications, registered through the port and called in
 * turn by its controls (the provider's webhook to the service, delivered at once). A listener's failure
 * reaches the control's caller.
 */
export class Notifications<T> {
  private readonly listeners: NotificationListener<T>[] = [];

  add(listener: NotificationListener<T>): void {
    this.listeners.push(listener);
  }

  /** Notifies every listener; answers the service's receipt, if one raised an event. */
  async send(notification: T): Promise<NotificationReceipt | undefined> {
    let receipt: NotificationReceipt | undefined;
    for (const listener of this.listeners) {
      const answer = await listener(notification);
      if (answer) receipt = answer;
    }
    return receipt;
  }
}
