// The generated phase's sender on fake time, against a stand-in transport: it waits for the first key's window
// to open when every key is blocked, goes on after a 429 once its Retry-After has passed, and stops with the
// rate limit named when the next window would open only after the budget; the phase's own requests (its
// clean-up) wait past the budget.
import type { CheckedTransport, Exchange } from '../harness';
import { RateWindows, type Clock } from '../rate-windows';
import { Sender } from './sender';

function fakeClock(): Clock & { slept: number[] } {
  let now = 1_000_000;
  const slept: number[] = [];
  return { now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)), slept };
}

/** A transport whose answers are scripted per key: each call takes the key's next status and Retry-After. */
function scripted(windows: RateWindows, script: Record<string, [number, number?][]>) {
  const exchanges: Exchange[] = [];
  const sent: string[] = [];
  const transport = {
    exchanges,
    fetch: async (_url: string, init: RequestInit) => {
      const key = (init.headers as Record<string, string>).authorization!;
      sent.push(key);
      const [status, retryAfter] = script[key]!.shift() ?? [200];
      const headers = new Headers({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': status === 429 ? '0' : '5', ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}) });
      windows.observe(key, status, headers);
      exchanges.push({ status, headers } as Exchange);
      return new Response(null, { status });
    },
  };
  return { transport: transport as unknown as CheckedTransport, sent };
}

const request = { method: 'GET', path: '/usage', headers: { authorization: 'Bearer main' } };

test('when every key is refused, the sender waits for the first window to open and sends again with that key', async () => {
  const clock = fakeClock();
  const windows = new RateWindows(clock);
  const { transport, sent } = scripted(windows, { 'Bearer A': [[429, 20], [200]], 'Bearer B': [[429, 5], [200]] });
  const sender = new Sender(transport, 'http://target', ['Bearer A', 'Bearer B'], windows, { maxRequests: 100, deadline: clock.now() + 60_000 });
  const e = await sender.send(request);
  expect((e as Exchange).status).toBe(200);
  expect(sent).toEqual(['Bearer A', 'Bearer B', 'Bearer B']);
  expect(clock.slept).toEqual([5000]);
  expect(sender.perKey).toEqual([1, 2]);
});

test('when the next window opens only after the budget, the phase stops with the rate limit named; its own requests still wait', async () => {
  const clock = fakeClock();
  const windows = new RateWindows(clock);
  const { transport } = scripted(windows, { 'Bearer A': [[429, 30], [200]] });
  const sender = new Sender(transport, 'http://target', ['Bearer A'], windows, { maxRequests: 100, deadline: clock.now() + 10_000 });
  expect(await sender.send(request)).toBeUndefined();
  expect(sender.stoppedBy).toBe('rate-limit');
  expect(sender.note).toBe("every key's window was spent (one key); the first opens again in 30 s (429 with Retry-After 30), after the budget");
  expect(clock.slept).toEqual([]);
  // The clean-up is the phase's own: it waits for the window, budget or not.
  expect(((await sender.send(request, true)) as Exchange).status).toBe(200);
  expect(clock.slept).toEqual([30_000]);
});

test('the budget and --max-requests end the phase before any request beyond them', async () => {
  const clock = fakeClock();
  const windows = new RateWindows(clock);
  const { transport, sent } = scripted(windows, { 'Bearer A': [] });
  const sender = new Sender(transport, 'http://target', ['Bearer A'], windows, { maxRequests: 2, deadline: clock.now() + 10_000 });
  await sender.send(request);
  await sender.send(request);
  expect(await sender.send(request)).toBeUndefined();
  expect([sender.stoppedBy, sent.length]).toEqual(['max-requests', 2]);
  const late = new Sender(transport, 'http://target', ['Bearer A'], windows, { maxRequests: 100, deadline: clock.now() });
  expect(await late.send(request)).toBeUndefined();
  expect(late.stoppedBy).toBe('budget');
});

test("the phase's own request gives up once its key has stayed refused for two minutes in all", async () => {
  const clock = fakeClock();
  const windows = new RateWindows(clock);
  const { transport, sent } = scripted(windows, { 'Bearer A': Array.from({ length: 10 }, () => [429, 50] as [number, number]) });
  const sender = new Sender(transport, 'http://target', ['Bearer A'], windows, { maxRequests: 100, deadline: clock.now() });
  expect(await sender.send(request, true)).toEqual({ noAnswer: 'every key stayed refused for more than 120 s (429 with Retry-After 50)' });
  expect([sent.length, clock.slept]).toEqual([3, [50_000, 50_000]]);
});
