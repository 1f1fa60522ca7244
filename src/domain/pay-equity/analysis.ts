// The pay-equity analysis both models share: OLS of log pay on the objective factors and a female indicator over the
// workforce and per category, the unexplained gap by Kennedy's estimator with its t-test and interval, the raw gap
// split into explained and unexplained parts (Oaxaca–Blinder on the pooled coefficients), and the raises that would
// bring each woman paid below what the factors predict up to it. Pure: employees in, figures out; nothing is kept.
import { factor, solve, tQuantile, twoSidedP, type Factored, type OlsFit } from "./ols.ts";
import { columnCount, designOf, type Column, type FactorSpec } from "./design.ts";
import { groupFigures, K_ANONYMITY, JOINT_ASSESSMENT_THRESHOLD, type Gender } from "../pay-gap.ts";

// Signs: the unexplained gap (Kennedy, from the sex coefficient b) is negative when women earn less, as the Swiss office
// reports it; the raw gaps (E7's definition) and the decomposition (men's − women's log pay) are positive then.

/** The Swiss office's tolerance: a significant unexplained gap below 2.5% meets its target, below 5% its limit. */
export const TARGET_VALUE_PCT = 2.5;
export const LIMIT_VALUE_PCT = 5;
const SIGNIFICANCE = 0.05;
/** Beyond this many regressors the factoring's cost (employees × regressors²) outgrows a request; no real pay model needs more. */
export const MAX_PARAMETERS = 100;

/** One analysed employee: pay on the model's basis (positive), and what one unit of it costs a year. */
export interface Employee {
  row: number;
  id?: string | number;
  gender: Gender;
  pay: number;
  category?: string;
  annualCost: number;
}
export interface Exclusion {
  row: number;
  id?: string | number;
  reason: string;
}
export interface Problem {
  field: string;
  code: string;
  message: string;
}

/** Input the analysis cannot use; the problems name the field or factor. */
export class PayEquityInputError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}
const reject = (field: string, code: string, message: string): never => {
  throw new PayEquityInputError([{ field, code, message }]);
};

export interface ModelInput {
  employees: Employee[];
  /** Factor values indexed like `employees`. */
  factors: FactorSpec[];
  excluded: Exclusion[];
  /** Fewest employees analysed the model accepts (besides more than the parameters + 10). */
  minimumEmployees: number;
  /** Columns that repeat a combination of earlier ones: dropped (the Swiss model's fixed factors) or rejected (an employer's own). */
  aliased: "drop" | "reject";
  /** The full-time week pay was standardised at (the most frequent weekly hours). */
  fullTimeWeek: number;
}

export interface GapEstimate {
  sex_coefficient: number;
  standard_error: number;
  t_statistic: number;
  p_value: number;
  degrees_of_freedom: number;
  r_squared: number;
  unexplained_gap_pct: number;
  confidence_interval_pct: { lower: number; upper: number };
  significant: boolean;
}
export interface Coefficient {
  name: string;
  factor: string;
  estimate: number | null;
  standard_error: number | null;
  t_statistic: number | null;
  p_value: number | null;
  aliased: boolean;
}
export interface Contribution {
  factor: string;
  log_points: number;
  share_pct: number | null;
}
export interface Decomposition {
  raw_log_gap: number;
  explained: number;
  unexplained: number;
  explained_share_pct: number | null;
  factors: Contribution[];
}
export type Verdict = "no_significant_gap" | "within_target" | "within_limit" | "limit_exceeded";
export interface Adjustment {
  row: number;
  id?: string | number;
  pay_before: number;
  pay_predicted: number;
  raise: number;
  raise_pct: number;
  annual_cost: number;
}
export interface CategoryResult {
  category: string;
  employees: number;
  women: number;
  men: number;
  k_anonymity_warning: boolean;
  mean_gap_pct: number | null;
  median_gap_pct: number | null;
  estimate: GapEstimate | null;
  decomposition: Decomposition | null;
  reason: string | null;
  factors_dropped: string[];
  requires_joint_assessment: boolean;
}
export interface PayEquityAnalysis extends GapEstimate {
  employees_analysed: number;
  women: number;
  men: number;
  excluded: Exclusion[];
  full_time_weekly_hours: number;
  coefficients: Coefficient[];
  reference_levels: Record<string, string>;
  target_value_pct: number;
  limit_value_pct: number;
  verdict: Verdict;
  mean_gap_pct: number | null;
  median_gap_pct: number | null;
  decomposition: Decomposition;
  categories: CategoryResult[];
  remediation: {
    total_cost: number;
    employees_adjusted: number;
    adjustments: Adjustment[];
    unexplained_gap_pct_after: number;
  };
}

