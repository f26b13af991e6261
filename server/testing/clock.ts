/** A clock tests move by hand. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date | string): void;
}

export function testClock(start: Date | string = '2026-11-22T10:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = new Date(at).getTime();
    },
  };
}
