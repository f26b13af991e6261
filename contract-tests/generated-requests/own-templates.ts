// What the generated phase makes on the target and must take away again: the templates it creates (two of its
// own to read and delete, and every one a valid creation made), the header media handle it uploads, and which
// of its templates a valid edit may go to. Every template it made is deleted at the phase's end; what could
// not be is listed for the summary.
import type { Operation } from '../../spec';
import type { Exchange } from '../harness';
import type { Clock } from '../rate-windows';
import type { ReceivedDelivery } from '../webhook-listener';
import { uniqueName, type PhaseWorld, type TemplateHandle } from './fit';
import type { Outgoing } from './sender';

/** A template the phase made: how it is named, when it was made, whether an edit has gone to it. */
interface Made extends TemplateHandle {
  id?: string;
  madeAt: number;
  /** A valid creation's (not the phase's own two): such a template takes one valid edit. */
  byProbe: boolean;
  edited: boolean;
}

/**
 * How long after its creation a template the phase made is offered to a valid edit when no template.status tells
 * when its review ended: the reference server's simulated review takes 5 s by default. An edit that still finds
 * it in review is answered 409, which the contract allows (which states refuse edits: not shown).
 */
export const EDIT_AFTER_MS = 6_000;

/** Templates the phase creates in its later rounds at most (each deleted at its end); its first round makes every valid creation. */
export const MAX_LATER_CREATIONS = 40;

type Call = (r: Outgoing) => Promise<Exchange | { noAnswer: string } | undefined>;

const asTemplate = (json: unknown) => json as { id?: string | null; name?: string; language?: string; status?: string; variables?: { body?: unknown[] } } | undefined;

export class OwnTemplates {
  private readonly made: Made[] = [];
  private laterCreations = 0;

  constructor(
    private readonly world: PhaseWorld,
    private readonly key: string,
    private readonly call: Call,
    private readonly clock: Clock,
    /** The run's webhook receiver, when it has one: a template.status event tells when a template's review ended. */
    private readonly deliveries?: () => readonly ReceivedDelivery[],
  ) {}

  get count(): number {
    return this.made.length;
  }

  private async request(method: string, path: string, body?: unknown, form?: FormData): Promise<Exchange | undefined> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (form) {
      const encoded = new Response(form);
      headers['content-type'] = encoded.headers.get('content-type')!;
      payload = new Uint8Array(await encoded.arrayBuffer());
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const e = await this.call({ method, path, headers, body: payload });
    return e && !('noAnswer' in e) ? e : undefined;
  }

  /** What the phase's requests may refer to beyond the fixtures: the approved template's placeholders, two templates of its own, a header media handle. */
  async prepare(): Promise<void> {
    const chat = this.world.chatClientRef;
    if (!chat) return;
    const approved = this.world.approved;
    if (approved) {
      const query = new URLSearchParams({ client_ref: chat, ...(approved.language ? { language: approved.language } : {}) });
      const e = await this.request('GET', `/templates/${encodeURIComponent(approved.ref)}?${query}`);
      const t = asTemplate(e?.json);
      if (e?.status === 200 && t) this.world.approved = { ...approved, language: approved.language ?? t.language, placeholders: t.variables?.body?.length };
    }
    for (const role of ['own', 'doomed'] as const) {
      const name = uniqueName('x'.repeat(40), this.world.token, 0) as string;
      const e = await this.request('POST', '/templates', { client_ref: chat, name: `${name}_${role}`, language: 'en_US', category: 'UTILITY', body: { text: 'Hello {{1}}.', examples: ['Anna'] } });
      const t = asTemplate(e?.json);
      if (e?.status === 201 && t?.name) {
        const handle = { name: t.name, language: t.language ?? 'en_US' };
        this.made.push({ ...handle, id: t.id ?? undefined, madeAt: this.clock.now(), byProbe: false, edited: false });
        this.world[role] = handle;
      }
    }
    const form = new FormData();
    form.append('client_ref', chat);
    form.append('file', new Blob([new Uint8Array(this.world.files.IMAGE.bytes)], { type: 'image/png' }), 'generated.png');
    form.append('format', 'IMAGE');
    const upload = await this.request('POST', '/templates/media', undefined, form);
    const handle = (upload?.json as { handle?: string } | undefined)?.handle;
    if (upload?.status === 201 && handle) this.world.handle = handle;
  }

