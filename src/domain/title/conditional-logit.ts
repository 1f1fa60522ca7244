// The L2-penalised conditional logit behind the title ranker, fitted by Newton's method (linear algebra by
// ml-matrix) at snapshot build time; the service only scores with the fit (learning.ts). Deterministic.
import { Matrix, solve } from "ml-matrix";
import { choiceShares, type LogisticFit } from "./learning.ts";

export interface ConditionalLogitOptions {
  l2?: number;
  /** A fit to begin from (a fit on similar sets converges in fewer steps to the same optimum). */
  from?: LogisticFit;
  /** Per set, how much it counts (default 1 each). */
  setWeight?: readonly number[];
  maxIterations?: number;
}

/**
 * Conditional (multinomial) logit over choice sets with an outside option: each set is a title's candidates, rows
 * `start[s]` to `start[s + 1]` of x; candidate j's utility is v_j = α + β·x_j and the outside option's ("none of
 * them is right") is 0, so P(j) = exp(v_j) / (1 + Σ_set exp(v)). The fit maximises the log probability of each
 * set's outcome (its right candidates, several counting as one; the outside option when none is right) less
 * `l2`·Σβ² (not α). It learns which candidate beats the others of the same title, which is what ranking needs, and
 * through the outside option how likely any of them is at all: a title whose candidates are all poor gives each a
 * small probability, not the largest share of little. Newton steps on the expected information (exact when at most
 * one candidate is right).
 */
export function fitConditionalLogit(
  x: readonly ArrayLike<number>[],
  y: readonly number[],
  start: readonly number[],
  options: ConditionalLogitOptions = {},
): LogisticFit {
  const { l2 = 0, from, setWeight, maxIterations = 50 } = options;
  const k = (x[0]?.length ?? 0) + 1; // column 0: α
  let beta = from ? [from.intercept, ...from.weights] : new Array<number>(k).fill(0);
  // Rows copied once into typed arrays, their non-zero values only (column 0 the intercept's 1): most features of
  // a candidate are indicators, mostly 0, and the information's sums then skip them (the same sums, as a zero term
  // adds nothing). One kind of array also keeps the loop below compiled (over the rows as given it fell to a slower
  // tier after a few steps).
  const rows = sparseRows(x);
  const outcome = Float64Array.from(y),
    weights = Float64Array.from({ length: start.length - 1 }, (_, s) => setWeight?.[s] ?? 1);
  const h = new Float64Array(k * k),
    g = new Float64Array(k);
  for (let it = 1; it <= maxIterations; it++) {
    newtonSums(rows, k, outcome, start, weights, Float64Array.from(beta), h, g);
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) h[a * k + b] = h[b * k + a];
      if (a > 0) {
        h[a * k + a] += 2 * l2;
        g[a] -= 2 * l2 * beta[a];
      }
    }
    const information = new Matrix(Array.from({ length: k }, (_, a) => Array.from(h.subarray(a * k, a * k + k))));
    const step = solve(information, Matrix.columnVector(Array.from(g))).to1DArray();
    // A step of more than MAX_STEP in any weight is shortened to it: far from the optimum the quadratic model overshoots.
    const longest = Math.max(...step.map(Math.abs));
    const scale = longest > MAX_STEP ? MAX_STEP / longest : 1;
    beta = beta.map((b, j) => b + scale * step[j]);
    if (longest < TOLERANCE) return { intercept: beta[0], weights: beta.slice(1), iterations: it };
  }
  return { intercept: beta[0], weights: beta.slice(1), iterations: maxIterations };
}

/** Rows as their non-zero values: row i's are `value[at]` in column `column[at]`, at from `start[i]` to `start[i + 1]`. */
interface SparseRows {
  start: Int32Array;
  column: Int32Array;
  value: Float64Array;
}

function sparseRows(x: readonly ArrayLike<number>[]): SparseRows {
  const start = new Int32Array(x.length + 1);
  x.forEach((row, i) => {
    let n = 1; // the intercept's
    for (let a = 0; a < row.length; a++) if (row[a] !== 0) n++;
    start[i + 1] = start[i] + n;
  });
  const column = new Int32Array(start[x.length]),
    value = new Float64Array(start[x.length]);
  x.forEach((row, i) => {
    let at = start[i];
    value[at++] = 1;
    for (let a = 0; a < row.length; a++)
      if (row[a] !== 0) {
        column[at] = a + 1;
        value[at++] = row[a];
      }
  });
  return { start, column, value };
}

/**
 * The log likelihood's gradient g and information h (upper triangle) at β, summed over the choice sets; column 0 of
 * the rows is the intercept's 1.
 */
function newtonSums(
  rows: SparseRows,
  k: number,
  y: Float64Array,
  start: readonly number[],
  setWeight: Float64Array,
  beta: Float64Array,
  h: Float64Array,
  g: Float64Array,
) {
  h.fill(0);
  g.fill(0);
  const { start: rowStart, column, value } = rows;
  const mean = new Float64Array(k),
    meanRight = new Float64Array(k);
  let utility = new Float64Array(64);
  for (let s = 0; s + 1 < start.length; s++) {
    const lo = start[s],
      hi = start[s + 1];
    if (hi === lo) continue;
    if (utility.length < hi - lo) utility = new Float64Array(hi - lo);
    for (let i = lo; i < hi; i++) {
      let v = 0;
      for (let at = rowStart[i]; at < rowStart[i + 1]; at++) v += beta[column[at]] * value[at];
      utility[i - lo] = v;
    }
    const p = choiceShares(utility, 0, hi - lo);
    let right = 0,
      positives = 0;
    for (let i = lo; i < hi; i++) {
      right += y[i] * p[i - lo];
      positives += y[i];
    }
    const weight = setWeight[s];
    mean.fill(0);
    meanRight.fill(0);
    for (let i = lo; i < hi; i++) {
      // q: the right candidates' share of the right probability (equal shares if it underflowed to 0); none when
      // the outside option is the outcome.
      const pi = p[i - lo],
        qi = positives === 0 ? 0 : right > 0 ? (y[i] * pi) / right : y[i] / positives,
        end = rowStart[i + 1];
      for (let at = rowStart[i]; at < end; at++) {
        const a = column[at],
          xa = value[at];
        mean[a] += pi * xa;
        meanRight[a] += qi * xa;
        const wa = weight * pi * xa;
        for (let bt = at; bt < end; bt++) h[a * k + column[bt]] += wa * value[bt];
      }
    }
    for (let a = 0; a < k; a++) {
      g[a] += weight * (meanRight[a] - mean[a]);
      if (mean[a] === 0) continue;
      for (let b = a; b < k; b++) h[a * k + b] -= weight * mean[a] * mean[b];
    }
  }
}

const MAX_STEP = 2;
// Converged when no weight moves by a millionth: Newton's next step would move them by about its square.
const TOLERANCE = 1e-6;