/** A fit and its factored design, which other pay on the same employees and the model without the sex indicator reuse. */
interface Estimation {
  fit: OlsFit;
  design: Factored;
  columns: Column[];
  constant: string[];
  references: Record<string, string>;
  femaleColumn: number;
}

const INTERCEPT = "(intercept)";
const logPay = (rows: readonly number[], pays: readonly number[]) => Float64Array.from(rows, (i) => Math.log(pays[i]));
const FEMALE = "female";

/** Why a group of employees has no fit. */
interface NoFit {
  code: string;
  message: string;
}
const noFit = (x: Estimation | NoFit): x is NoFit => "code" in x;

/** The fit over the employees at `rows`, or why there is none (too few employees, gender aliased …). */
function estimate(
  input: ModelInput,
  rows: readonly number[],
  pays: readonly number[],
  aliasedRule: "drop" | "reject",
): Estimation | NoFit {
  const { columns: factorColumns, constant, references } = designOf(input.factors, rows);
  const female = Float64Array.from(rows, (i) => (input.employees[i].gender === "F" ? 1 : 0));
  const columns: Column[] = [
    { name: INTERCEPT, factor: INTERCEPT, values: new Float64Array(rows.length).fill(1) },
    ...factorColumns,
    { name: FEMALE, factor: FEMALE, values: female },
  ];
  if (rows.length <= columns.length + 10)
    return {
      code: "too_few_employees",
      message: `${rows.length} employees for ${columns.length} parameters: more than the parameters + 10 are needed`,
    };
  const design = factor(columns.map((c) => c.values));
  const fit = solve(design, logPay(rows, pays));
  if (fit.aliased.at(-1))
    return {
      code: "gender_determined_by_factors",
      message:
        "the factors determine gender (a level or combination held by one gender only), so no gap can be estimated",
    };
  if (aliasedRule === "reject" && fit.aliased.some(Boolean)) {
    const names = columns.filter((_, j) => fit.aliased[j]).map((c) => c.name);
    return {
      code: "collinear_factors",
      message: `collinear factors: ${names.join(", ")} ${names.length === 1 ? "is a combination" : "are combinations"} of the other factors; leave one of them out`,
    };
  }
  // An exact fit leaves rounding noise, not zero: R² within 1e-12 of 1 (or pay that does not vary at all) is no residual variance.
  if (!(fit.rSquared <= 1 - 1e-12))
    return {
      code: "no_residual_variance",
      message: "the factors explain every pay exactly (no residual variance), so nothing is left to test",
    };
  return { fit, design, columns, constant, references, femaleColumn: columns.length - 1 };
}

/** The workforce's fit, or a 422 saying why there is none. */
const orReject = (e: Estimation | NoFit): Estimation => (noFit(e) ? reject("employees", e.code, e.message) : e);

function gapEstimate(e: Estimation): GapEstimate {
  const b = e.fit.estimates[e.femaleColumn]!,
    se = e.fit.standardErrors[e.femaleColumn]!,
    df = e.fit.df;
  const t = b / se,
    p = twoSidedP(t, df),
    half = tQuantile(0.95, df) * se;
  return {
    sex_coefficient: b,
    standard_error: se,
    t_statistic: t,
    p_value: p,
    degrees_of_freedom: df,
    r_squared: e.fit.rSquared,
    // Kennedy (1981): the percentage effect of a dummy in a log equation, nearly unbiased.
    unexplained_gap_pct: (Math.exp(b - (se * se) / 2) - 1) * 100,
    confidence_interval_pct: { lower: (Math.exp(b - half) - 1) * 100, upper: (Math.exp(b + half) - 1) * 100 },
    significant: p < SIGNIFICANCE,
  };
}

/** Oaxaca–Blinder with the pooled coefficients (sex indicator in the pooled model): men's mean log pay − women's, split. */
function decompose(e: Estimation, genders: readonly Gender[], y: readonly number[]): Decomposition {
  const meanBy = (values: ArrayLike<number>, g: Gender) => {
    let s = 0,
      n = 0;
    for (let i = 0; i < genders.length; i++)
      if (genders[i] === g) {
        s += values[i];
        n++;
      }
    return s / n;
  };
  const raw = meanBy(y, "M") - meanBy(y, "F");
  const byFactor = new Map<string, number>();
  e.columns.forEach((c, j) => {
    if (j === 0 || j === e.femaleColumn) return;
    const part = (meanBy(c.values, "M") - meanBy(c.values, "F")) * (e.fit.estimates[j] ?? 0);
    byFactor.set(c.factor, (byFactor.get(c.factor) ?? 0) + part);
  });
  const explained = [...byFactor.values()].reduce((a, b) => a + b, 0);
  const share = (x: number) => (raw === 0 ? null : (x / raw) * 100);
  return {
    raw_log_gap: raw,
    explained,
    unexplained: raw - explained,
    explained_share_pct: share(explained),
    factors: [...byFactor].map(([factor, log_points]) => ({ factor, log_points, share_pct: share(log_points) })),
  };
}

