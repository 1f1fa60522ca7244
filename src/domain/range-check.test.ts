import { describe, expect, test } from "bun:test";
import { marketCheck, noBenchmarkFinding, sameEndsFinding } from "./range-check.ts";

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

describe("findings without a market verdict", () => {
  test("each reason says why and what to send, as a NO_BENCHMARK warning", () => {
    expect(noBenchmarkFinding({ reason: "no_rate", currency: "XAF" })).toEqual({
      code: "NO_BENCHMARK",
      severity: "warning",
      message: "No market verdict: no exchange rate from XAF to EUR is available.",
    });
    const noMatch = noBenchmarkFinding({ reason: "no_match", threshold: 0.35, closest: "none" });
    expect(noMatch.message).toContain("confidence 0.35 or more");
    expect(noMatch.message).toEndWith("closest: none. Send occupation_code to choose one.");
    const noMean = noBenchmarkFinding({
      reason: "no_mean",
      source: "Eurostat SES 2022",
      group: "6",
      groupTitle: "Skilled agricultural workers",
      country: "Malta",
    });
    expect(noMean.message).toBe(
      "No market verdict: Eurostat SES 2022 publishes no annual, monthly or annualisable hourly earnings for ISCO group 6 (Skilled agricultural workers) in Malta.",
    );
  });

  test("equal ends are an error of the posting; different ends are none", () => {
    expect(sameEndsFinding(50000, 50000)?.severity).toBe("error");
    expect(sameEndsFinding(50000, 50001)).toBeNull();
  });
});
