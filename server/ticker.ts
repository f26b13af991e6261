/**
 * What runs on a clock rather than on a request: the simulated reviewer's due moves, then the due webhook
 * attempts. `tick` runs them once (tests call it after moving their clock; one run at a time); `start` runs
 * them every `intervalMs` until stopped.
 */
export interface Ticker {
  tick(): Promise<void>;
  start(): () => void;
}

export function createTicker(steps: ReadonlyArray<() => Promise<unknown>>, intervalMs: number, onError: (error: unknown) => void): Ticker {
  let running: Promise<void> | undefined;
  const run = async (): Promise<void> => {
    try {
      for (const step of steps) await step();
    } catch (error) {
      onError(error);
    }
  };
  const tick = (): Promise<void> => {
    // `finally` runs on a later turn, after `running` holds the promise it clears.
    running ??= run().finally(() => (running = undefined));
    return running;
  };
  return {
    tick,
    start: () => {
      if (intervalMs === 0) return () => undefined;
      void tick();
      const timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