/** Every figure of an estimate is a finite number (pay values too far apart can overflow exp()). */
const finite = (g: GapEstimate) =>
  [
    g.unexplained_gap_pct,
    g.confidence_interval_pct.lower,
    g.confidence_interval_pct.upper,
    g.t_statistic,
    g.p_value,
    g.r_squared,
  ].every(Number.isFinite);

export function verdictOf(g: GapEstimate): Verdict {
  if (!g.significant) return "no_significant_gap";
  const size = Math.abs(g.unexplained_gap_pct);
  return size < TARGET_VALUE_PCT ? "within_target" : size < LIMIT_VALUE_PCT ? "within_limit" : "limit_exceeded";
}

function categoryResult(input: ModelInput, category: string, rows: number[], pays: readonly number[]): CategoryResult {
  const figures = groupFigures(rows.map((i) => ({ gender: input.employees[i].gender, pay: pays[i] })));
  const kAnonymous = figures.maleCount >= K_ANONYMITY && figures.femaleCount >= K_ANONYMITY;
  const base = {
    category,
    employees: rows.length,
    women: figures.femaleCount,
    men: figures.maleCount,
    k_anonymity_warning: !kAnonymous,
  };
  const rawTrigger = figures.meanGap !== null && Math.abs(figures.meanGap) >= JOINT_ASSESSMENT_THRESHOLD;
  if (!kAnonymous) {
    return {
      ...base,
      mean_gap_pct: null,
      median_gap_pct: null,
      estimate: null,
      decomposition: null,
      factors_dropped: [],
      requires_joint_assessment: rawTrigger,
      reason: `fewer than ${K_ANONYMITY} women or men: no figures are shown, so no one's pay can be inferred`,
    };
  }
  // Within a category some factors are constant or overlap: they are dropped there, not rejected.
  const e = estimate(input, rows, pays, "drop");
  const dropped = noFit(e) ? [] : [...e.constant, ...e.columns.filter((_, j) => e.fit.aliased[j]).map((c) => c.name)];
  const estimated = noFit(e) ? null : gapEstimate(e);
  const g = estimated && finite(estimated) ? estimated : null;
  // Article 10: a gap of 5% or more that the objective factors do not explain; without a model, the raw gap decides.
  const requires = g
    ? rawTrigger && g.significant && Math.abs(g.unexplained_gap_pct) >= JOINT_ASSESSMENT_THRESHOLD
    : rawTrigger;
  const decomposition =
    noFit(e) || !g
      ? null
      : decompose(
          e,
          rows.map((i) => input.employees[i].gender),
          rows.map((i) => Math.log(pays[i])),
        );
  return {
    ...base,
    mean_gap_pct: figures.meanGap,
    median_gap_pct: figures.medianGap,
    estimate: g,
    decomposition,
    factors_dropped: dropped,
    requires_joint_assessment: requires,
    reason: noFit(e) ? e.message : g ? null : "the pay values are too far apart for a finite estimate",
  };
}

/** Raise every woman paid below what the factors predict for her (the fit without the sex indicator) to that prediction. */
function remediate(input: ModelInput, e: Estimation, rows: readonly number[], pays: readonly number[]) {
  const neutral = solve(e.design, logPay(rows, pays), e.femaleColumn);
  const adjusted = [...pays];
  const adjustments: Adjustment[] = [];
  rows.forEach((i, k) => {
    const employee = input.employees[i];
    const predicted = Math.exp(neutral.fitted[k]);
    if (employee.gender !== "F" || pays[i] >= predicted) return;
    adjusted[i] = predicted;
    const raise = predicted - pays[i];
    adjustments.push({
      row: employee.row,
      ...(employee.id !== undefined ? { id: employee.id } : {}),
      pay_before: pays[i],
      pay_predicted: predicted,
      raise,
      raise_pct: (raise / pays[i]) * 100,
      annual_cost: raise * employee.annualCost,
    });
  });
  const after = gapEstimate({ ...e, fit: solve(e.design, logPay(rows, adjusted)) });
  const total = adjustments.reduce((s, a) => s + a.annual_cost, 0);
  if (!finite(after) || !Number.isFinite(total))
    reject(
      "employees",
      "not_estimable",
      "the pay values are too far apart for a finite remediation; check the salary units",
    );
  return {
    total_cost: total,
    employees_adjusted: adjustments.length,
    adjustments,
    unexplained_gap_pct_after: after.unexplained_gap_pct,
  };
}