  /** Whether a valid creation of this round makes its template (a probe's first send always does). */
  setCreating(firstSend: boolean): void {
    this.world.mayCreate = firstSend || this.laterCreations < MAX_LATER_CREATIONS;
  }

  /**
   * Whether a template's review ended: its template.status event arrived. Without a receiver, or while the
   * receiver has had no template.status about any of the phase's templates (the event not selected), whether it
   * is old enough.
   */
  private reviewed(t: Made): boolean {
    const statuses = (this.deliveries?.() ?? []).filter((d) => d.body?.event === 'template.status' && this.made.some((m) => m.name === d.body?.template?.name));
    if (statuses.length === 0) return this.clock.now() - t.madeAt >= EDIT_AFTER_MS;
    return statuses.some((d) => d.body!.template.name === t.name && d.body!.template.language === t.language && d.body!.template.status !== 'PENDING');
  }

  /** The oldest template a valid creation made that is out of review and not edited yet. */
  private nextEditable(): Made | undefined {
    return this.made.find((t) => t.byProbe && !t.edited && t.language === 'en_US' && this.reviewed(t));
  }

  hasEditable(): boolean {
    return this.nextEditable() !== undefined;
  }

  /**
   * Waits, until `deadline` at most, for the oldest template a valid creation made and no edit took yet to be
   * out of review; false at once when there is none.
   */
  async untilEditable(deadline: number): Promise<boolean> {
    const next = this.made.find((t) => t.byProbe && !t.edited && t.language === 'en_US');
    if (!next) return false;
    while (!this.hasEditable() && this.clock.now() < Math.min(deadline, next.madeAt + EDIT_AFTER_MS)) {
      await this.clock.sleep(Math.min(250, next.madeAt + EDIT_AFTER_MS - this.clock.now()));
    }
    return this.hasEditable();
  }

  /** Sets the template the next valid edit goes to (the next editable one); false, leaving it unset, when none is. */
  takeEditable(): boolean {
    const next = this.nextEditable();
    if (next) next.edited = true;
    this.world.editing = next && { name: next.name, language: next.language };
    return next !== undefined;
  }

  /** Notes what a request made, for the clean-up. */
  remember(op: Operation, e: Exchange, firstSend: boolean): void {
    if (op.operationId !== 'createTemplate' || e.status !== 201) return;
    const t = asTemplate(e.json);
    if (!t?.name) return;
    this.made.push({ name: t.name, language: t.language ?? 'en_US', id: t.id ?? undefined, madeAt: this.clock.now(), byProbe: true, edited: false });
    if (!firstSend) this.laterCreations++;
  }

  /**
   * Deletes every template the phase made (the doomed one may already be gone), then lists the client's
   * templates named with the run's token: what could not be deleted (a refusal the contract allows: listed),
   * and what is still listed although it was deleted (a finding: section 3, a deleted template is removed).
   */
  async cleanUp(): Promise<{ cleanedUp: number; failures: string[]; stillListed: string[] }> {
    const chat = this.world.chatClientRef;
    if (!chat) return { cleanedUp: 0, failures: [], stillListed: [] };
    let cleanedUp = 0;
    const failures: string[] = [];
    const deleted = new Map<string, string>();
    for (const t of this.made) {
      const query = new URLSearchParams({ client_ref: chat, language: t.language });
      const e = await this.request('DELETE', `/templates/${encodeURIComponent(t.id ?? t.name)}?${query}`);
      if (e && (e.status === 204 || e.status === 404)) {
        cleanedUp++;
        deleted.set(`${t.name} ${t.language}`, `DELETE answered ${e.status}`);
      } else failures.push(`${t.name} (${t.language}): ${e ? `DELETE answered ${e.status}${e.errorCode ? ` ${e.errorCode}` : ''}` : 'DELETE got no answer'}`);
    }
    const stillListed: string[] = [];
    if (this.made.length) {
      const list = await this.request('GET', `/templates?${new URLSearchParams({ client_ref: chat, search: `gen_${this.world.token}_` })}`);
      const results = (list?.json as { results?: { name?: unknown; language?: unknown }[] } | undefined)?.results ?? [];
      for (const t of results) {
        const how = deleted.get(`${String(t.name)} ${String(t.language)}`);
        if (how) stillListed.push(`${String(t.name)} (${String(t.language)}): ${how}, yet GET /templates still lists it`);
      }
    }
    return { cleanedUp, failures, stillListed };
  }
}
