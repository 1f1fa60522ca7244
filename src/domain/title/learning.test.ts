import { expect, test } from "bun:test";
import { fitIsotonic, fitLogistic, isotonicValue, logisticProbability } from "./learning.ts";

// R's mtcars (Henderson & Velleman 1981, from Motor Trend 1974): hp, wt (1000 lb), vs, am, mpg for the 32 cars.
const MTCARS = `110 2.620 0 1 21.0|110 2.875 0 1 21.0|93 2.320 1 1 22.8|110 3.215 1 0 21.4|175 3.440 0 0 18.7|105 3.460 1 0 18.1|245 3.570 0 0 14.3|62 3.190 1 0 24.4|95 3.150 1 0 22.8|123 3.440 1 0 19.2|123 3.440 1 0 17.8|180 4.070 0 0 16.4|180 3.730 0 0 17.3|180 3.780 0 0 15.2|205 5.250 0 0 10.4|215 5.424 0 0 10.4|230 5.345 0 0 14.7|66 2.200 1 1 32.4|52 1.615 1 1 30.4|65 1.835 1 1 33.9|97 2.465 1 0 21.5|150 3.520 0 0 15.5|150 3.435 0 0 15.2|245 3.840 0 0 13.3|175 3.845 0 0 19.2|66 1.935 1 1 27.3|91 2.140 0 1 26.0|113 1.513 1 1 30.4|264 3.170 0 1 15.8|175 2.770 0 1 19.7|335 3.570 0 1 15.0|109 2.780 1 1 21.4`
  .split("|").map((r) => r.split(" ").map(Number)).map(([hp, wt, vs, am, mpg]) => ({ hp, wt, vs, am, mpg }));

test("logistic regression reproduces R's glm(family = binomial) on mtcars, as textbooks print it", () => {
  // glm(am ~ hp + wt): (Intercept) 18.86630, hp 0.03626, wt -8.08348.
  const fit = fitLogistic(MTCARS.map((c) => [c.hp, c.wt]), MTCARS.map((c) => c.am));
  expect(fit.intercept).toBeCloseTo(18.8663, 3);
  expect(fit.weights[0]).toBeCloseTo(0.03626, 4);
  expect(fit.weights[1]).toBeCloseTo(-8.08348, 3);
  // glm(vs ~ mpg): (Intercept) -8.8331, mpg 0.4304.
  const vs = fitLogistic(MTCARS.map((c) => [c.mpg]), MTCARS.map((c) => c.vs));
  expect(vs.intercept).toBeCloseTo(-8.8331, 3);
  expect(vs.weights[0]).toBeCloseTo(0.4304, 3);
  // At the mean-free point where z = 0 the probability is one half.
  expect(logisticProbability({ intercept: -8.8331, weights: [0.4304] }, [8.8331 / 0.4304])).toBeCloseTo(0.5, 6);
});

test("a penalty shrinks the weights towards zero, never the intercept", () => {
  const plain = fitLogistic(MTCARS.map((c) => [c.mpg]), MTCARS.map((c) => c.vs));
  const penalised = fitLogistic(MTCARS.map((c) => [c.mpg]), MTCARS.map((c) => c.vs), 10);
  expect(Math.abs(penalised.weights[0])).toBeLessThan(Math.abs(plain.weights[0]));
  // With an overwhelming penalty the weight is ~0 and the intercept is the log-odds of the base rate (14 of 32 cars have vs = 1).
  const flat = fitLogistic(MTCARS.map((c) => [c.mpg]), MTCARS.map((c) => c.vs), 1e9);
  expect(flat.intercept).toBeCloseTo(Math.log(14 / 18), 4);
});

test("isotonic regression pools adjacent violators (worked by hand)", () => {
  // Scores 1..6 with outcomes 0 1 0 1 1 0: the pairs (1,0)|(2,1),(3,0)|(4,1),(5,1),(6,0) pool to 0, ½, ⅔.
  const fit = fitIsotonic([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0]);
  expect(fit).toEqual({ from: [1, 2, 4], value: [0, 0.5, 2 / 3] });
  expect(isotonicValue(fit, 0.5)).toBe(0);     // below the first score: the first step
  expect(isotonicValue(fit, 3.9)).toBe(0.5);
  expect(isotonicValue(fit, 100)).toBe(2 / 3);
  // Ties are one score: (1: 0 and 1) → ½; order of input does not matter.
  expect(fitIsotonic([2, 1, 1], [1, 1, 0])).toEqual({ from: [1, 2], value: [0.5, 1] });
});
