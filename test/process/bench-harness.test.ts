// The benchmark harnesses start and complete one short iteration (BENCH_QUICK=1, which writes no BENCHMARKS.md).
// The full runs (`npm run bench`) are made by hand; CI only checks that they still work.
import { expect, test } from "bun:test";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { whenInstalled } from "../support/requires.ts";

for (const [script, heading] of [
  ["scripts/bench/pay-gap.ts", "E7 pay-gap report, 10,000 records"],
  ["scripts/bench/pay-equity.ts", "pay-equity analysis, custom, 6 factors"],
  ["scripts/bench/lookup.ts", "title → occupation"],
  ["scripts/bench/titles.ts", "two stages (20 candidates, ranker, calibration)"],
  ["scripts/bench/search.ts", "PostgreSQL pg_trgm (GIN)"],
  ["scripts/bench/http.ts", "bare Bun.serve (floor)"],
  ["scripts/bench/handler.ts", "E2, one title + metro repeated"],
  ["scripts/bench/startup.ts", "executable, exec → first 200 (E2)"],
  ["scripts/bench/explorer.ts", "`/explore/salary` (with a key)"],
] as const) {
  test(`${script} runs one short iteration`, async () => {
    const before = await Bun.file("BENCHMARKS.md").text();
    const r = await runToEnd([process.execPath, script], { BENCH_QUICK: "1" });
    expect({ code: r.code, stderr: r.code ? r.stderr.slice(0, 500) : "" }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toContain(heading);
    expect(r.stdout).toMatch(/\| [\d.]+ (µs|ms)/); // a measured figure, not an empty table
    expect(await Bun.file("BENCHMARKS.md").text()).toBe(before);
  }, 180_000);
}

// The chaos run (`npm run chaos`) in its short form: two replicas, Redis restarted, a replica killed and one stopped.
const withRedis = whenInstalled(test, !!Bun.which("redis-server"), "redis-server");
withRedis(
  "scripts/chaos.ts runs its short form and passes its own checks",
  async () => {
    const r = await runToEnd([process.execPath, "scripts/chaos.ts"], { CHAOS_QUICK: "1" });
    expect({ code: r.code, stderr: r.code ? r.stderr.slice(0, 500) + r.stdout.slice(-800) : "" }).toEqual({
      code: 0,
      stderr: "",
    });
    expect(r.stdout).toContain("| admitted (200) |");
    expect(r.stdout).toContain("Passed:");
  },
  120_000,
);
