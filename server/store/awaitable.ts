// A value that may already be at hand: what the hot path's reads return when they answer from memory (a
// cached key, an in-memory rate-limit count). Each request of a busy server takes many such reads; answered
// without a promise, they cost no allocation and no turn of the microtask queue.

/** The value, or a promise of it when it must be fetched. */
export type Awaitable<T> = T | Promise<T>;

/**
 * `next` applied to `value`: at once when the value is at hand (a throw of `next` is thrown), after it
 * settles when it is a promise (a throw rejects).
 */
export function whenReady<T, R>(value: Awaitable<T>, next: (ready: T) => Awaitable<R>): Awaitable<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
