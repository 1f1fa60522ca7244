// Ordinary least squares with the classical standard errors, as R's lm reports them. The design is factored once,
// X = QR, by modified Gram–Schmidt with a second orthogonalisation pass ("twice is enough", Giraud et al. 2005) on
// typed arrays: columns that are linear combinations of earlier ones are found on the way and dropped ("aliased", as
// lm marks them NA), so dummy sets that overlap still give the one fit they allow. One factoring then serves several
// fits: other pay on the same employees, and the design's leading columns alone (the model without its last column).
// Tested against a line worked by hand and against R's lm (ols.test.ts).

/** jStat, loaded on first use (a pay-equity analysis), not at start-up: its module costs about 7 ms to evaluate. */
let loadedJStat: typeof import("jstat").default | undefined;
const jStat = (): typeof import("jstat").default => (loadedJStat ??= require("jstat"));

/** A column is aliased when what is left of it after the earlier columns is below this share of its length (R's lm uses 1e-7). */
const ALIAS_TOLERANCE = 1e-7;

const dot = (a: Float64Array, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export interface Factored {
  /** Orthonormal columns, one per kept column. */
  q: Float64Array[];
  /** Upper-triangular R over the kept columns: r[i][k] for i ≤ k. */
  r: number[][];
  /** Per column given: dropped as a combination of earlier ones. */
  aliased: boolean[];
  /** Per kept column: what it was divided by (its largest absolute value), so no product over- or underflows. */
  scales: number[];
  n: number;
}

export function factor(columns: readonly Float64Array[]): Factored {
  const q: Float64Array[] = [],
    r: number[][] = [],
    scales: number[] = [];
  const aliased = columns.map((column) => {
    let scale = 0;
    for (const x of column) scale = Math.max(scale, Math.abs(x));
    scale ||= 1;
    const v = Float64Array.from(column, (x) => x / scale);
    const length = Math.sqrt(dot(v, v));
    const coefficients = new Array<number>(q.length).fill(0);
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < q.length; i++) {
        const d = dot(q[i], v);
        coefficients[i] += d;
        for (let k = 0; k < v.length; k++) v[k] -= d * q[i][k];
      }
    }
    const left = Math.sqrt(dot(v, v));
    if (length === 0 || left <= ALIAS_TOLERANCE * length) return true;
    for (let k = 0; k < v.length; k++) v[k] /= left;
    coefficients.forEach((c, i) => (r[i][q.length] = c));
    r.push(new Array<number>(q.length + 1).fill(0));
    r[q.length][q.length] = left;
    q.push(v);
    scales.push(scale);
    return false;
  });
  return { q, r, aliased, scales, n: columns[0]?.length ?? 0 };
}

export interface OlsFit {
  /** Per column given (or the leading `use` of them), in order: null where the column was aliased. */
  estimates: (number | null)[];
  standardErrors: (number | null)[];
  aliased: boolean[];
  /** Residual degrees of freedom: observations − estimated coefficients. */
  df: number;
  /** Residual variance (RSS ÷ df). */
  sigma2: number;
  rSquared: number;
  fitted: Float64Array;
}

/** Columns of R⁻¹ for the leading m × m block (upper triangular, by back substitution). */
function inverseUpper(r: number[][], m: number): number[][] {
  const inv = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let k = 0; k < m; k++) {
    inv[k][k] = 1 / r[k][k];
    for (let i = k - 1; i >= 0; i--) {
      let s = 0;
      for (let j = i + 1; j <= k; j++) s += r[i][j] * inv[j][k];
      inv[i][k] = -s / r[i][i];
    }
  }
  return inv;
}

/**
 * OLS of y on the factored columns; with `use`, on the first `use` columns given only (the leading block of the same
 * factoring is that design's own). Include a column of ones for an intercept; R² is then the usual centred one.
 */
export function solve(f: Factored, y: Float64Array, use = f.aliased.length): OlsFit {
  const aliased = f.aliased.slice(0, use);
  const m = aliased.filter((a) => !a).length;
  const c = f.q.slice(0, m).map((q) => dot(q, y));
  const beta = new Array<number>(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = c[i];
    for (let j = i + 1; j < m; j++) s -= f.r[i][j] * beta[j];
    beta[i] = s / f.r[i][i];
  }
  const fitted = new Float64Array(f.n);
  for (let i = 0; i < m; i++) for (let k = 0; k < f.n; k++) fitted[k] += f.q[i][k] * c[i];
  let rss = 0,
    mean = 0,
    tss = 0;
  for (let k = 0; k < f.n; k++) {
    rss += (y[k] - fitted[k]) ** 2;
    mean += y[k] / f.n;
  }
  for (let k = 0; k < f.n; k++) tss += (y[k] - mean) ** 2;
  const df = f.n - m;
  const sigma2 = df > 0 ? rss / df : NaN;
  // Var(b) = σ² (XᵀX)⁻¹ = σ² R⁻¹ R⁻ᵀ: row i of R⁻¹, squared and summed.
  const inv = inverseUpper(f.r, m);
  const se = inv.map((row) => Math.sqrt(sigma2 * row.reduce((s, v) => s + v * v, 0)));
  let k = 0;
  const estimates: (number | null)[] = [],
    standardErrors: (number | null)[] = [];
  for (const a of aliased) {
    // The factoring is of the scaled columns: a coefficient of column ÷ scale is scale × the column's own.
    estimates.push(a ? null : beta[k] / f.scales[k]);
    standardErrors.push(a ? null : se[k] / f.scales[k]);
    if (!a) k++;
  }
  return { estimates, standardErrors, aliased, df, sigma2, rSquared: tss > 0 ? 1 - rss / tss : NaN, fitted };
}

/** OLS of y on the columns, factored for this one fit. */
export const fitOls = (columns: readonly Float64Array[], y: Float64Array) => solve(factor(columns), y);

/** Which columns are linear combinations of earlier ones. */
export const aliasedColumns = (columns: readonly Float64Array[]) => factor(columns).aliased;

/** Two-sided p-value of a t statistic. */
export const twoSidedP = (t: number, df: number) => 2 * jStat().studentt.cdf(-Math.abs(t), df);

/** The t quantile for a two-sided interval of the given level (0.95 → t₀.₉₇₅). */
export const tQuantile = (level: number, df: number) => jStat().studentt.inv(1 - (1 - level) / 2, df);
