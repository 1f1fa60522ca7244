// Values that are usually ready and sometimes awaited (a cached key, a quota lease, versus a Redis round trip):
// chained without a promise when none is needed, so the common path allocates none.
export type MaybePromise<T> = T | Promise<T>;

export const andThen = <T, U>(value: MaybePromise<T>, next: (v: T) => MaybePromise<U>): MaybePromise<U> =>
  value instanceof Promise ? value.then(next) : next(value);
