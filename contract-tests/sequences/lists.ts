// List consistency, for every list operation of openapi.yaml (a GET of no single resource answering an array
// or a page of `results`): `count` is the number of `results` with and without each filter, each filter
// returns exactly the items that match it, and `limit`/`offset` page through the same list. Filters are the
// operation's optional query parameters: one named after a property of the items matches it exactly;
// `search` matches part of the `name` case-insensitively (as the contract documents it); `limit` and `offset`
// page.
import { contract, deref, type Json, type Operation } from '../../spec';
import { Broken, type CaseContext, type Exchange, type Occurrence } from '../harness';
import { chat } from '../cases/support';
import { itemsOf } from './links';

const PAGING = ['limit', 'offset'];
/** `search`: a case-insensitive part of the item's `name` (listTemplates' description). */
const SEARCH = { param: 'search', property: 'name' };

const resolve = (schema: unknown) => deref(contract().document, schema) as Json | undefined;

/** The schema of one item of a list answer (an array, or the `results` of a page object; `oneOf` forms looked through). */
function itemSchema(schema: Json | undefined, depth = 0): Json | undefined {
  const s = resolve(schema);
  if (!s || depth > 5) return undefined;
  if (s.type === 'array') return resolve(s.items);
  if (s.properties?.results) return resolve(resolve(s.properties.results)?.items);
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const found = itemSchema(branch, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export interface ListOperation {
  op: Operation;
  item: Json;
  /** Filters named after an item property, matched exactly. */
  equality: string[];
  search: boolean;
  paging: boolean;
}

/** The list operations of the contract and the filters each documents. */
export function listOperations(): ListOperation[] {
  return contract()
    .operations.filter((op) => op.method === 'get' && !op.parameters.some((p) => p.in === 'path'))
    .flatMap((op) => {
      const item = itemSchema(op.responses['200']?.content['application/json']?.schemaPointer ? contract().schemaAt(op.responses['200'].content['application/json'].schemaPointer!) : undefined);
      if (!item?.properties) return [];
      const optional = op.parameters.filter((p) => p.in === 'query' && !p.required);
      return [
        {
          op,
          item,
          equality: optional.filter((p) => item.properties[p.name] !== undefined && resolve(p.schema)?.type !== 'boolean').map((p) => String(p.name)),
          search: optional.some((p) => p.name === SEARCH.param),
          paging: PAGING.every((name) => optional.some((p) => p.name === name)),
        },
      ];
    });
}

type Item = Record<string, unknown>;
const excerpt = (value: unknown) => JSON.stringify(value ?? null).slice(0, 300);

/** Checks one list operation; everything broken, at once. */
export async function listConsistency(ctx: CaseContext, list: ListOperation): Promise<void> {
  const { op } = list;
  const found: Occurrence[] = [];
  const add = (rule: string, example: string) => found.push({ rule: `list consistency: ${op.operationId} ${rule}`, where: op.operationId, example });
  // Required parameters: a client reference is the run's chat client.
  const base = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) {
    if (!/ClientRef$/.test(String(p.schema?.$ref))) throw new Error(`list consistency cannot fill the required ${p.name} of ${op.operationId}`);
    base.set(p.name, chat(ctx));
  }
  const key = list.item.properties.id !== undefined ? 'id' : 'client_ref';
  const get = async (extra: Record<string, string>): Promise<{ e: Exchange; items: Item[] }> => {
    const q = new URLSearchParams(base);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    await ctx.raw('GET', `${op.path}?${q}`);
    const e = ctx.last();
    if (e.status !== 200) throw new Broken(`list consistency: ${op.operationId} answers 200`, `${q}: ${e.status} ${excerpt(e.json)}`, op.operationId);
    const items = (itemsOf(e.json) ?? []) as Item[];
    const count = (e.json as { count?: unknown })?.count;
    const described = Object.keys(extra).length ? Object.entries(extra).map(([k, v]) => `${k}=${v}`).join('&') : 'no filter';
    if (!Array.isArray(e.json) && count !== items.length) add('count is the number of results', `${described}: count ${excerpt(count)}, ${items.length} results`);
    return { e, items };
  };
  /** All items, through every page when the list pages. */
  const all = async (): Promise<Item[]> => {
    if (!list.paging) return (await get({})).items;
    const max = Number(resolve(op.parameters.find((p) => p.name === 'limit')?.schema)?.maximum ?? 100);
    const out: Item[] = [];
    for (let offset = 0; ; offset += max) {
      const page = (await get({ limit: String(max), offset: String(offset) })).items;
      out.push(...page);
      if (page.length < max || offset > 10_000) return out;
    }
  };
  const keys = (items: Item[]) => items.map((i) => String(i[key]));

  const before = await all();
  /** A filter returns exactly the matching items: each result matches, and each item that matched before and after is listed. */
  const filterHolds = async (param: string, value: string, matches: (i: Item) => boolean) => {
    const { items } = await get({ [param]: value });
    const wrong = items.filter((i) => !matches(i));
    if (wrong.length) add(`${param} lists only the items that match it`, `${param}=${value}: ${excerpt(wrong.slice(0, 3))}`);
    const after = await all();
    const listed = new Set(keys(items));
    const stillMatching = new Set(keys(after.filter(matches)));
    const missing = before.filter((i) => matches(i) && stillMatching.has(String(i[key])) && !listed.has(String(i[key])));
    if (missing.length) add(`${param} lists every item that matches it`, `${param}=${value}: ${keys(missing).slice(0, 5).join(', ')} missing`);
  };

  for (const param of list.equality) {
    const values = [...new Set(before.map((i) => i[param]).filter((v) => typeof v === 'string'))].slice(0, 3) as string[];
    const enumValues = (resolve(list.item.properties[param])?.enum ?? []) as string[];
    const absent = enumValues.find((v) => !values.includes(v));
    for (const value of absent === undefined ? values : [...values, absent]) await filterHolds(param, value, (i) => i[param] === value);
  }
  if (list.search) {
    const name = before.map((i) => i[SEARCH.property]).find((n): n is string => typeof n === 'string' && n.length >= 4);
    // Part of a name in other case, and a text no name holds (like an enum value no item has, above).
    const parts = [...(name ? [name.slice(1, Math.min(name.length, 12)).toUpperCase()] : []), ctx.unique('no_such_name').toUpperCase()];
    for (const part of parts) await filterHolds(SEARCH.param, part, (i) => String(i[SEARCH.property] ?? '').toLowerCase().includes(part.toLowerCase()));
  }
  if (list.paging) {
    const first = (await get({ limit: '1' })).items;
    if (keys(first).join() !== keys(before.slice(0, 1)).join()) add('limit=1 lists the first item alone', `${excerpt(keys(first))} for a list starting ${excerpt(keys(before.slice(0, 2)))}`);
    if (before.length > 1) {
      const second = (await get({ limit: '1', offset: '1' })).items;
      if (keys(second).join() !== keys(before.slice(1, 2)).join()) add('offset skips that many items', `offset=1&limit=1: ${excerpt(keys(second))} for a list starting ${excerpt(keys(before.slice(0, 2)))}`);
    }
    const past = (await get({ offset: String(before.length + 1000) })).items;
    if (past.length) add('offset past the end lists nothing', `${past.length} items`);
  }
  if (found.length) throw new Broken(found);
}
