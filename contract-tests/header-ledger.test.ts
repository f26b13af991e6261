// The header rules held across a run, each shown catching the answers that break it and passing those that
// keep it (no server needed: answers made by hand, with their arrival times).
import { HEADER_RULES, HeaderLedger, type ObservedAnswer } from './header-ledger';

const KEY = 'Bearer ik_live_ledger_test_key';
const OTHER = 'Bearer ik_live_ledger_other_key';
let id = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`;

function answer(o: { status?: number; limit?: number; remaining?: number; retryAfter?: number; requestId?: string; key?: string | null; at?: number; where?: string }): ObservedAnswer {
  const headers = new Headers({ 'x-request-id': o.requestId ?? uuid() });
  if (o.limit !== undefined) headers.set('x-ratelimit-limit', String(o.limit));
  if (o.remaining !== undefined) headers.set('x-ratelimit-remaining', String(o.remaining));
  if (o.retryAfter !== undefined) headers.set('retry-after', String(o.retryAfter));
  return { where: o.where ?? `getUsage ${o.status ?? 200}`, status: o.status ?? 200, headers, authorization: o.key === undefined ? KEY : o.key, at: o.at ?? 0 };
}

const rulesOf = (answers: ObservedAnswer[]) => {
  const ledger = new HeaderLedger();
  for (const a of answers) ledger.observe(a);
  return ledger.occurrences().map((o) => o.rule);
};

test('answers each with its own X-Request-Id, one ceiling per key and remaining at or below it break no rule', () => {
  expect(rulesOf([answer({ limit: 600, remaining: 599 }), answer({ limit: 600, remaining: 598, where: 'sendMessage 200' }), answer({ limit: 50, remaining: 49, key: OTHER }), answer({ status: 401, key: null })])).toEqual([]);
});

test('an X-Request-Id seen on two answers breaks its uniqueness', () => {
  expect(rulesOf([answer({ requestId: 'f0f0f0f0-0000-4000-8000-000000000001' }), answer({ requestId: 'f0f0f0f0-0000-4000-8000-000000000001', where: 'listClients 200' })])).toEqual([HEADER_RULES.requestId]);
});

test('a key reporting two ceilings on two operations breaks "one ceiling per key"; two keys with their own ceilings do not', () => {
  expect(rulesOf([answer({ limit: 600, remaining: 599 }), answer({ limit: 1000, remaining: 998, where: 'sendMessage 200' })])).toEqual([HEADER_RULES.oneCeiling]);
  expect(rulesOf([answer({ limit: 600, remaining: 599 }), answer({ limit: 1000, remaining: 998, key: OTHER })])).toEqual([]);
});

test('X-RateLimit-Remaining above X-RateLimit-Limit is caught', () => {
  expect(rulesOf([answer({ limit: 600, remaining: 601 })])).toEqual([HEADER_RULES.remainingBelowLimit]);
});

test('a Retry-After that counts down with the clock holds; one that stays put or grows while the key is refused does not', () => {
  const refused = (at: number, retryAfter: number) => answer({ status: 429, limit: 600, remaining: 0, retryAfter, at });
  expect(rulesOf([refused(0, 10), refused(1_100, 9), refused(2_200, 8), refused(3_300, 7)])).toEqual([]);
  expect(rulesOf([refused(0, 3600), refused(1_100, 3600), refused(2_200, 3600), refused(3_300, 3600)])).toEqual([HEADER_RULES.retryCountsDown]);
  expect(rulesOf([refused(0, 5), refused(1_100, 10)])).toEqual([HEADER_RULES.retryCountsDown]);
});

test('a Retry-After that counts down faster than the clock (the key told it may come back before its window opens) is caught too; rounding is not', () => {
  const refused = (at: number, retryAfter: number) => answer({ status: 429, limit: 600, remaining: 0, retryAfter, at });
  expect(rulesOf([refused(0, 30), refused(1_100, 20)])).toEqual([HEADER_RULES.retryNotFaster]);
  expect(rulesOf([refused(0, 30), refused(2_900, 27), refused(3_050, 26)])).toEqual([]);
});

test('a key whose window started afresh long before its Retry-After was over was told to wait too long; a wait that was kept is fine', () => {
  expect(rulesOf([answer({ status: 429, limit: 600, remaining: 0, retryAfter: 60, at: 0 }), answer({ limit: 600, remaining: 599, at: 2_000 })])).toEqual([HEADER_RULES.retryWithinWindow]);
  expect(rulesOf([answer({ status: 429, limit: 600, remaining: 0, retryAfter: 2, at: 0 }), answer({ limit: 600, remaining: 599, at: 2_000 })])).toEqual([]);
});

test('a 429 of the upstream throttle (requests left in the window) says nothing about the window: never flagged', () => {
  expect(rulesOf([answer({ status: 429, limit: 600, remaining: 120, retryAfter: 30, at: 0 }), answer({ limit: 600, remaining: 119, at: 1_000 }), answer({ status: 429, limit: 600, remaining: 100, retryAfter: 45, at: 2_000 })])).toEqual([]);
});

test('the key itself is never kept nor shown: findings name a fingerprint', () => {
  const ledger = new HeaderLedger();
  ledger.observe(answer({ limit: 600, remaining: 599 }));
  ledger.observe(answer({ limit: 1000, remaining: 999, where: 'sendMessage 200' }));
  const [finding] = ledger.occurrences();
  expect(finding!.example).toMatch(/^key #[0-9a-f]{8}: 600 on getUsage 200, 1000 on sendMessage 200$/);
  expect(JSON.stringify(ledger)).not.toContain('ik_live_ledger_test_key');
});
