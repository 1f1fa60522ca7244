import { expect, test } from "bun:test";
import { eceIfCalibrated, scoreSet } from "./score.ts";
import type { EvalSet } from "./title-sets.ts";

const set: EvalSet = {
  name: "four",
  lang: "en",
  items: [
    { title: "a", country: "US", isco: null, soc: "11-1011" },
    { title: "b", country: "US", isco: null, soc: "15-1252" },
    { title: "c", country: "US", isco: null, soc: "29-1141" },
    { title: "d", country: "US", isco: null, soc: "41-2031" },
  ],
};
// a: right at 0.95; b: wrong at 0.85 (right second; same major group); c: wrong at 0.45, right tenth (same major
// group 29); d: no answer. So SOC 2-digit: a, b, c.
const answers: Record<string, { soc: string; confidence: number; next: string[] } | null> = {
  a: { soc: "11-1011", confidence: 0.95, next: [] },
  b: { soc: "15-1251", confidence: 0.85, next: ["15-1252"] },
  c: { soc: "29-2061", confidence: 0.45, next: ["1", "2", "3", "4", "5", "6", "7", "8", "29-1141"] },
  d: null,
};

test("top-1, top-3, recall@20, answered, right at ≥ 0.8 and ECE, worked by hand", () => {
  const s = scoreSet(
    set,
    (item) => {
      const a = answers[item.title];
      return a && { ...a, isco: null };
    },
    () => 0.5,
  );
  expect(s).toMatchObject({
    n: 4,
    soc6: 25,
    soc2: 75,
    top3: 50,
    recall20: 75,
    accepted: 50,
    acceptedCorrect: 50,
    confident: 50,
    confidentCorrect: 50,
  });
  // Bins: 0.9–1.0 {a: 0.95, right} → |1 − 0.95|; 0.8–0.9 {b: 0.85, wrong} → |0 − 0.85|; 0.4–0.5 {c: 0.45, wrong} → 0.45;
  // 0.0–0.1 {d: 0, wrong} → 0. ECE = (0.05 + 0.85 + 0.45 + 0) ÷ 4 = 0.3375 → 0.338 (three decimals, halves up).
  expect(s.ece).toBe(0.338);
  expect(s.reliability[8]).toEqual({ from: 0.8, n: 1, meanConfidence: 0.85, accuracy: 0 });
});

test("an item with accepted alternatives (a Census aggregate) is right at any of its codes, and at their major groups", () => {
  const census: EvalSet = {
    name: "aggregate",
    lang: "en",
    items: [{ title: "x", country: "US", isco: null, soc: "13-2011", alt: ["13-2041", "51-9011"] }],
  };
  const one = (soc: string) =>
    scoreSet(
      census,
      () => ({ soc, isco: null, confidence: 0.9, next: [] }),
      () => 0.5,
    );
  expect(one("13-2041")).toMatchObject({ soc6: 100, soc2: 100 });
  expect(one("51-9012")).toMatchObject({ soc6: 0, soc2: 100 });
  expect(one("15-1252")).toMatchObject({ soc6: 0, soc2: 0 });
});

test("the ECE of a calibrated matcher on few titles, worked by hand", () => {
  // Four answers at 0.5, each right with probability 1/2: k right of 4 gives ECE |k/4 − 1/2|: 0 with probability
  // 6/16, 0.25 with 8/16, 0.5 with 2/16. The median (0.25: P(ECE ≤ 0) = 0.375 < 0.5 < P(ECE ≤ 0.25) = 0.875).
  expect(eceIfCalibrated([0.5, 0.5, 0.5, 0.5])).toBe(0.25);
  // Certain answers leave nothing to chance: every draw is right at 1.0 and wrong at 0.0.
  expect(eceIfCalibrated([1, 1, 0, 0])).toBe(0);
});
