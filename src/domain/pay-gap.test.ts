// Hand-computed: every expected number here can be checked on paper.
import { expect, test } from "bun:test";
import { gapPct, groupFigures, median, quartileBands, requiresJointAssessment } from "./pay-gap.ts";
import { round } from "./rounding.ts";

test("men 100 and 200, women 90 and 150: mean gap (150 − 120) / 150 = 20%, median the same", () => {
  const f = groupFigures([
    { gender: "M", pay: 100 },
    { gender: "M", pay: 200 },
    { gender: "F", pay: 90 },
    { gender: "F", pay: 150 },
  ]);
  expect(f).toEqual({
    count: 4,
    maleCount: 2,
    femaleCount: 2,
    meanMale: 150,
    meanFemale: 120,
    meanGap: 20,
    medianGap: 20,
  });
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
  expect(round((1 / 3) * 100, 2)).toBe(33.33);
});

test("quartiles of 8 distinct pays: two people a band", () => {
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((pay, i) => ({ gender: (i < 3 ? "F" : "M") as "F" | "M", pay }));
  const bands = quartileBands(rows);
  expect(bands.map((b) => b.women_pct)).toEqual([100, 50, 0, 0]);
});

test("a tie across a cut shares its gender mix: 4 people at 10 (2 women) over bands 1 and 2", () => {
  // pays 10,10,10,10 (F,F,M,M) then 20,30,40,50 (M): n = 8, the tie fills bands 1 and 2 evenly, 50% women each.
  const rows = [
    ["F", 10],
    ["F", 10],
    ["M", 10],
    ["M", 10],
    ["M", 20],
    ["M", 30],
    ["M", 40],
    ["M", 50],
  ].map(([gender, pay]) => ({ gender: gender as "F" | "M", pay: pay as number }));
  expect(quartileBands(rows).map((b) => b.women_pct)).toEqual([50, 50, 0, 0]);
});

test("bands of 6 people are 1.5 people wide", () => {
  const rows = ["F", "M", "F", "M", "F", "M"].map((gender, i) => ({ gender: gender as "F" | "M", pay: i }));
  // band 1: F (1) + half of M → 1 / 1.5 women
  expect(round(quartileBands(rows)[0].women_pct, 2)).toBe(66.67);
});
