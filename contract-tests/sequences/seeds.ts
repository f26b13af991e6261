// What the sequences cannot read from the links: the creating request itself, what a valid request of a
// linked operation carries besides the references the link gives it, and when a created resource can be
// edited and used (a template once its review is over). Which operations a sequence calls, with which
// references, and what each call is to the resource come from openapi.yaml's links (sequences/links.ts).
import { Inconclusive, type CaseContext, type Exchange } from '../harness';
import type { FixtureName } from '../fixtures-file';
import { BODY_TWO_PLACEHOLDERS, chat, file, PNG_1X1, RECIPIENT, reviewed, snake } from '../cases/support';

export interface Seed {
  /** The creating operation; its answer's links drive the sequence. */
  operationId: string;
  /** What the resource is, for case names. */
  resource: string;
  fixtures: FixtureName[];
  /** Makes the creating request; the exchange and the request body as sent (the fields of a multipart one). */
  create(ctx: CaseContext): Promise<{ exchange: Exchange; requestBody: Record<string, unknown> }>;
  /** Resolves once the created resource can be edited and used; inconclusive when it never can be in this run. */
  ready?(ctx: CaseContext, created: unknown): Promise<void>;
  /** Per linked operation: the request content besides the link's references (for an edit: the edited creation body). */
  content: Record<string, (ctx: CaseContext, created?: unknown) => unknown>;
}

type TemplateAnswer = { id: string | null; name: string; language: string };

export const SEEDS: Seed[] = [
  {
    operationId: 'createTemplate',
    resource: 'template',
    fixtures: ['chatClientRef'],
    create: async (ctx) => {
      const requestBody = { client_ref: chat(ctx), name: snake(ctx, 'ct_sequence'), language: 'en_US', category: 'UTILITY', body: BODY_TWO_PLACEHOLDERS };
      await ctx.api.POST('/templates', { body: requestBody as never });
      return { exchange: ctx.last(), requestBody };
    },
    // Sends need it APPROVED, edits a review that is over.
    ready: async (ctx, created) => {
      const t = await reviewed(ctx, created as TemplateAnswer);
      if (t.status !== 'APPROVED') throw new Inconclusive(`the provider did not approve ${t.name} (it is ${t.status}): its sends cannot be observed`);
    },
    content: {
      updateTemplate: (_ctx, created) => ({
        ...(created as object),
        category: 'MARKETING',
        body: { text: 'Hello {{1}}, order {{2}} changed: the drift check edited this template.', examples: ['Anna', '10482'] },
      }),
      sendTemplateMessage: () => ({ to: RECIPIENT, parameters: ['Anna', '10482'] }),
    },
  },
  {
    operationId: 'uploadMedia',
    resource: 'uploaded media',
    fixtures: ['chatClientRef'],
    create: async (ctx) => {
      const requestBody = { client_ref: chat(ctx) };
      await ctx.api.POST('/media', { body: { ...requestBody, file: file(PNG_1X1, 'image/png', 'sequence.png') } });
      return { exchange: ctx.last(), requestBody };
    },
    content: { sendMessage: () => ({ to: RECIPIENT }) },
  },
];
