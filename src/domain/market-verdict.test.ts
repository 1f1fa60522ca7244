import { expect, test } from "bun:test";
import { marketVerdict } from "./market-verdict.ts";

const p = { p10: 30_000, p25: 40_000, p75: 70_000, p90: 90_000 };

test("inside p25–p75: reasonable, no finding", () => {
  expect(marketVerdict(45_000, 60_000, p, 55_000)).toEqual({ reasonable: true, findings: [] });
});

test("below p25 but reaching p10: a finding, still reasonable", () => {
  expect(marketVerdict(32_000, 38_000, p, 55_000)).toEqual({ reasonable: true, findings: ["BELOW_MARKET"] });
});

test("wholly below p10 or above p90: unreasonable", () => {
  expect(marketVerdict(25_000, 29_999, p, 55_000)).toEqual({ reasonable: false, findings: ["BELOW_PLAUSIBLE"] });
  expect(marketVerdict(90_001, 95_000, p, 55_000)).toEqual({ reasonable: false, findings: ["ABOVE_PLAUSIBLE"] });
  expect(marketVerdict(75_000, 95_000, p, 55_000)).toEqual({ reasonable: true, findings: ["ABOVE_MARKET"] });
});

test("a range touching p10 or p90 exactly is inside the spread; a very wide range is information only", () => {
  expect(marketVerdict(20_000, 30_000, p, 55_000).reasonable).toBe(true);
  expect(marketVerdict(90_000, 95_000, p, 55_000)).toEqual({ reasonable: true, findings: ["ABOVE_MARKET"] });
  expect(marketVerdict(10_000, 100_000, p, 55_000)).toEqual({ reasonable: true, findings: ["RANGE_TOO_WIDE"] });
});
