// The two fits behind the title ranker: an L2-penalised conditional logit (Newton's method; linear algebra by
// ml-matrix) and isotonic regression by the pool-adjacent-violators algorithm, to turn the logit's choice
// probability into a calibrated probability.
// Both are deterministic: no random start, no sampling.
import { Matrix, solve } from "ml-matrix";

/** A conditional logit's weights (its intercept is 0: it cancels within a title's candidates). */
export interface LogisticFit { weights: number[]; intercept: number; iterations: number }

/** A non-decreasing step function: at score x, the value of the last step whose start is ≤ x (the first below). */
export interface IsotonicFit { from: number[]; value: number[] }

/**
 * Least-squares non-decreasing fit of y (0/1) on score x: pool adjacent violators over the sorted scores. Then every
 * step holding fewer than `minBlock` observations joins its neighbour nearer in value (the merged value lies between
 * the two, so the fit stays non-decreasing): a step of three titles says 0 or 1, which no title deserves.
 */
export function fitIsotonic(x: readonly number[], y: readonly number[], minBlock = 1): IsotonicFit {
  const order = x.map((_, i) => i).sort((a, b) => x[a] - x[b] || a - b);
  const blocks: { from: number; sum: number; n: number }[] = [];
  for (const i of order) {
    // Equal scores pool first: one score, one probability.
    const last = blocks.at(-1);
    if (last && last.from === x[i]) { last.sum += y[i]; last.n++; } else blocks.push({ from: x[i], sum: y[i], n: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.sum / blocks.at(-2)!.n >= blocks.at(-1)!.sum / blocks.at(-1)!.n) {
      const top = blocks.pop()!, below = blocks.at(-1)!;
      below.sum += top.sum; below.n += top.n;
    }
  }
  const mean = (b: { sum: number; n: number }) => b.sum / b.n;
  for (;;) {
    const small = blocks.findIndex((b) => b.n < minBlock);
    if (small < 0 || blocks.length < 2) break;
    const before = blocks[small - 1], after = blocks[small + 1];
    const into = !after || (before && mean(blocks[small]) - mean(before) <= mean(after) - mean(blocks[small])) ? small - 1 : small;
    const [a, b] = [blocks[into], blocks[into + 1]];
    blocks.splice(into, 2, { from: a.from, sum: a.sum + b.sum, n: a.n + b.n });
  }
  return { from: blocks.map((b) => b.from), value: blocks.map(mean) };
}

export function isotonicValue(fit: IsotonicFit, x: number): number {
  let lo = 0, hi = fit.from.length - 1;
  if (hi < 0) return x;
  if (x < fit.from[0]) return fit.value[0];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fit.from[mid] <= x) lo = mid; else hi = mid - 1;
  }
  return fit.value[lo];
}

/**
 * Conditional (multinomial) logit over choice sets: each set is a title's candidates, rows `start[s]` to
 * `start[s + 1]` of x; the model says P(candidate j) = exp(β·x_j) / Σ_set exp(β·x), and the fit maximises the
 * log probability of the set's right candidates (y = 1; a set with several counts them as one outcome) less `l2`·Σβ².
 * It learns which candidate beats the others of the same title, not how good a candidate is across titles, which
 * is what ranking needs. No intercept (it cancels). Newton steps on the expected information (exact when one
 * candidate is right); sets without a right candidate, or with only right ones, carry no information and are skipped.
 */
export interface ConditionalLogitOptions {
  l2?: number;
  /** A fit to begin from (a fit on similar sets converges in fewer steps to the same optimum). */
  from?: LogisticFit;
  /** Per set, how much it counts (default 1 each). */
  setWeight?: readonly number[];
  maxIterations?: number;
}

export function fitConditionalLogit(x: readonly ArrayLike<number>[], y: readonly number[], start: readonly number[], options: ConditionalLogitOptions = {}): LogisticFit {
  const { l2 = 0, from, setWeight, maxIterations = 50 } = options;
  const k = x[0]?.length ?? 0;
  let beta = from ? [...from.weights] : new Array<number>(k).fill(0);
  const h = new Float64Array(k * k), g = new Float64Array(k), mean = new Float64Array(k), meanRight = new Float64Array(k);
  for (let it = 1; it <= maxIterations; it++) {
    h.fill(0); g.fill(0);
    for (let s = 0; s + 1 < start.length; s++) {
      const lo = start[s], hi = start[s + 1];
      const p = choiceProbabilities(beta, x, lo, hi);
      let right = 0, positives = 0;
      for (let i = lo; i < hi; i++) { right += y[i] * p[i - lo]; positives += y[i]; }
      if (positives === 0 || positives === hi - lo) continue;
      const weight = setWeight?.[s] ?? 1;
      mean.fill(0); meanRight.fill(0);
      for (let i = lo; i < hi; i++) {
        // q: the right candidates' share of the right probability (equal shares if it underflowed to 0).
        const xi = x[i], pi = p[i - lo], qi = right > 0 ? (y[i] * pi) / right : y[i] / positives;
        for (let a = 0; a < k; a++) {
          const xa = xi[a];
          if (xa === 0) continue;
          mean[a] += pi * xa; meanRight[a] += qi * xa;
          const wa = weight * pi * xa;
          for (let b = a; b < k; b++) h[a * k + b] += wa * xi[b];
        }
      }
      for (let a = 0; a < k; a++) {
        g[a] += weight * (meanRight[a] - mean[a]);
        if (mean[a] === 0) continue;
        for (let b = a; b < k; b++) h[a * k + b] -= weight * mean[a] * mean[b];
      }
    }
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) h[a * k + b] = h[b * k + a];
      h[a * k + a] += 2 * l2; g[a] -= 2 * l2 * beta[a];
    }
    const information = new Matrix(Array.from({ length: k }, (_, a) => Array.from(h.subarray(a * k, a * k + k))));
    const step = solve(information, Matrix.columnVector(Array.from(g))).to1DArray();
    // A step of more than MAX_STEP in any weight is shortened to it: far from the optimum the quadratic model overshoots.
    const longest = Math.max(...step.map(Math.abs));
    const scale = longest > MAX_STEP ? MAX_STEP / longest : 1;
    beta = beta.map((b, j) => b + scale * step[j]);
    if (longest < 1e-8) return { intercept: 0, weights: beta, iterations: it };
  }
  return { intercept: 0, weights: beta, iterations: maxIterations };
}

const MAX_STEP = 2;

/** The choice probabilities of rows lo..hi-1 under weights `beta` (softmax of β·x, computed stably). */
export function choiceProbabilities(beta: ArrayLike<number>, x: readonly ArrayLike<number>[], lo: number, hi: number): Float64Array {
  const z = new Float64Array(hi - lo);
  let max = -Infinity;
  for (let i = lo; i < hi; i++) {
    let v = 0;
    for (let j = 0; j < beta.length; j++) v += beta[j] * x[i][j];
    z[i - lo] = v;
    if (v > max) max = v;
  }
  let sum = 0;
  for (let i = 0; i < z.length; i++) sum += (z[i] = Math.exp(z[i] - max));
  for (let i = 0; i < z.length; i++) z[i] /= sum;
  return z;
}
