// The two fits behind the title ranker: an L2-penalised logistic regression (Newton–Raphson, i.e. iteratively
// reweighted least squares, the method R's glm uses; linear algebra by ml-matrix) and isotonic regression by the
// pool-adjacent-violators algorithm, to turn the regression's score into a calibrated probability.
// Both are deterministic: no random start, no sampling.
import { Matrix, solve } from "ml-matrix";

export interface LogisticFit { weights: number[]; intercept: number; iterations: number }

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Maximum-likelihood logistic regression of y (0/1) on the rows of x, with penalty `l2`·Σw² on the weights (not the
 * intercept; 0 gives glm's estimate). Stops when no coefficient moves more than 1e-8 in an iteration. `start`: a
 * fit to begin from (a fit on similar rows converges in fewer steps to the same optimum).
 */
export function fitLogistic(x: readonly ArrayLike<number>[], y: readonly number[], l2 = 0, start?: LogisticFit, maxIterations = 50): LogisticFit {
  const n = x.length, k = (x[0]?.length ?? 0) + 1; // column 0: the intercept
  let beta = start ? [start.intercept, ...start.weights] : new Array<number>(k).fill(0);
  const row = (i: number, j: number) => (j === 0 ? 1 : x[i][j - 1]);
  const h = new Float64Array(k * k), g = new Float64Array(k), xi = new Float64Array(k);
  for (let it = 1; it <= maxIterations; it++) {
    h.fill(0); g.fill(0);
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (let j = 0; j < k; j++) z += beta[j] * (xi[j] = row(i, j));
      const p = sigmoid(z), w = Math.max(p * (1 - p), 1e-10), r = y[i] - p;
      for (let a = 0; a < k; a++) {
        const xa = xi[a];
        if (xa === 0) continue; // most features of a candidate are indicators, mostly 0
        g[a] += xa * r;
        const wa = w * xa;
        for (let b = a; b < k; b++) h[a * k + b] += wa * xi[b];
      }
    }
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) h[a * k + b] = h[b * k + a];
      if (a > 0) { h[a * k + a] += 2 * l2; g[a] -= 2 * l2 * beta[a]; }
    }
    const hessian = new Matrix(Array.from({ length: k }, (_, a) => Array.from(h.subarray(a * k, a * k + k))));
    const gradient = Matrix.columnVector(Array.from(g));
    const step = solve(hessian, gradient).to1DArray();
    beta = beta.map((b, j) => b + step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) return { intercept: beta[0], weights: beta.slice(1), iterations: it };
  }
  return { intercept: beta[0], weights: beta.slice(1), iterations: maxIterations };
}

export const logisticProbability = (fit: Pick<LogisticFit, "weights" | "intercept">, features: ArrayLike<number>) => {
  let z = fit.intercept;
  for (let j = 0; j < fit.weights.length; j++) z += fit.weights[j] * features[j];
  return sigmoid(z);
};

/** A non-decreasing step function: at score x, the value of the last step whose start is ≤ x (the first below). */
export interface IsotonicFit { from: number[]; value: number[] }

/** Least-squares non-decreasing fit of y (0/1) on score x: pool adjacent violators over the sorted scores. */
export function fitIsotonic(x: readonly number[], y: readonly number[]): IsotonicFit {
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
  return { from: blocks.map((b) => b.from), value: blocks.map((b) => b.sum / b.n) };
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
