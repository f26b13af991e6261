// The one SQL layer reads from each statement the table it writes (written-tables.ts); what it cannot read
// counts as writing any table, so a statement it does not understand drops everything held instead of nothing.
import { tablesWrittenBy } from './written-tables';

test.each([
  ['INSERT INTO api_keys (id) VALUES (?)', ['api_keys']],
  ['  \n  INSERT INTO clients (partner_id) VALUES (?) ON CONFLICT DO NOTHING', ['clients']],
  ['INSERT OR IGNORE INTO templates (id) VALUES (?)', ['templates']],
  ['UPDATE faults SET remaining = remaining - 1 WHERE id = ? RETURNING remaining', ['faults']],
  ['update "service_window" set last_inbound_at = ?', ['service_window']],
  ['DELETE FROM usage_monthly WHERE partner_id = ?', ['usage_monthly']],
  ['-- the page\nSELECT id FROM clients LIMIT ?', []],
  ['SELECT pg_notify(?, ?)', []],
  ['PRAGMA data_version', []],
])('%s writes %j', (sql, tables) => {
  expect(tablesWrittenBy(sql)).toEqual(tables);
});

test.each([
  'WITH gone AS (DELETE FROM faults RETURNING id) SELECT COUNT(*) FROM gone',
  'PRAGMA user_version = 7',
  'TRUNCATE api_keys',
  'REPLACE INTO clients (partner_id) VALUES (?)',
  'ALTER TABLE api_keys ADD COLUMN note TEXT',
])('a statement whose table is not read from it (%s) counts as writing any table', (sql) => {
  expect(tablesWrittenBy(sql)).toBe('any');
});
