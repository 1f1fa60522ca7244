// Suites that need a program from Debian's packages (.ci/run installs them): run when it is installed or in CI (where
// its absence must fail), else skipped with one line saying what is missing and how to get it, so a local run that
// skips them says so.
import type { describe, test } from "bun:test";

/** `describe` or `test` when `available` (or in CI); otherwise their skipping form, after a note on stderr. */
export function whenInstalled<T extends typeof describe | typeof test>(run: T, available: boolean, what: string): T {
  if (available || process.env.CI) return run;
  console.error(
    `skipped: ${what} is not installed here (apt-get install ${what.split(" ")[0]}; CI installs it and runs these tests)`,
  );
  return run.skip as unknown as T;
}
