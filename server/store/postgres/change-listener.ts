import { randomBytes } from 'node:crypto';
import { Client, type Notification } from 'pg';

/** What the instance's cache listener is given: where to connect, and how often it proves it is alive. */
export interface ChangeListenerOptions {
  connectionString: string;
  /** The channel the cached tables' triggers NOTIFY with the table's name. */
  channel: string;
  /** How often the listener sends a NOTIFY to itself; its proof is trusted for two periods. */
  heartbeatMs: number;
}

/** TCP keepalive on every connection to the database: a link that died without a word is noticed. */
export const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * Cached tables may change in another instance: every instance LISTENs on the channel the tables' triggers
 * NOTIFY with the table's name, and each notification moves that table's change version (read-cache.ts
 * drops what it read from it).
 *
 * A LISTEN connection can go silent without an error (a link dropped by a NAT or firewall, a backend that
 * hangs: the kernel still acknowledges, so TCP keepalive alone does not see it). So the listener proves it
 * is alive, as pg-listen's "paranoid checking" does: every `heartbeatMs` it sends a NOTIFY on a channel of
 * its own and waits for it to come back. PostgreSQL delivers a session's notifications in commit order, so
 * the return of a heartbeat sent at time t proves that every change committed before t has been heard. The
 * listener counts as alive for two periods after the last heartbeat that came back was sent; while it is not,
 * every call gets a new version (nothing can be cached), and a heartbeat that has not come back after two
 * periods ends the connection for a new one. Coming back alive moves every version (what changed meanwhile is
 * unknown).
 */
export class ChangeListener {
  /** Every version handed out is a new number of this sequence: a version never comes back. */
  private sequence = 0;
  private readonly versions = new Map<string, number>();
  /** Moved whenever the listener is alive again: whatever changed while it was not is unknown. */
  private floor = 0;
  private wasAlive = false;
  private client: Client | undefined;
  private closed = false;
  private retryMs = 100;
  /** Where this listener's heartbeats go: a channel no other session listens on. */
  private readonly heartbeats = `partner_messaging_alive_${randomBytes(8).toString('hex')}`;
  private beats = 0;
  /** The heartbeat under way, if one is. */
  private outstanding: { payload: string; sentAt: number } | undefined;
  /** When the last heartbeat that came back was sent (performance.now()). */
  private provenAt = -Infinity;
  private readonly timer: NodeJS.Timeout;
  /** The server process of the listening connection (`pg_backend_pid()`), while connected. */
  backendPid: number | undefined;

  constructor(private readonly options: ChangeListenerOptions) {
    this.timer = setInterval(() => this.tick(), options.heartbeatMs);
    this.timer.unref();
  }

  /** Connects and listens; the first heartbeat goes at once. */
  async start(): Promise<void> {
    const client = new Client({ connectionString: this.options.connectionString, application_name: 'partner-messaging cache listener', ...KEEP_ALIVE });
    client.on('notification', (notification) => this.notified(client, notification));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}; LISTEN ${this.heartbeats}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.closed) throw new Error('The listener was closed while it started.');
      this.client = client;
      this.backendPid = rows[0]!.pid;
      this.retryMs = 100;
      this.beat(client);
    } catch (error) {
      await endClient(client);
      throw error;
    }
  }

  /** Whether every change committed up to two heartbeat periods ago is known to have been heard. */
  alive(): boolean {
    return this.client !== undefined && performance.now() - this.provenAt <= 2 * this.options.heartbeatMs;
  }

  /** The change version of `table`: a new one on every call while the listener is not proven alive. */
  current(table: string): number {
    if (!this.alive()) {
      this.wasAlive = false;
      return ++this.sequence;
    }
    if (!this.wasAlive) {
      this.wasAlive = true;
      this.floor = ++this.sequence;
    }
    const version = this.versions.get(table) ?? 0;
    return version > this.floor ? version : this.floor;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const client = this.client;
    this.client = undefined;
    if (client) await endClient(client);
  }

  private notified(client: Client, notification: Notification): void {
    if (client !== this.client) return;
    if (notification.channel === this.heartbeats) {
      const beat = this.outstanding;
      if (beat && beat.payload === notification.payload) {
        this.provenAt = beat.sentAt;
        this.outstanding = undefined;
      }
      return;
    }
    this.versions.set(notification.payload ?? '', ++this.sequence);
  }

  /** Every period: a heartbeat, unless one is under way; one under way for two periods ends the connection. */
  private tick(): void {
    const client = this.client;
    if (!client) return;
    if (!this.outstanding) this.beat(client);
    else if (performance.now() - this.outstanding.sentAt >= 2 * this.options.heartbeatMs) this.lost(client);
  }

  private beat(client: Client): void {
    const payload = String(++this.beats);
    this.outstanding = { payload, sentAt: performance.now() };
    client.query(`NOTIFY ${this.heartbeats}, '${payload}'`).catch(() => this.lost(client));
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.backendPid = undefined;
    this.outstanding = undefined;
    void endClient(client);
    if (!this.closed) this.retry();
  }

  private retry(): void {
    const timer = setTimeout(() => {
      if (this.closed) return;
      this.start().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        this.retry();
      });
    }, this.retryMs);
    timer.unref();
  }
}

/**
 * Ends a client, at once if its server does not answer (a hung backend never acknowledges the goodbye: the
 * socket is destroyed after a second).
 */
async function endClient(client: Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.connection.stream.destroy();
      resolve();
    }, 1_000);
    timer.unref();
  });
  await Promise.race([client.end().catch(() => undefined), hung]);
  clearTimeout(timer);
}
