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

/** A non-decreasing step function: at score x, the value of the last step whose start is ≤ x (the first below). */
export interface IsotonicFit {
  from: number[];
  value: number[];
}

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
    if (last && last.from === x[i]) {
      last.sum += y[i];
      last.n++;
    } else blocks.push({ from: x[i], sum: y[i], n: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.sum / blocks.at(-2)!.n >= blocks.at(-1)!.sum / blocks.at(-1)!.n) {
      const top = blocks.pop()!,
        below = blocks.at(-1)!;
      below.sum += top.sum;
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
    blocks.splice(into, 2, { from: a.from, sum: a.sum + b.sum, n: a.n + b.n });
  }
  return { from: blocks.map((b) => b.from), value: blocks.map(mean) };
}

export function isotonicValue(fit: IsotonicFit, x: number): number {
  let lo = 0,
    hi = fit.from.length - 1;
  if (hi < 0) return x;
  if (x < fit.from[0]) return fit.value[0];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fit.from[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return fit.value[lo];
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
