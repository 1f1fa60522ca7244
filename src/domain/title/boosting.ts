// Gradient-boosted regression trees on a conditional logit's gradient: the ranker's second fit (train-ranker.ts).
// The logit (learning.ts) weighs each feature once, whatever the others say; the trees add what depends on two or
// three features together (a filed-title vote counts for more in capitals, a word-vote-only candidate is good only
// when the title's head agrees). Each tree is fitted by Newton's method to the gradient of the same objective as the
// logit — the log probability of each title's outcome among its candidates and the outside option — starting from
// the logit's utilities, so a candidate's utility is α + β·x + Σ trees(x).
// Histogram splits over at most BINS bins per feature (cut between its values, or at quantiles when it has more),
// grown level by level to a fixed depth (as XGBoost's
// "hist" and LightGBM do); the smaller child's histogram is summed and the larger's is the parent's less it.
// Hand-written because no maintained JavaScript library fits trees to a grouped (per-title softmax) objective: the
// WebAssembly XGBoost port is unmaintained and the LightGBM bindings compile native code at install. Deterministic:
// a fixed sample (by a hash of the row's index), sums in a fixed order.

import { choiceShares } from "./learning.ts";

/**
 * Trees of one depth, flattened: tree t's split k (heap order, 1-based: the root 1, node k's children 2k and 2k + 1)
 * at t·(2^depth − 1) + k − 1; its leaf l (0-based: the node 2^depth + l below the last splits) at t·2^depth + l.
 */
export interface TreeEnsemble {
  depth: number;
  /** A split's feature (−1: no split worth making; every row goes left). */
  feature: ArrayLike<number>;
  /** A row goes right when its feature is ≥ this. */
  threshold: ArrayLike<number>;
  leaf: ArrayLike<number>;
}

/** An ensemble as read from JSON, held in typed arrays: scoring reads them several times faster than plain arrays. */
export function packedEnsemble(e: TreeEnsemble): TreeEnsemble {
  return {
    depth: e.depth,
    feature: Int16Array.from(e.feature),
    threshold: Float64Array.from(e.threshold),
    leaf: Float64Array.from(e.leaf),
  };
}

export interface BoostingOptions {
  trees: number;
  depth: number;
  /** Shrinkage: each tree's Newton step is scaled by it. */
  rate: number;
  /** L2 penalty on leaf values (XGBoost's λ). */
  l2: number;
  /** A child must hold at least this much Hessian (XGBoost's min_child_weight). */
  minHessian: number;
  /** Per set, how much it counts (default 1). */
  setWeight?: readonly number[];
  /** Per set, whether the fit learns from it (default all): the others are scored, not learned from. */
  include?: Uint8Array;
  /**
   * Learn from the candidates that matter and a sample of the rest (after LightGBM's gradient-based one-side
   * sampling, with a fixed sample): a wrong candidate whose starting probability is below `below` is learned from
   * only if it is one of `oneIn`, counting `oneIn` times. Such candidates have gradients near 0; most rows are.
   * `draw` picks another fixed sample (default 0, the served model's): how much the model moves with the draw alone
   * is the evaluation's noise floor (scripts/eval/titles.ts --draws).
   */
  sample?: { below: number; oneIn: number; draw?: number };
}

const BINS = 32;

/** Each feature cut at up to BINS − 1 values (its distinct values' midpoints, or quantiles), rows coded by bin. */
export interface BinnedRows {
  features: number;
  rows: number;
  cuts: Float64Array[];
  /** Row-major: row i's bin of feature f at i·features + f. */
  codes: Uint8Array;
}

export function binRows(x: readonly ArrayLike<number>[]): BinnedRows {
  const rows = x.length,
    features = x[0]?.length ?? 0;
  const codes = new Uint8Array(rows * features);
  const cuts: Float64Array[] = [];
  const column = new Float64Array(rows);
  for (let f = 0; f < features; f++) {
    for (let i = 0; i < rows; i++) column[i] = x[i][f];
    const sorted = Float64Array.from(column).sort();
    const distinct: number[] = [];
    for (let i = 0; i < rows && distinct.length <= BINS; i++)
      if (i === 0 || sorted[i] !== sorted[i - 1]) distinct.push(sorted[i]);
    const cut =
      distinct.length <= BINS
        ? distinct.slice(1).map((v, k) => (v + distinct[k]) / 2)
        : [...new Set(Array.from({ length: BINS - 1 }, (_, k) => sorted[Math.floor(((k + 1) * rows) / BINS)]))].filter(
            (v) => v > sorted[0],
          );
    cuts.push(Float64Array.from(cut));
    for (let i = 0; i < rows; i++) {
      let lo = 0,
        hi = cut.length; // first cut above the value
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (column[i] >= cut[mid]) lo = mid + 1;
        else hi = mid;
      }
      codes[i * features + f] = lo;
    }
  }
  return { features, rows, cuts, codes };
}