export function analysePayEquity(input: ModelInput): PayEquityAnalysis {
  const { employees } = input;
  const women = employees.filter((e) => e.gender === "F").length,
    men = employees.length - women;
  if (!employees.length)
    reject(
      "employees",
      "no_employee_analysed",
      `no employee is analysed (${input.excluded.length} left out: ${input.excluded[0]?.reason ?? "none given"})`,
    );
  const badPay = employees.find((e) => !Number.isFinite(e.pay) || e.pay <= 0);
  if (badPay)
    reject(
      `employees[${badPay.row - 1}]`,
      "pay_out_of_range",
      "pay on the model's basis is not a finite positive number; check the salary and its units",
    );
  if (!women || !men)
    reject(
      "employees",
      "one_gender_only",
      `every employee analysed is ${women ? "a woman" : "a man"}: the analysis compares women with men`,
    );
  if (employees.length < input.minimumEmployees) {
    reject(
      "employees",
      "too_few_employees",
      `${employees.length} employees analysed; the model needs at least ${input.minimumEmployees}`,
    );
  }
  const parameters = input.factors.reduce((n, f) => n + columnCount(f), 2);
  if (parameters > MAX_PARAMETERS) {
    const widest = input.factors.reduce((a, b) => (columnCount(b) > columnCount(a) ? b : a));
    reject(
      `factors.${widest.name}`,
      "too_many_parameters",
      `the factors make ${parameters} regressors (${widest.name} alone ${columnCount(widest)}); at most ${MAX_PARAMETERS}: group the levels of a categorical factor, or leave it out`,
    );
  }
  if (employees.length <= parameters + 10) {
    reject(
      "employees",
      "too_few_employees",
      `${employees.length} employees for ${parameters} parameters: more than the parameters + 10 are needed`,
    );
  }
  const all = employees.map((_, i) => i);
  const design = designOf(input.factors, all);
  if (design.constant.length) {
    reject(
      `factors.${design.constant[0]}`,
      "constant_factor",
      `${design.constant.join(", ")} take${design.constant.length === 1 ? "s" : ""} one value for every employee analysed, so ${design.constant.length === 1 ? "it explains" : "they explain"} nothing; leave ${design.constant.length === 1 ? "it" : "them"} out`,
    );
  }
  const pays = employees.map((e) => e.pay);
  const est = orReject(estimate(input, all, pays, input.aliased));
  const g = gapEstimate(est);
  if (!finite(g)) {
    reject(
      "employees",
      "not_estimable",
      "the pay values are too far apart for a finite estimate; check the salary units",
    );
  }
  const figures = groupFigures(employees.map((x) => ({ gender: x.gender, pay: x.pay })));
  const byCategory = new Map<string, number[]>();
  employees.forEach((x, i) => {
    if (x.category === undefined) return;
    const rows = byCategory.get(x.category);
    if (rows) rows.push(i);
    else byCategory.set(x.category, [i]);
  });
  return {
    ...g,
    employees_analysed: employees.length,
    women,
    men,
    excluded: input.excluded,
    full_time_weekly_hours: input.fullTimeWeek,
    coefficients: est.columns.map((c, j) => {
      const b = est.fit.estimates[j],
        se = est.fit.standardErrors[j];
      const t = b === null || se === null ? null : b / se;
      return {
        name: c.name,
        factor: c.factor,
        estimate: b,
        standard_error: se,
        t_statistic: t,
        p_value: t === null ? null : twoSidedP(t, est.fit.df),
        aliased: est.fit.aliased[j],
      };
    }),
    reference_levels: est.references,
    target_value_pct: TARGET_VALUE_PCT,
    limit_value_pct: LIMIT_VALUE_PCT,
    verdict: verdictOf(g),
    mean_gap_pct: figures.meanGap,
    median_gap_pct: figures.medianGap,
    decomposition: decompose(
      est,
      employees.map((x) => x.gender),
      pays.map(Math.log),
    ),
    categories: [...byCategory]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, rows]) => categoryResult(input, name, rows, pays)),
    remediation: remediate(input, est, all, pays),
  };
}
