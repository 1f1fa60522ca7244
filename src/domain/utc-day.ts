// What depends only on the UTC day a time falls in (the semester in force, for the answer cache), worked out once
// per day rather than per request.
export const DAY_MS = 86_400_000;

/** `compute` of the UTC day holding time `t` (ms since the epoch), given the day's start; remembered for that day. */
export function perUtcDay<T>(compute: (dayStart: number) => T): (t: number) => T {
  let start = Number.NaN;
  let value: T;
  return (t) => {
    if (!(t >= start && t < start + DAY_MS)) {
      start = t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
      value = compute(start);
    }
    return value;
  };
}
