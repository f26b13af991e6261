// docs/contract-testing-in-ci.md stays true to the suite: its fixtures table lists every entry of the
// fixtures file with its variable, and its rule table names real cases — every case of the suite, each
// under the rule it holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cases } from './cases';
import { ENTRIES, envName } from './fixtures-file';

const doc = readFileSync(join(__dirname, '..', 'docs', 'contract-testing-in-ci.md'), 'utf8');
const ruleTable = doc.slice(doc.indexOf('## The rule table'));
/** A quoted case name; `<operation>`-style placeholders stand for any text. */
const cited = [...ruleTable.matchAll(/“([^”]+)”/g)].map((m) => m[1]!);
const matcher = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[a-z ]+>/g, '.+')}$`);

test('the fixtures table lists every entry of the fixtures file with its environment variable', () => {
  for (const key of Object.keys(ENTRIES)) expect(doc).toContain(`| \`${key}\` | \`${envName(key)}\` |`);
});

test('every case the rule table names is a case of the suite', () => {
  expect(cited.filter((name) => !cases.some((c) => matcher(name).test(c.name)))).toEqual([]);
});

test('every case of the suite is named in the rule table (or is about webhooks, whose rules are in section 6)', () => {
  const unnamed = cases.filter((c) => !cited.some((name) => matcher(name).test(c.name)) && c.operation !== 'webhook.test');
  expect(unnamed.map((c) => c.name)).toEqual([]);
});
