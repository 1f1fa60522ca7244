import { expect, test } from "bun:test";
import {
  choiceShares,
  fitIsotonic,
  fitPlatt,
  isotonicValue,
  linearUtility,
  plattCoefficients,
  withSuccessionRule,
} from "./learning.ts";
import { whenInstalled } from "../../../test/support/requires.ts";
import { fitConditionalLogit } from "./conditional-logit.ts";

// R's mtcars (Henderson & Velleman 1981, from Motor Trend 1974): hp, wt (1000 lb), vs, am, mpg for the 32 cars.
const MTCARS =
  `110 2.620 0 1 21.0|110 2.875 0 1 21.0|93 2.320 1 1 22.8|110 3.215 1 0 21.4|175 3.440 0 0 18.7|105 3.460 1 0 18.1|245 3.570 0 0 14.3|62 3.190 1 0 24.4|95 3.150 1 0 22.8|123 3.440 1 0 19.2|123 3.440 1 0 17.8|180 4.070 0 0 16.4|180 3.730 0 0 17.3|180 3.780 0 0 15.2|205 5.250 0 0 10.4|215 5.424 0 0 10.4|230 5.345 0 0 14.7|66 2.200 1 1 32.4|52 1.615 1 1 30.4|65 1.835 1 1 33.9|97 2.465 1 0 21.5|150 3.520 0 0 15.5|150 3.435 0 0 15.2|245 3.840 0 0 13.3|175 3.845 0 0 19.2|66 1.935 1 1 27.3|91 2.140 0 1 26.0|113 1.513 1 1 30.4|264 3.170 0 1 15.8|175 2.770 0 1 19.7|335 3.570 0 1 15.0|109 2.780 1 1 21.4`
    .split("|")
    .map((r) => r.split(" ").map(Number))
    .map(([hp, wt, vs, am, mpg]) => ({ hp, wt, vs, am, mpg }));

// mtcars (hp/100, wt), the 32 cars in eight sets of four; chosen: car 1 of set 1, car 2 of set 2, car 3 of set 3,
// car 4 of set 4, none of set 5, car 2 of set 6, none of set 7, car 4 of set 8.
const CHOSEN = [0, 1, 2, 3, -1, 1, -1, 3];
const carRows = () => MTCARS.map((c) => [c.hp / 100, c.wt]);
const chosenRows = () => MTCARS.map((_, i) => (CHOSEN[Math.floor(i / 4)] === i % 4 ? 1 : 0));
const SETS = [0, 4, 8, 12, 16, 20, 24, 28, 32];

test("conditional logit with an outside option reproduces R: glm(family = poisson) with one intercept per choice set", () => {
  // The likelihood equals a Poisson model's with a free intercept per set, the outside option a fifth row of each set
  // (inside = 0, hp = wt = 0). R: glm(y ~ inside + hp + wt + factor(set), family = poisson) prints
  // inside -2.270982916, hp -2.588457952, wt 1.703903228.
  const fit = fitConditionalLogit(carRows(), chosenRows(), SETS);
  expect(fit.intercept).toBeCloseTo(-2.270982916, 6);
  expect(fit.weights[0]).toBeCloseTo(-2.588457952, 6);
  expect(fit.weights[1]).toBeCloseTo(1.703903228, 6);
});

test("conditional logit worked by hand: one candidate per set is a logistic regression on the intercept", () => {
  // Four sets of one candidate each, chosen in three: P = e^α / (1 + e^α) = 3/4, so α = ln 3; the outside option
  // keeps the rest.
  // (The one feature is 0 throughout: a penalty keeps its weight at 0 and leaves α alone.)
  const fit = fitConditionalLogit([[0], [0], [0], [0]], [1, 1, 1, 0], [0, 1, 2, 3, 4], { l2: 1 });
  expect(fit.intercept).toBeCloseTo(Math.log(3), 8);
  const p = choiceShares([linearUtility(fit, [0])], 0, 1);
  expect(p[0]).toBeCloseTo(3 / 4, 8);
  // Two candidates sharing the same features share the probability: 3/8 each of 3/4 … at this α, e^α/(1 + 2e^α) = 3/7.
  const two = choiceShares([linearUtility(fit, [0]), linearUtility(fit, [0])], 0, 2);
  expect(two[0]).toBeCloseTo(3 / 7, 8);
  expect(two[1]).toBeCloseTo(3 / 7, 8);
});