/**
 * Boosts trees on the conditional logit's log likelihood over sets `start[s]..start[s+1]` (y: 1 for a right
 * candidate), from the utilities `base` (updated in place: on return, base + the trees' values for every row, the
 * excluded sets' too). Gradient q − p and Hessian p(1 − p) per candidate: the diagonal of the logit's Newton step's information, as
 * boosting libraries use.
 */
export function boostConditionalLogit(
  binned: BinnedRows,
  y: ArrayLike<number>,
  start: readonly number[],
  base: Float64Array,
  options: BoostingOptions,
): TreeEnsemble {
  const { trees, depth, include } = options;
  const ensemble = { depth, feature: [] as number[], threshold: [] as number[], leaf: [] as number[] };
  const g = new Float64Array(binned.rows),
    h = new Float64Array(binned.rows);
  const learned: number[] = [];
  const factor = new Float64Array(binned.rows).fill(1);
  for (let s = 0; s + 1 < start.length; s++) {
    if (include && !include[s]) continue;
    const p = options.sample ? choiceShares(base, start[s], start[s + 1]) : null;
    for (let i = start[s]; i < start[s + 1]; i++) {
      if (!p || !options.sample || y[i] || p[i - start[s]] >= options.sample.below) learned.push(i);
      else if (
        Math.imul((i + 1) ^ Math.imul(options.sample.draw ?? 0, 0x85ebca6b), 0x9e3779b1) >>> 0 <
        0x100000000 / options.sample.oneIn
      ) {
        learned.push(i);
        factor[i] = options.sample.oneIn;
      }
    }
  }
  const rows = Int32Array.from(learned);
  const splitBins: number[] = []; // each split's bin, beside its threshold: rows not grown on find their leaf by it
  for (let t = 0; t < trees; t++) {
    gradients(y, start, base, options, g, h);
    for (const i of rows) {
      g[i] *= factor[i];
      h[i] *= factor[i];
    }
    const leafOf = growTree(binned, rows, g, h, options, ensemble, splitBins);
    const leaves = ensemble.leaf.length - (1 << depth);
    for (let i = 0; i < binned.rows; i++)
      base[i] += ensemble.leaf[leaves + (leafOf[i] >= 0 ? leafOf[i] : leafOfBinned(ensemble, splitBins, t, binned, i))];
  }
  return ensemble;
}

/** The ensemble's value for one row of raw features. */
export function ensembleValue(e: TreeEnsemble, x: ArrayLike<number>): number {
  const splits = (1 << e.depth) - 1;
  let value = 0;
  for (let s0 = 0, l0 = 0; s0 < e.feature.length; s0 += splits, l0 += splits + 1) {
    let node = 1;
    for (let d = 0; d < e.depth; d++) {
      const f = e.feature[s0 + node - 1];
      node = 2 * node + (f >= 0 && x[f] >= e.threshold[s0 + node - 1] ? 1 : 0);
    }
    value += e.leaf[l0 + node - splits - 1];
  }
  return value;
}

/**
 * Leaf of tree t for row i of the binned rows (a row the tree was not grown on). A row's bin code is the number of cuts
 * at or below its value, so "code > bin" is ensembleValue's "x ≥ threshold" (the threshold is that bin's cut).
 */
function leafOfBinned(e: TreeEnsemble, splitBins: number[], t: number, binned: BinnedRows, i: number): number {
  const splits = (1 << e.depth) - 1;
  let node = 1;
  for (let d = 0; d < e.depth; d++) {
    const f = e.feature[t * splits + node - 1];
    node = 2 * node + (f >= 0 && binned.codes[i * binned.features + f] > splitBins[t * splits + node - 1] ? 1 : 0);
  }
  return node - splits - 1;
}

function gradients(
  y: ArrayLike<number>,
  start: readonly number[],
  v: Float64Array,
  options: BoostingOptions,
  g: Float64Array,
  h: Float64Array,
) {
  for (let s = 0; s + 1 < start.length; s++) {
    const lo = start[s],
      hi = start[s + 1];
    if (options.include && !options.include[s]) continue;
    const p = choiceShares(v, lo, hi);
    let right = 0,
      positives = 0;
    for (let i = lo; i < hi; i++) {
      right += y[i] * p[i - lo];
      positives += y[i];
    }
    const w = options.setWeight?.[s] ?? 1;
    for (let i = lo; i < hi; i++) {
      const pi = p[i - lo],
        q = positives === 0 ? 0 : right > 0 ? (y[i] * pi) / right : y[i] / positives;
      g[i] = w * (q - pi);
      h[i] = w * Math.max(pi * (1 - pi), 1e-9);
    }
  }
}

