import { expect, test } from "bun:test";
import { cagr } from "./cagr.ts";

test("doubling over ten years is 7.18% a year", () => {
  expect(
    cagr([
      { year: 2015, value: 50_000 },
      { year: 2025, value: 100_000 },
    ]),
  ).toBe("7.18");
});
test("uses the first and last points only, whatever lies between", () => {
  expect(
    cagr([
      { year: 2020, value: 100 },
      { year: 2021, value: 500 },
      { year: 2022, value: 121 },
    ]),
  ).toBe("10.00");
});
test("falling wages give a negative rate", () => {
  expect(
    cagr([
      { year: 2023, value: 100 },
      { year: 2024, value: 95 },
    ]),
  ).toBe("-5.00");
});
test("fewer than two points → null", () => {
  expect(cagr([])).toBeNull();
  expect(cagr([{ year: 2025, value: 1 }])).toBeNull();
});