test("a penalty shrinks the weights towards zero, not the intercept", () => {
  const plain = fitConditionalLogit(carRows(), chosenRows(), SETS),
    penalised = fitConditionalLogit(carRows(), chosenRows(), SETS, { l2: 1 });
  expect(Math.abs(penalised.weights[0])).toBeLessThan(Math.abs(plain.weights[0]));
  // With an overwhelming penalty only α is left: six of eight sets chose one of four equal candidates, 4e^α/(1 + 4e^α) = 6/8.
  const flat = fitConditionalLogit(carRows(), chosenRows(), SETS, { l2: 1e9 });
  expect(Math.abs(flat.weights[1])).toBeLessThan(1e-6);
  expect(flat.intercept).toBeCloseTo(Math.log(3 / 4), 4);
});

test("isotonic regression pools adjacent violators, read between step centres (worked by hand)", () => {
  // Scores 1..6 with outcomes 0 1 0 1 1 0: the pairs (1,0)|(2,1),(3,0)|(4,1),(5,1),(6,0) pool to 0, ½, ⅔, their
  // scores averaging 1, 2.5 and 5.
  const fit = fitIsotonic([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0]);
  expect(fit).toEqual({ at: [1, 2.5, 5], value: [0, 0.5, 2 / 3], n: [1, 2, 3] });
  expect(isotonicValue(fit, 0.5)).toBe(0); // before the first centre: level
  expect(isotonicValue(fit, 1.75)).toBeCloseTo(0.25, 12); // half way from (1, 0) to (2.5, ½)
  expect(isotonicValue(fit, 3.9)).toBeCloseTo(0.5 + (1 / 6) * (1.4 / 2.5), 12); // (2.5, ½) → (5, ⅔)
  expect(isotonicValue(fit, 5)).toBe(2 / 3);
  expect(isotonicValue(fit, 100)).toBe(2 / 3);
  // Ties are one score: (1: 0 and 1) → ½; order of input does not matter.
  expect(fitIsotonic([2, 1, 1], [1, 1, 0])).toEqual({ at: [1, 2], value: [0.5, 1], n: [2, 1] });
  // A tie after a pooling joins the pooled step: 1 (right), 2 (wrong) pool to ½; the second 2 (right) is the same
  // score, so one step of ⅔ on 3, centred at 5/3 (before, it started a step of its own at 2).
  expect(fitIsotonic([1, 2, 2], [1, 0, 1])).toEqual({ at: [5 / 3], value: [2 / 3], n: [3] });
});

test("a step resting on fewer than minBlock observations joins its neighbour nearer in value (worked by hand)", () => {
  // 0 0 0 | 1 1 0 | 1 1 pools to {1: 0, n 3}, {4: ⅔, n 3}, {7: 1, n 2}; the last has 2 < 3 and no neighbour above,
  // so it joins {4}: (2 + 2) / 5 = 0.8 on 5, its scores 4..8 averaging 6.
  const fit = fitIsotonic([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 1, 1, 0, 1, 1], 3);
  expect(fit).toEqual({ at: [2, 6], value: [0, 0.8], n: [3, 5] });
  expect(fitIsotonic([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 1, 1, 0, 1, 1]).value).toEqual([0, 2 / 3, 1]);
  // A small step between two: scores 1..7, outcomes 0 0 0 1 0 1 1 pool to {1: 0, n 3}, {4: ½, n 2}, {6: 1, n 2}.
  // minBlock 3: {4} is ½ from both neighbours, a tie: it joins the one below ({1: ⅕, n 5}); then {6} (n 2) has no
  // step above and joins it too: {1: 3/7, n 7}, centred at 4.
  expect(fitIsotonic([1, 2, 3, 4, 5, 6, 7], [0, 0, 0, 1, 0, 1, 1], 3)).toEqual({
    at: [4],
    value: [3 / 7],
    n: [7],
  });
  // A small first step joins the one above: 0 1 0 1 pool to {1: 0, n 1}, {2: ½, n 2}, {4: 1, n 1}; with minBlock 2
  // the first joins {2} ({1: ⅓, n 3}), then the last, having none above, joins that: {1: ½, n 4}, centred at 2.5.
  expect(fitIsotonic([1, 2, 3, 4], [0, 1, 0, 1], 2)).toEqual({ at: [2.5], value: [0.5], n: [4] });
});

