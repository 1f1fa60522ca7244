import { expect, test } from "bun:test";
import { staleness, monthOf } from "./series-staleness.ts";

test("months are counted across years, from the first-day periods the CPI series use", () => {
  expect(staleness("2020-11-01", "2026-05-01")).toEqual({ monthsBehind: 66, stale: true });
  expect(staleness("2023-12-01", "2026-05-01")).toEqual({ monthsBehind: 29, stale: true });
  expect(staleness("2025-10-01", "2026-05-01")).toEqual({ monthsBehind: 7, stale: false });
});
test("exactly twelve months behind is not stale; thirteen is", () => {
  expect(staleness("2025-05", "2026-05")).toEqual({ monthsBehind: 12, stale: false });
  expect(staleness("2025-04", "2026-05")).toEqual({ monthsBehind: 13, stale: true });
});
test("the reference itself, or a series ahead of it, is 0 months behind", () => {
  expect(staleness("2026-05-01", "2026-05-01")).toEqual({ monthsBehind: 0, stale: false });
  expect(staleness("2026-06-01", "2026-05-01")).toEqual({ monthsBehind: 0, stale: false });
});
test("monthOf names the month", () => expect(monthOf("2020-11-01")).toBe("2020-11"));
