import { expect, test } from "bun:test";
import { choiceProbabilities, fitConditionalLogit, fitIsotonic, isotonicValue } from "./learning.ts";

// R's mtcars (Henderson & Velleman 1981, from Motor Trend 1974): hp, wt (1000 lb), vs, am, mpg for the 32 cars.
const MTCARS = `110 2.620 0 1 21.0|110 2.875 0 1 21.0|93 2.320 1 1 22.8|110 3.215 1 0 21.4|175 3.440 0 0 18.7|105 3.460 1 0 18.1|245 3.570 0 0 14.3|62 3.190 1 0 24.4|95 3.150 1 0 22.8|123 3.440 1 0 19.2|123 3.440 1 0 17.8|180 4.070 0 0 16.4|180 3.730 0 0 17.3|180 3.780 0 0 15.2|205 5.250 0 0 10.4|215 5.424 0 0 10.4|230 5.345 0 0 14.7|66 2.200 1 1 32.4|52 1.615 1 1 30.4|65 1.835 1 1 33.9|97 2.465 1 0 21.5|150 3.520 0 0 15.5|150 3.435 0 0 15.2|245 3.840 0 0 13.3|175 3.845 0 0 19.2|66 1.935 1 1 27.3|91 2.140 0 1 26.0|113 1.513 1 1 30.4|264 3.170 0 1 15.8|175 2.770 0 1 19.7|335 3.570 0 1 15.0|109 2.780 1 1 21.4`
  .split("|").map((r) => r.split(" ").map(Number)).map(([hp, wt, vs, am, mpg]) => ({ hp, wt, vs, am, mpg }));

test("conditional logit reproduces R: glm(family = poisson) with one intercept per choice set", () => {
  // The conditional logit's likelihood equals a Poisson model's with a free intercept per set, so R's
  //   glm(y ~ hp + wt + factor(set), family = poisson)
  // on mtcars (hp/100, wt), the 32 cars in eight sets of four, the first car chosen in set 1, the second in set 2 …
  // prints hp -2.440417070, wt 1.910099756.
  const x = MTCARS.map((c) => [c.hp / 100, c.wt]);
  const y = MTCARS.map((_, i) => (i % 4 === Math.floor(i / 4) % 4 ? 1 : 0));
  const fit = fitConditionalLogit(x, y, [0, 4, 8, 12, 16, 20, 24, 28, 32]);
  expect(fit.weights[0]).toBeCloseTo(-2.440417070, 6);
  expect(fit.weights[1]).toBeCloseTo(1.910099756, 6);
  expect(fit.intercept).toBe(0);
});

test("conditional logit worked by hand: two of three sets choose the candidate with the feature", () => {
  // Sets {x=1, x=0}; the x=1 candidate is chosen twice, the other once. The likelihood (e^b/(1+e^b))²·(1/(1+e^b)) is
  // largest where e^b/(1+e^b) = 2/3, so b = ln 2. Sets where all or none are right carry no information.
  const fit = fitConditionalLogit([[1], [0], [1], [0], [1], [0], [1], [0], [1]], [1, 0, 1, 0, 0, 1, 0, 0, 1], [0, 2, 4, 6, 8, 9]);
  expect(fit.weights[0]).toBeCloseTo(Math.log(2), 8);
  // The shares within a set: 2/3 and 1/3.
  const p = choiceProbabilities(fit.weights, [[1], [0]], 0, 2);
  expect(p[0]).toBeCloseTo(2 / 3, 8);
  expect(p[1]).toBeCloseTo(1 / 3, 8);
});

test("a penalty shrinks the weights towards zero", () => {
  const x = MTCARS.map((c) => [c.hp / 100, c.wt]);
  const y = MTCARS.map((_, i) => (i % 4 === Math.floor(i / 4) % 4 ? 1 : 0));
  const starts = [0, 4, 8, 12, 16, 20, 24, 28, 32];
  const plain = fitConditionalLogit(x, y, starts), penalised = fitConditionalLogit(x, y, starts, { l2: 1 });
  expect(Math.abs(penalised.weights[0])).toBeLessThan(Math.abs(plain.weights[0]));
  expect(Math.abs(fitConditionalLogit(x, y, starts, { l2: 1e9 }).weights[1])).toBeLessThan(1e-6);
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

test("a set counted twice weighs as much as the same set given twice", () => {
  const x = MTCARS.map((c) => [c.hp / 100, c.wt]);
  const y = MTCARS.map((_, i) => (i % 4 === Math.floor(i / 4) % 4 ? 1 : 0));
  const starts = [0, 4, 8, 12, 16, 20, 24, 28, 32];
  // Set 3 (cars 8–11) repeated at the end, against the same data with set 3 weighted 2.
  const repeated = fitConditionalLogit([...x, ...x.slice(8, 12)], [...y, ...y.slice(8, 12)], [...starts, 36]);
  const weighted = fitConditionalLogit(x, y, starts, { setWeight: [1, 1, 2, 1, 1, 1, 1, 1] });
  expect(weighted.weights[0]).toBeCloseTo(repeated.weights[0], 8);
  expect(weighted.weights[1]).toBeCloseTo(repeated.weights[1], 8);
});

test("isotonic steps on fewer than the minimum join the neighbour nearer in value (worked by hand)", () => {
  // Scores 1..8, outcomes 0 0 0 1 1 1 1 1: PAV gives two steps, 0 (three titles) and 1 (five). With at least four
  // per step the first joins the second: one step, 5/8. With at least three both stand.
  const x = [1, 2, 3, 4, 5, 6, 7, 8], y = [0, 0, 0, 1, 1, 1, 1, 1];
  expect(fitIsotonic(x, y, 3)).toEqual({ from: [1, 4], value: [0, 1] });
  expect(fitIsotonic(x, y, 4)).toEqual({ from: [1], value: [5 / 8] });
  // Outcomes 0 0 0 1 1 0 1 1 pool to 0 (scores 1–3), ⅔ (4–6: 1 1 0) and 1 (7–8, two titles). With at least three
  // per step the last joins its only neighbour: (2 + 2) / 5 = 0.8.
  const z = fitIsotonic([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 1, 1, 0, 1, 1], 3);
  expect(z).toEqual({ from: [1, 4], value: [0, 0.8] });
});
