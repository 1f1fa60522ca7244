import { expect, test } from "bun:test";
import { binRows, boostConditionalLogit, ensembleValue, packedEnsemble } from "./boosting.ts";

test("bins: a feature with few values is cut at the midpoints between them", () => {
  const binned = binRows([[0], [1], [1], [3]]);
  expect(Array.from(binned.cuts[0])).toEqual([0.5, 2]);
  expect(Array.from(binned.codes)).toEqual([0, 1, 1, 2]);
});

// One title, two candidates (x = 0 wrong, x = 1 right), utilities 0: each candidate and the outside option have
// probability 1/3. Gradients q − p: −1/3 and 1 − 1/3 = 2/3; Hessians p(1 − p) = 2/9 each. One split at x = 0.5;
// with λ = 1 and rate 1 the leaves are G/(H + λ): (−1/3)/(11/9) = −3/11 and (2/3)/(11/9) = 6/11.
test("one tree, worked by hand: the split between the wrong and the right candidate, Newton's leaves", () => {
  const base = new Float64Array(2);
  const e = boostConditionalLogit(binRows([[0], [1]]), [0, 1], [0, 2], base, {
    trees: 1,
    depth: 1,
    rate: 1,
    l2: 1,
    minHessian: 0,
  });
  expect(e.feature).toEqual([0]);
  expect(e.threshold).toEqual([0.5]);
  expect(e.leaf[0]).toBeCloseTo(-3 / 11, 12);
  expect(e.leaf[1]).toBeCloseTo(6 / 11, 12);
  expect(Array.from(base).map((v) => v.toFixed(12))).toEqual([(-3 / 11).toFixed(12), (6 / 11).toFixed(12)]);
  expect(ensembleValue(e, [0.2])).toBeCloseTo(-3 / 11, 12);
  expect(ensembleValue(e, [7])).toBeCloseTo(6 / 11, 12);
});

test("a title left out of the fit teaches nothing, and its utilities move by the trees' values all the same", () => {
  const x = [[0], [1], [0], [1]];
  const base = new Float64Array(4);
  const e = boostConditionalLogit(binRows(x), [0, 1, 1, 0], [0, 2, 4], base, {
    trees: 3,
    depth: 1,
    rate: 0.5,
    l2: 1,
    minHessian: 0,
    include: Uint8Array.from([1, 0]),
  });
  // Learnt from the first title alone: x = 1 is better, though the second title says the opposite.
  expect(ensembleValue(e, [1])).toBeGreaterThan(ensembleValue(e, [0]));
  x.forEach((row, i) => expect(base[i]).toBeCloseTo(ensembleValue(e, row), 12));
});

test("deeper trees, a sample and a left-out title: every row's utility moves by what the stored trees say of it", () => {
  // 40 titles of 6 candidates, 3 features (one with 200 distinct values, past the 32 bins), from a fixed generator.
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const x = Array.from({ length: 240 }, (_, i) => [Math.round(next() * 199), next() < 0.3 ? 1 : 0, i % 6]);
  const y = x.map((_, i) => (i % 6 === Math.floor(next() * 6) ? 1 : 0));
  const start = Array.from({ length: 41 }, (_, s) => s * 6);
  const base = new Float64Array(240);
  const e = boostConditionalLogit(binRows(x), y, start, base, {
    trees: 6,
    depth: 3,
    rate: 0.3,
    l2: 1,
    minHessian: 0.1,
    include: Uint8Array.from({ length: 40 }, (_, s) => (s % 5 === 0 ? 0 : 1)),
    sample: { below: 0.2, oneIn: 3 },
  });
  expect(e.feature.length).toBe(6 * 7);
  expect(e.leaf.length).toBe(6 * 8);
  const stored = packedEnsemble(JSON.parse(JSON.stringify(e)));
  x.forEach((row, i) => expect(base[i]).toBeCloseTo(ensembleValue(stored, row), 12));
});

test("the sample's draw: 0 is the default, another draw learns from other unlikely candidates", () => {
  // 30 titles of 8 candidates, one right each; at utilities 0 every candidate's probability is 1/9, below 0.5, so
  // every wrong one is sampled, one in 4.
  const x = Array.from({ length: 240 }, (_, i) => [i % 8, (i * 7) % 5]);
  const y = x.map((_, i) => (i % 8 === Math.floor(i / 8) % 8 ? 1 : 0));
  const start = Array.from({ length: 31 }, (_, s) => s * 8);
  const fit = (draw?: number) =>
    boostConditionalLogit(binRows(x), y, start, new Float64Array(240), {
      trees: 3,
      depth: 2,
      rate: 0.5,
      l2: 1,
      minHessian: 0,
      sample: { below: 0.5, oneIn: 4, draw },
    });
  expect(fit(0)).toEqual(fit());
  expect(fit(1).leaf).not.toEqual(fit(0).leaf);
});
