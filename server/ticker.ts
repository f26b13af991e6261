/**
 * What runs on a clock rather than on a request: the simulated reviewer's due moves, the due webhook
 * attempts, then a batch of each retention purge due. Every `intervalMs` the due work is started (`start`), without waiting for attempts still under
 * way; `tick` starts it (after any run under way) and waits until it has settled (tests call it after moving
 * their clock).
 */
export interface Ticker {
  tick(): Promise<void>;
  start(): () => void;
}

export function createTicker(
  work: { run: () => Promise<unknown>; settled: () => Promise<void> },
  intervalMs: number,
  onError: (error: unknown) => void,
): Ticker {
  let running: Promise<void> | undefined;
  // One run at a time; `finally` clears it on a later turn, after `running` holds the promise.
  const run = (): Promise<void> =>
    (running ??= work
      .run()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => (running = undefined)));
  return {
    tick: async () => {
      // A run under way may have read the clock before the caller moved it: the tick's own run starts after it.
      if (running) await running;
      await run();
      await work.settled();
    },
    start: () => {
      if (intervalMs === 0) return () => undefined;
      void run();
      const timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
