import { expect, test } from "bun:test";
import { marketCheck } from "./range-check.ts";

const range = (min: number, max: number, period: "annual" | "monthly" | "hourly" = "annual") => ({
  min,
  max,
  minEur: min,
  maxEur: max,
  period,
});

test("market: percentiles on the posting's period; hourly at the benchmark's own hours; outside p10–p90 is unreasonable", () => {
  const bench = { mean: 60_000, meanHourly: 30 }; // 2,000 hours
  const inside = marketCheck(range(55_000, 65_000), bench, { p10: 30_000, p90: 120_000 }, "the group");
  expect(inside).toMatchObject({ reasonable: true, findings: [], hours: 2000 });
  const hourly = marketCheck(range(28, 32, "hourly"), bench, { p10: 30_000, p90: 120_000 }, "the group");
  expect(hourly.reasonable).toBe(true);
  expect(Math.abs(hourly.percentiles.p50 * 2000 - inside.percentiles.p50)).toBeLessThanOrEqual(0.005 * 2000); // cents × 2,000 hours
  const below = marketCheck(range(5_000, 6_000), bench, { p10: 30_000, p90: 120_000 }, "the group");
  expect(below.reasonable).toBe(false);
  expect(below.findings[0]).toMatchObject({ code: "BELOW_MARKET", severity: "info" });
  expect(below.findings[0].message).toContain("below the group's estimated 10th percentile");
});
