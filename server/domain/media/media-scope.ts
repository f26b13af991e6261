// The media scope rule (section 4, POST /media rule 1; section 8): a media id, or a template header handle,
// serves only the client whose provider account it was issued to (uploaded by it, or sent in to it), and
// only until its 30 days are over. Every media reference goes through it: the media ids of free-form and
// template sends (dry runs alike), the header handles of template submissions and edits, and downloads.
// Another client's, another partner's, a never-issued and an expired reference get one answer, so nothing
// tells a partner that someone else's media exists.
import { ENUMS } from '../../../generated/constants';
import type { HeldMediaReference, MediaProvider } from '../../provider/channel-provider';
import type { ClientRecord, TemplateComponent } from '../../store/records';
import { accountOf } from '../onboarding/clients';
import type { Clock } from '../shared/clock';
import { DomainError, badRequest } from '../shared/errors';
import { callProvider, downloadFailure, sendFailure, templateFailure } from '../shared/provider-failures';

/** Section 8: media ids (and template header handles) are kept 30 days; inbound media too. */
export const MEDIA_RETENTION_DAYS = 30;

/** A media id in a request, and the field of the request that names it (`image.id`, `header.id`, …). */
export interface MediaReference {
  field: string;
  id: string;
}

const MEDIA_TYPES = new Set<string>(ENUMS.MediaKind);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Every media id in a provider payload (a message, a template object), with its field below `prefix`: the
 * provider's media object is `{type: <kind>, <kind>: {id}}` wherever it sits (a free-form message, a template
 * header parameter, a carousel card, an interactive header).
 */
export function mediaIdsIn(value: unknown, prefix: string): MediaReference[] {
  const found: MediaReference[] = [];
  // The keys down to the value visited; a field's name is written only for a media id found (every send
  // walks its payload, few carry media).
  const path: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visitBelow(String(i), item));
      return;
    }
    if (!isObject(node)) return;
    const kind = node.type;
    if (typeof kind === 'string' && MEDIA_TYPES.has(kind)) {
      const media = node[kind];
      if (isObject(media) && typeof media.id === 'string') found.push({ field: prefix + [...path, kind, 'id'].join('.'), id: media.id });
    }
    for (const key of Object.keys(node)) visitBelow(key, node[key]);
  };
  const visitBelow = (key: string, node: unknown): void => {
    path.push(key);
    visit(node);
    path.pop();
  };
  visit(value);
  return found;
}

/** Every header handle a template's components name (`example.header_handle`, in cards too). */
export function headerHandlesIn(components: readonly TemplateComponent[]): string[] {
  const handles: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'header_handle' && Array.isArray(child)) handles.push(...child.filter((h): h is string => typeof h === 'string'));
      else visit(child);
    }
  };
  visit(components);
  return handles;
}

/**
 * The answer to a media id outside the client's scope: `404 media_not_found`, the same whether the id is
 * another client's, another partner's, was never issued or is past its 30 days. It names only what the
 * partner sent (the field and its own client), never the id's owner.
 */
export function mediaNotFound(clientRef: string, field: string): DomainError<'media_not_found'> {
  return new DomainError(
    'media_not_found',
    `The media id in ${field} is not one of client ${clientRef}'s: a media id serves only the client it was issued to, for ${MEDIA_RETENTION_DAYS} days.`,
    { details: { [field]: [`is not a media id of this client, or is past its ${MEDIA_RETENTION_DAYS} days`] } },
  );
}

/** What the provider says for a header handle outside the client's scope (the contract's 400 with code 131053). */
const HEADER_HANDLE_REFUSED = `The header media handle is not one of this account's, or is past its ${MEDIA_RETENTION_DAYS} days.`;

export class MediaScope {
  constructor(
    private readonly provider: Pick<MediaProvider, 'lookupMedia' | 'lookupHeaderMedia'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends (POST /messages/send, /messages/send-template), dry runs included: a dry run promises that the
   * live send would be accepted. Refuses the first reference outside the scope with `404 media_not_found`.
   */
  async assertSendable(client: ClientRecord, references: readonly MediaReference[]): Promise<void> {
    for (const { field, id } of references) {
      const held = await callProvider(() => this.provider.lookupMedia(accountOf(client), id), sendFailure('message'));
      if (!this.inScope(held)) throw mediaNotFound(client.client_ref, field);
    }
  }

  /** Template submissions and edits: every header handle the components name, refused as the provider refuses it. */
  async assertHeaderHandlesHeld(client: ClientRecord, components: readonly TemplateComponent[]): Promise<void> {
    for (const handle of new Set(headerHandlesIn(components))) {
      const held = await callProvider(() => this.provider.lookupHeaderMedia(client.business_account_id, handle), templateFailure('submit'));
      if (!this.inScope(held)) {
        throw badRequest(`The provider refused the template: ${HEADER_HANDLE_REFUSED}`, {
          details: { provider_message: HEADER_HANDLE_REFUSED, provider_code: '131053' },
        });
      }
    }
  }

  /** GET /media/{media_id}: inbound (or uploaded) media of this client, within its 30 days. */
  async assertDownloadable(client: ClientRecord, mediaId: string): Promise<void> {
    const held = await callProvider(() => this.provider.lookupMedia(accountOf(client), mediaId), downloadFailure(client.client_ref));
    if (!this.inScope(held)) throw mediaNotFound(client.client_ref, 'media_id');
  }

  /** The rule itself: the provider holds it for this client's account, and its retention has not ended (it ends at exactly 30 days). */
  private inScope(held: HeldMediaReference | undefined): boolean {
    return held !== undefined && this.clock().getTime() < held.expiresAt.getTime();
  }
}
