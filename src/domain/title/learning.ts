// What the title ranker computes when it answers: a conditional logit's utilities and choice shares, and the
// isotonic regression (pool-adjacent-violators) that turns them into calibrated probabilities. The logit's fit, which
// only the snapshot build runs, is in conditional-logit.ts (its linear algebra library is not loaded by the service).
// Both fits are deterministic: no random start, no sampling.

/** A conditional logit's weights and intercept (the utility of a candidate against the outside option's 0). */
export interface LogisticFit {
  weights: number[];
  intercept: number;
  iterations: number;
}

/**
 * A non-decreasing fit in steps: each step's observations average score `at` and are right with share `value`. At score x the value is read on the line through the steps' centres (`at`, `value`), level
 * before the first centre and after the last (our choice: scikit-learn's IsotonicRegression is level within a step
 * and slopes between its ends), so a score a little past a step's start is not a jump of the whole step's worth.
 */
export interface IsotonicFit {
  at: number[];
  value: number[];
  /** How many observations each step rests on. */
  n: number[];
}

/**
 * Least-squares non-decreasing fit of y (0/1) on score x: pool adjacent violators over the sorted scores. Then every
 * step holding fewer than `minBlock` observations joins its neighbour nearer in value (the merged value lies between
 * the two, so the fit stays non-decreasing): a step of three titles says 0 or 1, which no title deserves.
 */
export function fitIsotonic(x: readonly number[], y: readonly number[], minBlock = 1): IsotonicFit {
  const order = x.map((_, i) => i).sort((a, b) => x[a] - x[b] || a - b);
  // `to`: a block's highest score (a block pooled with a lower one keeps its scores, so an equal score joins it).
  const blocks: { to: number; sum: number; sumX: number; n: number }[] = [];
  for (const i of order) {
    // Equal scores pool first: one score, one probability.
    const last = blocks.at(-1);
    if (last && last.to === x[i]) {
      last.sum += y[i];
      last.sumX += x[i];
      last.n++;
    } else blocks.push({ to: x[i], sum: y[i], sumX: x[i], n: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.sum / blocks.at(-2)!.n >= blocks.at(-1)!.sum / blocks.at(-1)!.n) {
      const top = blocks.pop()!,
        below = blocks.at(-1)!;
      below.to = top.to;
      below.sum += top.sum;
      below.sumX += top.sumX;
      below.n += top.n;
    }
  }
  const mean = (b: { sum: number; n: number }) => b.sum / b.n;
  for (;;) {
    const small = blocks.findIndex((b) => b.n < minBlock);
    if (small < 0 || blocks.length < 2) break;
    const before = blocks[small - 1],
      after = blocks[small + 1];
    const into =
      !after || (before && mean(blocks[small]) - mean(before) <= mean(after) - mean(blocks[small])) ? small - 1 : small;
    const [a, b] = [blocks[into], blocks[into + 1]];
    blocks.splice(into, 2, { to: b.to, sum: a.sum + b.sum, sumX: a.sumX + b.sumX, n: a.n + b.n });
  }
  return {
    at: blocks.map((b) => b.sumX / b.n),
    value: blocks.map(mean),
    n: blocks.map((b) => b.n),
  };
}

/**
 * The fit's steps as the probability a title there deserves: each step's right answers with one right and one wrong
 * added (Laplace's rule of succession), so no step says 0 or 1 however many it rests on (a step of 300 titles all
 * right says 301/302, not certainty); then no step lower than the one before it (a small step moves more).
 */
export function withSuccessionRule(fit: IsotonicFit): IsotonicFit {
  const value: number[] = [];
  fit.value.forEach((v, i) => {
    const shrunk = (v * fit.n[i] + 1) / (fit.n[i] + 2);
    value.push(i > 0 ? Math.max(shrunk, value[i - 1]) : shrunk);
  });
  return { ...fit, value };
}

const logitOf = (v: number) => {
  const c = Math.min(1 - 1e-6, Math.max(1e-6, v));
  return Math.log(c / (1 - c));
};

/**
 * Platt scaling's two parameters: P(right) = σ(a + b·logit(x)), fitted by Newton's method from a = b = 0
 * (deterministic) with Platt's targets (a right answer counts (R + 1) / (R + 2), a wrong one 1 / (W + 2), for R
 * right and W wrong: no score is fitted to certainty).
 */
export function plattCoefficients(x: readonly number[], y: readonly number[]): { a: number; b: number } {
  const z = x.map(logitOf);
  const right = y.reduce((s, v) => s + v, 0);
  const hi = (right + 1) / (right + 2),
    lo = 1 / (y.length - right + 2);
  let a = 0,
    b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0,
      gb = 0,
      haa = 0,
      hab = 0,
      hbb = 0;
    for (let i = 0; i < z.length; i++) {
      const p = 1 / (1 + Math.exp(-(a + b * z[i])));
      const w = p * (1 - p),
        r = (y[i] ? hi : lo) - p;
      ga += r;
      gb += r * z[i];
      haa += w;
      hab += w * z[i];
      hbb += w * z[i] * z[i];
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 1e-12)) break;
    const da = (hbb * ga - hab * gb) / det,
      db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-12) break;
  }
  return { a, b };
}

