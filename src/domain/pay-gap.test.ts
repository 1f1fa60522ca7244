// Hand-computed: every expected number here can be checked on paper.
import { expect, test } from "bun:test";
import { annualise, gapPct, groupFigures, median, requiresJointAssessment, round2 } from "./pay-gap.ts";

test("annualise: monthly × 12, hourly × 2,080, or × weekly hours × 52", () => {
  expect(annualise(3000, "monthly")).toBe(36000);
  expect(annualise(20, "hourly")).toBe(41600);
  expect(annualise(20, "hourly", 20)).toBe(20800);
  expect(annualise(50000, "annual")).toBe(50000);
});

test("men 100 and 200, women 90 and 150: mean gap (150 − 120) / 150 = 20%, median the same", () => {
  const f = groupFigures([{ gender: "M", pay: 100 }, { gender: "M", pay: 200 }, { gender: "F", pay: 90 }, { gender: "F", pay: 150 }]);
  expect(f).toEqual({ count: 4, maleCount: 2, femaleCount: 2, meanMale: 150, meanFemale: 120, meanGap: 20, medianGap: 20 });
});

test("median of an odd and an even list", () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});

test("a negative gap (women earn more) of −5% also triggers Article 10; 4.99% does not", () => {
  expect(requiresJointAssessment(gapPct(100, 105))).toBe(true);
  expect(requiresJointAssessment(4.99)).toBe(false);
  expect(requiresJointAssessment(null)).toBe(false);
});

test("a category without women has no gap", () => {
  expect(groupFigures([{ gender: "M", pay: 100 }]).meanGap).toBeNull();
  expect(round2(1 / 3 * 100)).toBe(33.33);
});
