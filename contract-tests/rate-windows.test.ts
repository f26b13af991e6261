// The run's knowledge of its keys' rate-limit windows, on fake time: a 429 blocks its key for its Retry-After,
// a spent window waits for the next one once the headers showed how long a window is, the upstream throttle's
// 429 (requests left) is waited out without forgetting the count, and the next request goes to the key with
// the most left.
import { RateWindows, type Clock } from './rate-windows';

/** A clock that moves only when slept on, recording each sleep. */
function fakeClock(start = 1_000_000): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return { now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)), slept };
}

const answer = (remaining: number, limit = 10, more: Record<string, string> = {}) => new Headers({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), ...more });

test('a key refused with 429 is not picked before its Retry-After has passed; another key with room is', async () => {
  const clock = fakeClock();
  const w = new RateWindows(clock);
  w.observe('A', 200, answer(0));
  w.observe('A', 429, answer(0, 10, { 'retry-after': '7' }));
  expect(w.state('A')).toMatchObject({ readyAt: clock.now() + 7000, blockedBy: '429 with Retry-After 7' });
  expect(w.pick(['A', 'B']).key).toBe('B');
  w.observe('B', 429, answer(0, 10, { 'retry-after': '3' }));
  const next = w.pick(['A', 'B']);
  expect(next).toMatchObject({ key: 'B', readyAt: clock.now() + 3000 });
  await w.waitUntil(next.readyAt);
  expect(clock.slept).toEqual([3000]);
  expect([w.waits, w.waitedMs]).toEqual([1, 3000]);
  // Past its block, B has a fresh window as far as the run knows.
  expect(w.pick(['A', 'B'])).toMatchObject({ key: 'B', remaining: undefined });
});

test('a window spent to 0 waits for the next one when two fresh starts of its count showed how long a window is', async () => {
  const clock = fakeClock();
  const w = new RateWindows(clock);
  w.observe('A', 200, answer(3));
  await clock.sleep(100);
  w.observe('A', 200, answer(9)); // a window started afresh
  w.observe('A', 200, answer(5));
  await clock.sleep(2000);
  w.observe('A', 200, answer(9)); // and another, 2 s later: windows are 2 s long
  await clock.sleep(500);
  w.observe('A', 200, answer(0));
  expect(w.state('A').readyAt).toBe(clock.now() + 1500);
  expect(w.state('A').blockedBy).toMatch(/^X-RateLimit-Remaining 0/);
});

test('a window spent to 0 without a known length is still picked: only its 429 tells when it opens again', () => {
  const w = new RateWindows(fakeClock());
  w.observe('A', 200, answer(0));
  w.observe('B', 429, answer(0, 10, { 'retry-after': '30' }));
  expect(w.pick(['A', 'B']).key).toBe('A');
});

test("the upstream throttle's 429 (requests left) is waited out, and the key's count is kept", () => {
  const clock = fakeClock();
  const w = new RateWindows(clock);
  w.observe('A', 200, answer(6));
  w.observe('A', 429, answer(5, 10, { 'retry-after': '2' }));
  expect(w.state('A')).toMatchObject({ remaining: 6, readyAt: clock.now() + 2000 });
});

test('a 429 without Retry-After blocks its key for the rest of the window the headers showed, or a second', () => {
  const clock = fakeClock();
  const w = new RateWindows(clock);
  w.observe('A', 429, answer(0));
  expect(w.state('A').readyAt).toBe(clock.now() + 1000);
  expect(w.state('A').blockedBy).toBe('429 without Retry-After');
});

test('the next request goes to the key with the most left of its window, a key not answered yet first', () => {
  const w = new RateWindows(fakeClock());
  w.observe('A', 200, answer(4));
  w.observe('B', 200, answer(8));
  expect(w.pick(['A', 'B']).key).toBe('B');
  expect(w.pick(['A', 'B', 'C']).key).toBe('C');
});

test('a 429 with Retry-After 0 still keeps its key for a second: no storm of requests', () => {
  const clock = fakeClock();
  const w = new RateWindows(clock);
  w.observe('A', 429, answer(0, 10, { 'retry-after': '0' }));
  expect(w.state('A').readyAt).toBe(clock.now() + 1000);
});
