// What the request examples of openapi.yaml name, as objects of one partner: the clients, the customers who
// wrote in (their 24-hour windows open), the media, the header media handle and the approved templates.
// `npm run sandbox -- examples` (POST /sandbox/examples) puts them in place, so every code sample of the
// rendered reference runs as shown with only the key substituted; docs/samples.test.ts runs each sample
// against a server given them. The ids are the provider's, so one partner of a server holds them.
import { rmSync } from 'node:fs';
import type { Domain } from '../domain';
import { accountOf } from '../domain/onboarding/clients';
import { conflict, DomainError } from '../domain/shared/errors';
import type { ProviderTemplate } from '../provider/channel-provider';
import type { SimulatorControls } from '../provider/simulated';
import type { Channel, ClientRecord, PartnerId } from '../store/records';

interface ExampleClient {
  client_ref: string;
  channel: Channel;
  business_name: string;
}

/**
 * The partner's clients the examples send through; their numbers and handles are the sandbox's, derived from
 * the partner and the reference, so two partners never share a provider account.
 */
export const EXAMPLE_CLIENTS: readonly ExampleClient[] = [
  { client_ref: 'acme-shoes-de', channel: 'chat', business_name: 'ACME Shoes GmbH' },
  { client_ref: 'acme-shoes-social', channel: 'social', business_name: 'ACME Shoes' },
];

/** Customers who wrote in, so free-form sends to them are inside the customer service window. */
export const EXAMPLE_CUSTOMERS = [
  { client_ref: 'acme-shoes-de', from: '4915112345678', name: 'Anna Schmidt', text: 'Hi, where is my order 10482?' },
  { client_ref: 'acme-shoes-social', from: '17841405309211844', name: 'Anna Schmidt', text: 'Do you have the trail runners in size 42?' },
] as const;

/** A small JPEG: what the example media and the header handle hold. */
export const EXAMPLE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(1024, 0x5a)]);

/** Media of the chat client: uploaded for sends (`image.id`, `header.id`), and sent in by a customer (`GET /media/{id}`). */
export const EXAMPLE_MEDIA = [
  { client_ref: 'acme-shoes-de', id: '1013859600285441', direction: 'upload', filename: 'trail-runner-blue.jpg' },
  { client_ref: 'acme-shoes-de', id: '1469203871245587', direction: 'inbound', filename: 'photo.jpg' },
] as const;

/** The header image handle of the template examples (`header.media_handle`). */
export const EXAMPLE_HEADER_HANDLE = { client_ref: 'acme-shoes-de', handle: '4::aW1hZ2UvanBlZw==:ARb3kT9xQ2mVn7LpC4dF8sH1jK6wE0yU5rI2oA9zX3cB7vN4tG1qP8' };

const CAROUSEL_CARD = [
  { type: 'HEADER', format: 'IMAGE' },
  { type: 'BODY', text: 'Now {{1}} EUR' },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Buy now', url: 'https://acme-shoes.de/p/{{1}}' }] },
];

/** The chat client's approved templates: `order_shipped` (also by its id) and the carousel `autumn_collection`. */
export const EXAMPLE_TEMPLATES: ReadonlyArray<{ client_ref: string; template: Omit<ProviderTemplate, 'created_at' | 'updated_at'> }> = [
  {
    client_ref: 'acme-shoes-de',
    template: {
      id: '1204493507483321',
      name: 'order_shipped',
      language: 'de_DE',
      category: 'UTILITY',
      status: 'APPROVED',
      reason: null,
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [EXAMPLE_HEADER_HANDLE.handle] } },
        { type: 'BODY', text: 'Hallo {{1}}, deine Bestellung {{2}} ist unterwegs.', example: { body_text: [['Anna', '10482']] } },
        { type: 'FOOTER', text: 'ACME Shoes GmbH' },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'URL', text: 'Sendung verfolgen', url: 'https://acme-shoes.de/{{1}}', example: ['https://acme-shoes.de/track/10482'] }],
        },
      ],
    },
  },
  {
    client_ref: 'acme-shoes-de',
    template: {
      id: '1350277419863120',
      name: 'autumn_collection',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      reason: null,
      components: [
        { type: 'BODY', text: 'Hi {{1}}, our autumn picks for you:' },
        { type: 'CAROUSEL', cards: [{ components: CAROUSEL_CARD }, { components: CAROUSEL_CARD }] },
      ],
    },
  },
];

