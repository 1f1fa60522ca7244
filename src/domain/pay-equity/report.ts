// The analysis as the endpoint answers it: figures rounded once, here (regression statistics to 6 significant digits,
// percentages and money to 2 decimals, p-values to 4 significant digits), the verdict in words, and the method cited.
import { round } from "../rounding.ts";
import {
  LIMIT_VALUE_PCT,
  TARGET_VALUE_PCT,
  type Decomposition,
  type GapEstimate,
  type PayEquityAnalysis,
  type Verdict,
} from "./analysis.ts";

export type PayEquityModel = "swiss_standard" | "custom";

const sig = (x: number, digits = 6) => Number(x.toPrecision(digits));
const sigOrNull = (x: number | null, digits = 6) => (x === null ? null : sig(x, digits));
const pct = (x: number) => round(x, 2);
const pctOrNull = (x: number | null) => round(x, 2);

function estimateOut(g: GapEstimate) {
  return {
    sex_coefficient: sig(g.sex_coefficient),
    standard_error: sig(g.standard_error),
    t_statistic: sig(g.t_statistic),
    p_value: sig(g.p_value, 4),
    degrees_of_freedom: g.degrees_of_freedom,
    r_squared: sig(g.r_squared),
    unexplained_gap_pct: pct(g.unexplained_gap_pct),
    confidence_interval_pct: {
      lower: pct(g.confidence_interval_pct.lower),
      upper: pct(g.confidence_interval_pct.upper),
    },
    significant: g.significant,
  };
}

const decompositionOut = (d: Decomposition) => ({
  raw_log_gap: sig(d.raw_log_gap),
  explained: sig(d.explained),
  unexplained: sig(d.unexplained),
  explained_share_pct: pctOrNull(d.explained_share_pct),
  factors: d.factors.map((f) => ({
    factor: f.factor,
    log_points: sig(f.log_points),
    share_pct: pctOrNull(f.share_pct),
  })),
});

export function verdictText(verdict: Verdict, gapPct: number): string {
  const size = `${Math.abs(round(gapPct, 1))}%`;
  const who = gapPct < 0 ? `women are paid ${size} less than men` : `women are paid ${size} more than men`;
  switch (verdict) {
    case "no_significant_gap":
      return `No significant unexplained difference: with the objective factors held equal, ${who}, which is not significantly different from zero at the 5% level.`;
    case "within_target":
      return `With the objective factors held equal, ${who}. The difference is significant but below the ${TARGET_VALUE_PCT}% target value.`;
    case "within_limit":
      return `With the objective factors held equal, ${who}. The difference is significant, above the ${TARGET_VALUE_PCT}% target value and below the ${LIMIT_VALUE_PCT}% limit value: the Swiss office's tolerance threshold is met.`;
    case "limit_exceeded":
      return `With the objective factors held equal, ${who}. The difference is significant and at or above the ${LIMIT_VALUE_PCT}% limit value: the tolerance threshold is not met. Unless other objective, gender-neutral criteria justify it, this calls for a joint pay assessment (Directive (EU) 2023/970, Article 10) and correction.`;
  }
}

export const PAY_EQUITY_DISCLAIMER =
  "A statistical analysis, not legal advice and not proof of discrimination: an unexplained difference is what the factors given do not account for, and a factor left out (or one that itself reflects discrimination) changes it. Consult a qualified employment lawyer about your obligations.";

export function methodologyNote(model: PayEquityModel, fullTimeWeek: number | null): string {
  const common =
    "Ordinary least squares of log pay on the factors and a female indicator (men are the reference), solved by a QR factoring (modified Gram–Schmidt, twice); columns that repeat a combination of others are dropped as R's lm drops them. " +
    "The unexplained gap is Kennedy's estimator exp(b − se²/2) − 1 (Kennedy 1981, American Economic Review 71(4)); it is significant when the two-sided t-test on b rejects zero at 5%, and the interval is exp(b ± t₀.₉₇₅·se) − 1. " +
    "The raw gap of mean log pay is split into the part the factors explain and the rest (Oaxaca 1973; Blinder 1973) with the pooled model's coefficients, sex indicator included (Jann 2008), so the unexplained part equals −b. " +
    `Target value ${TARGET_VALUE_PCT}% and limit value ${LIMIT_VALUE_PCT}% are the Swiss Federal Office for Gender Equality's. ` +
    "Remediation: every woman paid below the pay the model without the sex indicator predicts for her (exp of the fitted log pay) is raised to it; the model is then re-run on the raised pay.";
  if (model === "swiss_standard") {
    return (
      "Swiss standard analysis model (Logib module 1, Federal Office for Gender Equality, https://www.ebg.admin.ch/en/equal-pay-analysis-with-logib): statistical population 1 only; training codes 1–8 read as 17, 15, 14, 15, 13, 12, 11 and 7 years; " +
      `potential experience max(age − years of training − 6, 0) and its square; pay (basic wage + allowances + 13th month + special payments) standardised to full time at ${fullTimeWeek} weekly hours, the most frequent in the data ` +
      "(activity rate × weekly hours, or 12 × paid hours ÷ 52 for hourly-paid rows); level of requirements and professional position as categories against the highest code present; at least 50 employees. " +
      common
    );
  }
  return (
    "Custom model: log hourly pay (annual ÷ (weekly hours × 52), monthly × 12 ÷ (weekly hours × 52), records without weekly_hours at the most frequent weekly hours given, else 40) on the employer's factors: numbers as they are, text (or factors listed in categorical_factors) as categories against their most frequent level; more records than parameters + 10. " +
    common
  );
}

/** The answer's figures, rounded. */
export function roundedAnalysis(a: PayEquityAnalysis) {
  return {
    employees_analysed: a.employees_analysed,
    women: a.women,
    men: a.men,
    excluded: a.excluded,
    full_time_weekly_hours: a.full_time_weekly_hours,
    ...estimateOut(a),
    target_value_pct: a.target_value_pct,
    limit_value_pct: a.limit_value_pct,
    verdict: a.verdict,
    verdict_text: verdictText(a.verdict, a.unexplained_gap_pct),
    coefficients: a.coefficients.map((c) => ({
      ...c,
      estimate: sigOrNull(c.estimate),
      standard_error: sigOrNull(c.standard_error),
      t_statistic: sigOrNull(c.t_statistic),
      p_value: sigOrNull(c.p_value, 4),
    })),
    reference_levels: a.reference_levels,
    mean_gap_pct: pctOrNull(a.mean_gap_pct),
    median_gap_pct: pctOrNull(a.median_gap_pct),
    decomposition: decompositionOut(a.decomposition),
    categories: a.categories.map((c) => ({
      ...c,
      mean_gap_pct: pctOrNull(c.mean_gap_pct),
      median_gap_pct: pctOrNull(c.median_gap_pct),
      estimate: c.estimate && estimateOut(c.estimate),
      decomposition: c.decomposition && decompositionOut(c.decomposition),
    })),
    remediation: {
      total_cost: round(a.remediation.total_cost, 2),
      employees_adjusted: a.remediation.employees_adjusted,
      unexplained_gap_pct_after: pct(a.remediation.unexplained_gap_pct_after),
      adjustments: a.remediation.adjustments.map((x) => ({
        ...x,
        pay_before: round(x.pay_before, 2),
        pay_predicted: round(x.pay_predicted, 2),
        raise: round(x.raise, 2),
        raise_pct: pct(x.raise_pct),
        annual_cost: round(x.annual_cost, 2),
      })),
    },
  };
}