/**
 * Grows one tree on `rows` and appends it to the ensemble; returns each row's leaf (−1 for rows not grown on).
 * `rows` is reordered so that each node's rows are contiguous.
 */
function growTree(
  binned: BinnedRows,
  rows: Int32Array,
  g: Float64Array,
  h: Float64Array,
  options: BoostingOptions,
  ensemble: { feature: number[]; threshold: number[]; leaf: number[] },
  splitBins: number[],
): Int32Array {
  const { depth, l2, minHessian, rate } = options;
  const F = binned.features;
  let level = [{ begin: 0, end: rows.length, hist: histogram(binned, rows, 0, rows.length, g, h) }];
  const scratch = new Int32Array(rows.length);
  for (let d = 0; d < depth; d++) {
    const next: typeof level = [];
    for (const node of level) {
      const split = bestSplit(node.hist, binned.cuts, l2, minHessian);
      splitBins.push(split ? split.bin : 0);
      ensemble.feature.push(split ? split.feature : -1);
      ensemble.threshold.push(split ? binned.cuts[split.feature][split.bin] : 0);
      let middle = node.end;
      if (split) {
        // Stable partition: left rows (bin ≤ split) first.
        let left = node.begin,
          right = 0;
        for (let k = node.begin; k < node.end; k++) {
          const i = rows[k];
          if (binned.codes[i * F + split.feature] <= split.bin) rows[left++] = i;
          else scratch[right++] = i;
        }
        rows.set(scratch.subarray(0, right), left);
        middle = left;
      }
      const last = d + 1 === depth;
      let leftHist: Float64Array, rightHist: Float64Array;
      if (last)
        leftHist = rightHist = node.hist; // unused below the last level
      else if (middle - node.begin <= node.end - middle) {
        leftHist = histogram(binned, rows, node.begin, middle, g, h);
        rightHist = subtract(node.hist, leftHist);
      } else {
        rightHist = histogram(binned, rows, middle, node.end, g, h);
        leftHist = subtract(node.hist, rightHist);
      }
      next.push({ begin: node.begin, end: middle, hist: leftHist }, { begin: middle, end: node.end, hist: rightHist });
    }
    level = next;
  }
  const leafOf = new Int32Array(binned.rows).fill(-1);
  level.forEach((node, leaf) => {
    let G = 0,
      H = 0;
    for (let k = node.begin; k < node.end; k++) {
      G += g[rows[k]];
      H += h[rows[k]];
      leafOf[rows[k]] = leaf;
    }
    ensemble.leaf.push((rate * G) / (H + l2));
  });
  return leafOf;
}

/** Per feature and bin, the sums of g and h over rows[begin..end). */
function histogram(
  binned: BinnedRows,
  rows: Int32Array,
  begin: number,
  end: number,
  g: Float64Array,
  h: Float64Array,
): Float64Array {
  const F = binned.features,
    codes = binned.codes;
  const hist = new Float64Array(F * BINS * 2);
  for (let k = begin; k < end; k++) {
    const i = rows[k],
      gi = g[i],
      hi = h[i];
    for (let f = 0, at = i * F; f < F; f++) {
      const cell = (f * BINS + codes[at + f]) * 2;
      hist[cell] += gi;
      hist[cell + 1] += hi;
    }
  }
  return hist;
}

function subtract(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let k = 0; k < a.length; k++) out[k] = a[k] - b[k];
  return out;
}

/** The split with the largest gain G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ), if any gains. */
function bestSplit(hist: Float64Array, cuts: readonly Float64Array[], l2: number, minHessian: number) {
  let G = 0,
    H = 0;
  for (let b = 0; b < BINS; b++) {
    G += hist[b * 2];
    H += hist[b * 2 + 1];
  }
  const parent = (G * G) / (H + l2);
  let best: { feature: number; bin: number } | null = null,
    bestGain = 1e-9;
  for (let f = 0; f < cuts.length; f++) {
    let gl = 0,
      hl = 0;
    for (let b = 0; b < cuts[f].length; b++) {
      gl += hist[(f * BINS + b) * 2];
      hl += hist[(f * BINS + b) * 2 + 1];
      const gr = G - gl,
        hr = H - hl;
      if (hl < minHessian || hr < minHessian) continue;
      const gain = (gl * gl) / (hl + l2) + (gr * gr) / (hr + l2) - parent;
      if (gain > bestGain) {
        bestGain = gain;
        best = { feature: f, bin: b };
      }
    }
  }
  return best;
}