export interface ExamplesDeps {
  domain: Domain;
  simulator: SimulatorControls;
  /** The sandbox's hosted-session shortcut (what a person enters on the page). */
  connectClient(partner: PartnerId, input: ExampleClient): Promise<unknown>;
  /** The sandbox's inbound message: the customer writes, the window opens, `message.received` is raised. */
  inbound(partner: PartnerId, input: (typeof EXAMPLE_CUSTOMERS)[number]): Promise<unknown>;
}

const heldElsewhere = (what: string) =>
  conflict(`${what} is held by another partner's client on this server: the examples' objects exist once per server.`);

/**
 * What became of an example template: `created` (put in place: it was not there, or the samples deleted it),
 * `reused` (there already; put back as described, an edited or reviewed one approved again), or `skipped`
 * (another template of the client holds its name and language, which the API keeps unique: the examples never
 * make a second one).
 */
export type ExampleTemplateOutcome = 'created' | 'reused' | 'skipped';

/**
 * Puts the examples' objects in place for `partner`: connects the clients it lacks, opens the customers'
 * windows again, and holds the media, the handle and the templates as described (an edited template is
 * approved again, a deleted one comes back), except a template whose name and language another template of
 * the client holds. Templates the samples created are left as they are.
 */
export async function putExamplesInPlace(deps: ExamplesDeps, partner: PartnerId) {
  const { domain, simulator } = deps;
  const clients = new Map<string, ClientRecord>();
  for (const example of EXAMPLE_CLIENTS) {
    let client: ClientRecord | undefined;
    try {
      client = await domain.clients.get(partner, example.client_ref);
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
    if (!client) {
      await deps.connectClient(partner, example);
      client = await domain.clients.get(partner, example.client_ref);
    }
    if (client.channel !== example.channel) throw conflict(`Client ${example.client_ref} exists on ${client.channel}; the examples need it on ${example.channel}.`);
    clients.set(example.client_ref, client);
  }
  const clientOf = (ref: string) => clients.get(ref)!;
  for (const customer of EXAMPLE_CUSTOMERS) await deps.inbound(partner, customer);
  for (const media of EXAMPLE_MEDIA) {
    const file = await domain.spoolBytes(EXAMPLE_JPEG, 'image/jpeg', media.filename);
    try {
      if (!(await simulator.keepMediaAs(accountOf(clientOf(media.client_ref)), file, media.id, media.direction))) throw heldElsewhere(`Media ${media.id}`);
    } finally {
      rmSync(file.path, { force: true });
    }
  }
  const chat = clientOf(EXAMPLE_HEADER_HANDLE.client_ref);
  const handle = { format: 'IMAGE' as const, mimeType: 'image/jpeg', bytes: EXAMPLE_JPEG };
  if (!(await simulator.keepHeaderMediaAs(chat.business_account_id, EXAMPLE_HEADER_HANDLE.handle, handle))) throw heldElsewhere('The header media handle');
  const templates: Array<{ client_ref: string; id: string; name: string; language: string; status: string; outcome: ExampleTemplateOutcome; note?: string }> = [];
  for (const { client_ref, template } of EXAMPLE_TEMPLATES) {
    const { id, name, language, status } = template;
    // what the client holds now, as the provider has it
    const held = (await domain.templates.list(partner, client_ref, { language }, true)).templates.filter((t) => t.name === name);
    const other = held.find((t) => t.id !== id);
    if (other) {
      const note =
        `Template ${other.id} of ${client_ref} is already ${name} in ${language}, and a name is unique per language: the example's ` +
        `template ${id} was not made. The samples that name ${name} use yours; those that name ${id} answer 404.`;
      templates.push({ client_ref, id, name, language, status: other.status, outcome: 'skipped', note });
      continue;
    }
    if (!(await simulator.keepTemplateAs(clientOf(client_ref).business_account_id, template))) throw heldElsewhere(`Template ${id}`);
    templates.push({ client_ref, id, name, language, status, outcome: held.length > 0 ? 'reused' : 'created' });
  }
  for (const client of new Set(EXAMPLE_TEMPLATES.map(({ client_ref }) => clientOf(client_ref)))) await domain.templates.refreshMirror(client);
  return {
    clients: EXAMPLE_CLIENTS.map(({ client_ref, channel }) => ({ client_ref, channel })),
    customers: EXAMPLE_CUSTOMERS.map(({ client_ref, from }) => ({ client_ref, from })),
    media: EXAMPLE_MEDIA.map(({ client_ref, id, direction }) => ({ client_ref, id, direction })),
    header_handles: [EXAMPLE_HEADER_HANDLE],
    templates,
  };
}