test("a set counted twice weighs as much as the same set given twice", () => {
  // Set 3 (cars 9–12) repeated at the end, against the same data with set 3 weighted 2.
  const x = carRows(),
    y = chosenRows();
  const repeated = fitConditionalLogit([...x, ...x.slice(8, 12)], [...y, ...y.slice(8, 12)], [...SETS, 36]);
  const weighted = fitConditionalLogit(x, y, SETS, { setWeight: [1, 1, 2, 1, 1, 1, 1, 1] });
  expect(weighted.intercept).toBeCloseTo(repeated.intercept, 8);
  expect(weighted.weights[0]).toBeCloseTo(repeated.weights[0], 8);
  expect(weighted.weights[1]).toBeCloseTo(repeated.weights[1], 8);
});

test("a calibration step says neither 0 nor 1: one right and one wrong added to each (worked by hand)", () => {
  // Steps of 2 titles (1 right) and 1 title (right): 2/4 and 2/3.
  expect(withSuccessionRule({ at: [1, 2], value: [0.5, 1], n: [2, 1] }).value).toEqual([2 / 4, 2 / 3]);
  // 0 of 20 and 20 of 20: 1/22 and 21/22.
  expect(withSuccessionRule({ at: [1, 2], value: [0, 1], n: [20, 20] }).value).toEqual([1 / 22, 21 / 22]);
  // 950 of 1,000 then 21 of 22: 951/1002 and 22/24 = 0.917, which may not fall below the step before it.
  expect(withSuccessionRule({ at: [1, 2], value: [0.95, 21 / 22], n: [1000, 22] }).value).toEqual([
    951 / 1002,
    951 / 1002,
  ]);
});

// R is installed by .ci/run; without it this test is skipped locally and fails in CI, like the other tests of Debian tools.
const withR = whenInstalled(test, !!Bun.which("Rscript"), "r-base-core (R)");

withR("Platt scaling reproduces R: glm on Platt's targets (quasibinomial), mtcars' am on wt / 6 as the score", () => {
  const x = MTCARS.map((c) => c.wt / 6),
    y = MTCARS.map((c) => c.am);
  // 13 of the 32 cars are manual (am = 1): targets 14/15 for them and 1/21 for the 19 others.
  const script =
    `x <- c(${x.join(",")}); y <- c(${y.join(",")}); t <- ifelse(y == 1, 14/15, 1/21); ` +
    `cat(sprintf("%.15g", coef(glm(t ~ qlogis(x), family = quasibinomial))), sep = ",")`;
  const r = Bun.spawnSync(["Rscript", "-e", script]);
  expect(r.exitCode).toBe(0);
  const [a, b] = r.stdout.toString().trim().split(",").map(Number);
  const fit = plattCoefficients(x, y);
  expect(fit.a).toBeCloseTo(a, 8);
  expect(fit.b).toBeCloseTo(b, 8);
  // As a curve: 32 distinct scores at most, every score counted once, each point σ(a + b·logit(x)).
  const curve = fitPlatt(x, y, 64);
  expect(curve.n.reduce((s, v) => s + v, 0)).toBe(32);
  const at = curve.at[5];
  expect(curve.value[5]).toBeCloseTo(1 / (1 + Math.exp(-(a + b * Math.log(at / (1 - at))))), 10);
});