/**
 * Platt scaling (plattCoefficients) written as a curve through `points` scores at quantiles of x, read as an
 * isotonic fit's step centres are (isotonicValue), so the service reads one kind of curve. Two parameters are
 * steady where an isotonic fit of a few hundred titles moves with every retrain.
 */
export function fitPlatt(x: readonly number[], y: readonly number[], points = 64): IsotonicFit {
  const { a, b } = plattCoefficients(x, y);
  const sorted = [...x].sort((p, q) => p - q);
  const at = [
    ...new Set(
      Array.from({ length: points }, (_, k) => sorted[Math.round((k * (sorted.length - 1)) / Math.max(1, points - 1))]),
    ),
  ].filter((v) => v !== undefined);
  // How many scores each point stands for: those above the point before it, up to it.
  const n = at.map((v, k) => sorted.filter((s) => s <= v && (k === 0 || s > at[k - 1])).length);
  return { at, value: at.map((v) => 1 / (1 + Math.exp(-(a + b * logitOf(v))))), n };
}

/** The fit's value at score x: on the line between the two step centres around x (level outside them). */
export function isotonicValue(fit: IsotonicFit, x: number): number {
  const { at, value } = fit;
  const last = at.length - 1;
  if (last < 0) return x;
  if (x <= at[0]) return value[0];
  if (x >= at[last]) return value[last];
  let lo = 0,
    hi = last; // at[lo] < x < at[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (at[mid] <= x) lo = mid;
    else hi = mid;
  }
  return value[lo] + ((value[hi] - value[lo]) * (x - at[lo])) / (at[hi] - at[lo]);
}

const NEGLIGIBLE = 35;

/** A candidate's utility under the logit: α + β·x. */
export function linearUtility(fit: Pick<LogisticFit, "intercept" | "weights">, x: ArrayLike<number>): number {
  let v = fit.intercept;
  for (let j = 0; j < fit.weights.length; j++) v += fit.weights[j] * x[j];
  return v;
}

/**
 * Utilities z[lo..hi-1] → their choice probabilities beside the outside option's utility 0 (a new array), computed
 * stably. A share below e^−35 (6·10^−16 of the largest) is 0: it changes no answer, and kept, its products would
 * turn into subnormal floats, which processors handle slowly.
 */
export function choiceShares(z: ArrayLike<number>, lo: number, hi: number): Float64Array {
  const out = new Float64Array(hi - lo);
  let max = 0; // the outside option's utility
  for (let i = lo; i < hi; i++) if (z[i] > max) max = z[i];
  let sum = -max < -NEGLIGIBLE ? 0 : Math.exp(-max);
  for (let i = lo; i < hi; i++) sum += out[i - lo] = z[i] - max < -NEGLIGIBLE ? 0 : Math.exp(z[i] - max);
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}
