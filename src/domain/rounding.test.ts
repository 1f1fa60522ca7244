import { expect, test } from "bun:test";
import { round } from "./rounding.ts";
import { annualise, fromAnnual } from "./pay-period.ts";

test("round: to the decimals asked, halves up, null kept", () => {
  expect(round(1234.5)).toBe(1235);
  expect(round(12.345, 2)).toBe(12.35);
  expect(round(0.12345, 4)).toBe(0.1235);
  expect(round(-2.5)).toBe(-2);
  expect(round(null, 2)).toBeNull();
});

test("annualise and fromAnnual are inverses on every period, with 2,080 hours by default", () => {
  expect(annualise(20, "hourly")).toBe(41_600);
  expect(annualise(20, "hourly", 38 * 52)).toBe(39_520);
  expect(annualise(3000, "monthly")).toBe(36_000);
  for (const period of ["annual", "monthly", "hourly"] as const)
    expect(fromAnnual(annualise(123, period, 1800), period, 1800)).toBeCloseTo(123, 10);
});
