// The baseline of gradual adoption: accepted findings reported but not failing, stale entries reported,
// the update keeping the reasons given; and a malformed baseline or fixtures file named with its line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBaseline, updatedBaseline, withBaseline } from './baseline';
import { FixturesError, loadEntries } from './fixtures-file';
import { JsonFileError } from './json-lines';
import { FindingList, findingId } from './report';

const RULE = 'valid input refused: listClients (query limit: maximum 100) answered 400 bad_request blaming limit';
const OTHER = 'X-Request-Id is unique per answer (section 5 rule 9)';

const result = (name: string, rules: string[]) => ({ name, operation: 'listClients', outcome: rules.length ? ('failed' as const) : ('passed' as const), occurrences: rules.map((rule) => ({ rule, where: 'listClients 400' })), durationMs: 0 });

test('a finding id is stable: the same rule gives the same 10 hexadecimal digits, another rule another id', () => {
  expect(findingId(RULE)).toMatch(/^[0-9a-f]{10}$/);
  expect(findingId(RULE)).toBe(findingId(`${RULE}`));
  expect(findingId(OTHER)).not.toBe(findingId(RULE));
  const list = new FindingList();
  list.add(RULE, 'listClients 400', 'a case');
  expect(list.all()[0]!.id).toBe(findingId(RULE));
});

test('an accepted finding no longer fails its case but is kept apart with the reason; a listed finding that did not occur is stale', () => {
  const baseline = { file: 'baseline.json', entries: [{ id: findingId(RULE), reason: 'we clamp limit (ticket API-12)' }, { id: 'abcdef0123', reason: 'fixed long ago' }] };
  const { results, outcome } = withBaseline([result('clamps', [RULE]), result('ids', [OTHER]), result('mixed', [RULE, OTHER])], { baseline, update: false });
  expect(results.map((r) => [r.name, r.outcome, r.occurrences.map((o) => o.rule)])).toEqual([
    ['clamps', 'passed', []],
    ['ids', 'failed', [OTHER]],
    ['mixed', 'failed', [OTHER]],
  ]);
  expect(outcome!.accepted.map((f) => [f.id, f.count, f.reason])).toEqual([[findingId(RULE), 2, 'we clamp limit (ticket API-12)']]);
  expect(outcome!.stale.map((e) => e.id)).toEqual(['abcdef0123']);
});

test('--baseline-update lists every finding, keeping the reason already given and saying when a new one was accepted', () => {
  const list = new FindingList();
  list.add(RULE, 'w', 'c');
  list.add(OTHER, 'w', 'c');
  const entries = updatedBaseline(list.all(), { file: 'b.json', entries: [{ id: findingId(RULE), reason: 'known' }] }, new Date('2026-11-25T10:00:00Z'));
  expect(entries).toEqual([
    { id: findingId(RULE), reason: 'known', rule: RULE },
    { id: findingId(OTHER), reason: 'accepted with --baseline-update on 2026-11-25', rule: OTHER },
  ]);
});

test('--baseline-update judges the run once, with the entries it is to write: every finding accepted, none failing, the previous entries kept for the report', () => {
  const baseline = { file: 'baseline.json', entries: [{ id: findingId(RULE), reason: 'we clamp limit (ticket API-12)' }, { id: 'abcdef0123', reason: 'fixed long ago' }] };
  const { results, outcome } = withBaseline([result('clamps', [RULE]), result('ids', [OTHER])], { baseline, update: true });
  expect(results.map((r) => [r.name, r.outcome])).toEqual([
    ['clamps', 'passed'],
    ['ids', 'passed'],
  ]);
  expect(outcome!.update!.entries.map((e) => [e.id, e.reason.startsWith('accepted with --baseline-update') ? 'new' : e.reason])).toEqual([
    [findingId(RULE), 'we clamp limit (ticket API-12)'],
    [findingId(OTHER), 'new'],
  ]);
  expect(outcome!.update!.previous).toBe(baseline.entries);
  expect(outcome!.stale).toEqual([]);
});

test.each([
  ['a syntax error', '{\n  "accepted": [\n    {"id": "abcdef0123", "reason": "x"},\n  ]\n}\n', /^b\.json:4: not valid JSON/],
  ['an entry without a reason', '{\n  "accepted": [\n    {"id": "abcdef0123"}\n  ]\n}\n', /^b\.json:3: reason must say why/],
  ['an id that is not a finding id', '{\n  "accepted": [\n    {"id": "abcdef0123", "reason": "x"},\n    {\n      "id": "F-12",\n      "reason": "y"\n    }\n  ]\n}\n', /^b\.json:5: id must be a finding id/],
  ['an unknown key', '{"accepted": [],\n "ignored": []}\n', /^b\.json:2: unknown key "ignored"/],
  ['an id listed twice', '{"accepted": [\n {"id": "abcdef0123", "reason": "x"},\n {"id": "abcdef0123", "reason": "y"}\n]}\n', /^b\.json:3: id abcdef0123 is listed twice/],
])('a malformed baseline (%s) is refused naming its line', (_what, text, message) => {
  expect(() => parseBaseline(text, 'b.json')).toThrow(JsonFileError);
  expect(() => parseBaseline(text, 'b.json')).toThrow(message);
});

test.each([
  ['a syntax error', '{\n  "chat_client_ref": "acme"\n  "social_client_ref": "acme-social"\n}\n', /fixtures\.json:3: not valid JSON/],
  ['an unknown entry', '{\n  "chat_client_ref": "acme",\n  "chat_client": "typo"\n}\n', /fixtures\.json:3: unknown entry "chat_client"/],
  ['a value of the wrong form', '{\n  "chat_client_ref": "acme",\n  "webhook_configure": "https://example.com"\n}\n', /fixtures\.json:3: "webhook_configure" must be a request/],
])('a malformed fixtures file (%s) is refused naming its line', (_what, text, message) => {
  const file = join(mkdtempSync(join(tmpdir(), 'fixtures-lines-')), 'fixtures.json');
  writeFileSync(file, text);
  expect(() => loadEntries(file, {})).toThrow(FixturesError);
  expect(() => loadEntries(file, {})).toThrow(message);
});
