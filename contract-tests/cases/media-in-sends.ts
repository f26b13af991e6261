// Media ids in sends: the two cases that hold POST /media rule 1 for any send that carries a media id. The
// send cases (free-form-sends.ts, template-sends.ts) include them, each with its own send by id.
import { randomBytes } from 'node:crypto';
import type { Case, CaseContext } from '../harness';
import { failsWith, type Res, same } from './support';

/** A well-formed media id (16 digits, as the provider issues them) that no one was issued: a fresh one per call. */
const neverIssuedMediaId = () => `9${(randomBytes(8).readBigUInt64BE() % 10n ** 15n).toString().padStart(15, '0')}`;

/**
 * The error a send answers for a media id, with the id itself masked: another partner's id must get what an
 * id never issued gets, whatever the implementation says about the id it was given.
 */
async function mediaRefusal(ctx: CaseContext, id: string, sendWith: (id: string) => Promise<Res>) {
  const body = failsWith(ctx, await sendWith(id), 404, 'media_not_found');
  return JSON.parse(JSON.stringify(body.error).split(id).join('<media id>'));
}

/**
 * A media id serves only the client it was issued to (POST /media rule 1): one never issued is refused with
 * 404 media_not_found, and another partner's (fixture `foreign_media_id`) gets that very answer.
 */
export function mediaScopeCases(operation: string, what: string, sendWith: (ctx: CaseContext) => (id: string) => Promise<Res>): Case[] {
  return [
    {
      operation,
      name: `${what} sent by a media id that was never issued is refused with 404 media_not_found, on a dry run too`,
      needs: ['state', 'rules'],
      fixtures: ['chatClientRef'],
      run: async (ctx) => void (await mediaRefusal(ctx, neverIssuedMediaId(), sendWith(ctx))),
    },
    {
      operation,
      name: `${what} sent by another partner's media id is refused exactly like one never issued (404 media_not_found)`,
      needs: ['state', 'rules'],
      fixtures: ['chatClientRef', 'foreignMediaId'],
      run: async (ctx) =>
        same(
          await mediaRefusal(ctx, ctx.fx.foreignMediaId!, sendWith(ctx)),
          await mediaRefusal(ctx, neverIssuedMediaId(), sendWith(ctx)),
          "another partner's media id gets the answer of an id never issued",
        ),
    },
  ];
}
