// Ordinary least squares with the classical standard errors, as R's lm reports them. The solve is ml-matrix's
// Householder QR; columns that are linear combinations of earlier ones are dropped first ("aliased", as lm marks
// them NA), so dummy sets that overlap (every level-3 job held by a director, say) still give the one fit they allow.
import { Matrix, QrDecomposition, inverse } from "ml-matrix";
import jStat from "jstat";

export interface OlsFit {
  /** Per column, in the order given: null where the column was aliased. */
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

/** A column is aliased when what is left of it after the earlier columns is below this share of its length (R's lm uses 1e-7). */
const ALIAS_TOLERANCE = 1e-7;

const norm = (v: Float64Array) => { let s = 0; for (const x of v) s += x * x; return Math.sqrt(s); };

/** Which columns are linear combinations of earlier ones (modified Gram–Schmidt, in column order). */
export function aliasedColumns(columns: readonly Float64Array[]): boolean[] {
  const basis: Float64Array[] = [];
  return columns.map((column) => {
    const v = Float64Array.from(column);
    const length = norm(v);
    for (const q of basis) {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += q[i] * v[i];
      for (let i = 0; i < v.length; i++) v[i] -= dot * q[i];
    }
    const left = norm(v);
    if (length === 0 || left <= ALIAS_TOLERANCE * length) return true;
    for (let i = 0; i < v.length; i++) v[i] /= left;
    basis.push(v);
    return false;
  });
}

/** OLS of y on the columns (include a column of ones for an intercept; R² is then the usual centred one). */
export function fitOls(columns: readonly Float64Array[], y: Float64Array): OlsFit {
  const aliased = aliasedColumns(columns);
  const kept = columns.filter((_, j) => !aliased[j]);
  const n = y.length, p = kept.length;
  const x = new Matrix(n, p);
  for (let j = 0; j < p; j++) for (let i = 0; i < n; i++) x.set(i, j, kept[j][i]);
  const qr = new QrDecomposition(x);
  const beta = qr.solve(Matrix.columnVector(Array.from(y))).getColumn(0);
  const fitted = new Float64Array(n);
  for (let j = 0; j < p; j++) for (let i = 0; i < n; i++) fitted[i] += kept[j][i] * beta[j];
  let rss = 0, mean = 0, tss = 0;
  for (let i = 0; i < n; i++) { rss += (y[i] - fitted[i]) ** 2; mean += y[i] / n; }
  for (let i = 0; i < n; i++) tss += (y[i] - mean) ** 2;
  const df = n - p;
  const sigma2 = df > 0 ? rss / df : NaN;
  // Var(b) = σ² (XᵀX)⁻¹ = σ² R⁻¹ R⁻ᵀ, from the triangular factor.
  const rInverse = inverse(qr.upperTriangularMatrix);
  const se = Array.from({ length: p }, (_, j) => Math.sqrt(sigma2 * rInverse.getRow(j).reduce((s, v) => s + v * v, 0)));
  let k = 0;
  const estimates: (number | null)[] = [], standardErrors: (number | null)[] = [];
  for (const a of aliased) {
    estimates.push(a ? null : beta[k]);
    standardErrors.push(a ? null : se[k]);
    if (!a) k++;
  }
  return { estimates, standardErrors, aliased, df, sigma2, rSquared: tss > 0 ? 1 - rss / tss : NaN, fitted };
}

/** Two-sided p-value of a t statistic. */
export const twoSidedP = (t: number, df: number) => 2 * jStat.studentt.cdf(-Math.abs(t), df);

/** The t quantile for a two-sided interval of the given level (0.95 → t₀.₉₇₅). */
export const tQuantile = (level: number, df: number) => jStat.studentt.inv(1 - (1 - level) / 2, df);
