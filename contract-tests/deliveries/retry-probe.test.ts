// The retry probe's answers, on arrival times given to it (no clock): it fails the first event's attempts on
// the contract's schedule, holds the second event's first attempt past the timeout, and counts only the
// attempt that arrives in a step's window (a duplicate before it is answered 500 and not counted).
import { HOLD_MS, RetryProbe, slowWindow, windowOf } from './retry-probe';

const at = (ms: number, eventId = 'evt_first00001', content = '{"event":"template.status"}', stamped = ms) => ({ at: ms, stamped, eventId, content });
/** A probe choosing events stamped from 0 on. */
const armed = (mode: 'short' | 'full') => {
  const probe = new RetryProbe(mode);
  probe.arm(0);
  return probe;
};

test('the schedule of the contract gives the windows: immediately (within 5 s, and 4 s in transit), then 8–20 s and 48–90 s after a failure', () => {
  expect(windowOf(1, 1000)).toEqual({ from: 1000, to: 10_000 });
  expect(windowOf(2, 1000)).toEqual({ from: 9000, to: 21_000 });
  expect(windowOf(3, 1000)).toEqual({ from: 49_000, to: 91_000 });
  // The held attempt may have spent up to 4 s in transit before its timeout ran out: its retry from 1 s on, until
  // 5 + 5 + 4 s.
  expect(slowWindow(1000)).toEqual({ from: 2000, to: 15_000 });
  expect(HOLD_MS).toBe(6000);
});

test('the first event is failed twice (short): the immediate retry is failed again, the one about 10 s later taken', () => {
  const probe = armed('short');
  expect(probe.answer(at(0))).toEqual({ status: 500, holdMs: 0 });
  expect(probe.answer(at(300))).toEqual({ status: 500, holdMs: 0 });
  // A duplicate of the second attempt, before the 10 s window: failed, not counted.
  expect(probe.answer(at(400))).toEqual({ status: 500, holdMs: 0 });
  expect(probe.answer(at(10_300))).toEqual({ status: 204, holdMs: 0 });
  expect(probe.failing!.steps.map((s) => s.retry?.at)).toEqual([300, 10_300]);
  expect(probe.failing!.done).toBe(true);
  expect(probe.answer(at(10_400))).toEqual({ status: 204, holdMs: 0 });
});

test('with full, the retry about 10 s later is failed too and the one about 60 s after it taken', () => {
  const probe = armed('full');
  probe.answer(at(0));
  probe.answer(at(100));
  expect(probe.answer(at(10_100))).toEqual({ status: 500, holdMs: 0 });
  expect(probe.answer(at(70_100))).toEqual({ status: 204, holdMs: 0 });
  expect(probe.failing!.steps.map((s) => s.retry?.at)).toEqual([100, 10_100, 70_100]);
});

test('a retry after its window closed is not counted: the step stays missed', () => {
  const probe = armed('short');
  probe.answer(at(0));
  expect(probe.answer(at(9500))).toEqual({ status: 204, holdMs: 0 });
  expect(probe.failing!.steps[0]!.retry).toBeUndefined();
});

test('the second event is held past the timeout, and its retry in the window is recorded; other events are taken at once', () => {
  const probe = armed('short');
  probe.answer(at(0));
  expect(probe.answer(at(1000, 'evt_second0001', '{"event":"webhook.test"}'))).toEqual({ status: 204, holdMs: HOLD_MS });
  expect(probe.answer(at(1050, 'evt_second0001', '{"event":"webhook.test"}'))).toEqual({ status: 204, holdMs: 0 });
  expect(probe.slow!.retry).toBeUndefined();
  probe.answer(at(6100, 'evt_second0001', '{"event":"webhook.test"}'));
  expect(probe.slow!.retry?.at).toBe(6100);
  expect(probe.answer(at(6200, 'evt_third00001', '{}'))).toEqual({ status: 204, holdMs: 0 });
});

test('a retry under a new event_id is not taken for the failing event', () => {
  const probe = armed('short');
  probe.answer(at(0));
  probe.answer(at(200, 'evt_renamed001'));
  expect(probe.failing!.steps[0]!.retry).toBeUndefined();
  expect(probe.slow!.first.eventId).toBe('evt_renamed001');
});

test('an event stamped before the probe was armed is taken and never chosen: it may be a retry already on its schedule', () => {
  const probe = new RetryProbe('short');
  expect(probe.answer(at(0))).toEqual({ status: 204, holdMs: 0 });
  probe.arm(1000);
  expect(probe.answer(at(1200, 'evt_stale00001', '{}', 500))).toEqual({ status: 204, holdMs: 0 });
  expect(probe.failing).toBeUndefined();
  expect(probe.answer(at(1300, 'evt_fresh00001', '{}', 1250))).toEqual({ status: 500, holdMs: 0 });
});
