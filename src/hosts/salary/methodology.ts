// The methodology texts answers carry (E7 methodology_note, E8 methodology_note): how each figure was made, in
// words, with the thresholds and sources filled in from the code and the snapshot so the text cannot drift.
import { DEFAULT_ANNUAL_HOURS } from "../../domain/pay-period.ts";
import { JOINT_ASSESSMENT_THRESHOLD, K_ANONYMITY } from "../../domain/pay-gap.ts";
import { round } from "../../domain/rounding.ts";
import type { LegalMinimum } from "./legal-minimum.ts";

export function payGapMethodology(f: {
  matchThreshold: number;
  countryName: string;
  national: { year: number } | null;
  gapSource: string;
  sesSource: string;
}): string {
  return [
    `Pay basis (pay_basis, per category and overall): hourly gross pay when every record's hourly pay is known — annual pay ÷ (weekly_hours × 52), or the salary itself for records paid by the hour — as Eurostat's gap and the Directive's pay levels are; otherwise annual full-time-equivalent pay: hourly pay × full_time_weekly_hours (the weekly hours most records give; when none does, the week the country's minimum-wage law states, else 40) × 52 where it is known, full-time records without hours as paid (annual, monthly × 12), and part-timers without hours left out (excluded_from_gap; a group of only such part-timers compares them with each other), since a part-timer's lower annual pay is not a pay gap. The annualised figures over every record, as paid, stay in \`annual\`.`,
    "Gap = (men's − women's) ÷ men's × 100 on means (gap_pct) and on medians (median_gap_pct), the Directive's definition, rounded to two decimals at the end; the Article 10 flag uses gap_pct on the pay basis.",
    `Categories: each record's isco_code, soc_code or job title gives its ISCO-08 major group: titles are matched in the country's languages against ESCO labels, national title lists and O*NET titles (as /v1/salary); a title matched with confidence (the estimated probability that its occupation is right) below ${f.matchThreshold} is not guessed: it forms the Unclassified category, listed in unmatched_titles, counts in the overall gaps, and never requires a joint assessment.`,
    `A category reaching a gap of ${JOINT_ASSESSMENT_THRESHOLD}% in either direction requires a joint pay assessment (Article 10); a gender with fewer than ${K_ANONYMITY} employees in a category sets k_anonymity_warning.`,
    "A category without one gender has no gap: gap_pct, median_gap_pct and that gender's mean are null there (the only place the schema's numbers are null).",
    "Extensions: a record's `category` replaces ISCO grouping for it (no national benchmark then). article_9_indicators adds the variable-pay mean and median gaps among employees receiving any (variable_pay > 0) with the share of women and men receiving it, hourly gaps over records whose hourly pay is known, and quartile pay bands on hourly pay when every record's is known (annual pay otherwise); employees tied at a band boundary are split so the tied group's gender mix is the same on both sides.",
    `Benchmarks: national_average_gap_pct is Eurostat's unadjusted gender pay gap (${f.gapSource}) for ${f.countryName}, ${f.national?.year ?? "not published"}; national_benchmark_gap_pct is computed from ${f.sesSource} mean hourly earnings by sex for the ISCO group (enterprises with 10+ employees, NACE B–S except O), null where Eurostat publishes none or marks it confidential.`,
  ].join(" ");
}

/** E8: which minimum-wage rule the legal check applied, and how it met the posting's period and currency. */
export function legalMinimumMethodology(legal: LegalMinimum, on: string): string {
  const r = legal.rule;
  if (!r)
    return `Minimum wage: ${legal.basis === "no_statutory_minimum" ? "the country has no statutory minimum wage" : "no rule could be applied"} on ${on}.`;
  const source =
    legal.basis === "eurostat_earn_mw_cur"
      ? "Eurostat's statistical series earn_mw_cur (the legal table has no row for the country)"
      : `the minimum wage as legislated (${r.sourceTitle}, ${r.sourceUrl})`;
  const floor = legal.floor!;
  return (
    `Minimum wage: ${source}: ${r.amount} ${r.currency} a${r.unit === "hour" ? "n hour" : ` ${r.unit}`}${r.unit === "month" ? ` paid ${r.paymentsPerYear ?? 12} times a year` : ""}, in force from ${r.effectiveFrom} (the latest decision on or before ${on}). ` +
    `The posting is compared in the law's currency (${floor.currency}) and, where it can be, in the law's unit; here the floor is ${floor.formula}${floor.weeklyHours !== null ? ` (${floor.weeklyHours} hours a week: ${HOURS_BASIS_WORDS[floor.hoursBasis!]})` : ""}.`
  );
}

const HOURS_BASIS_WORDS = {
  posting: "the posting's weekly_hours",
  rule: "the statutory week the law's source states",
  convention: "a week the law's source uses to convert, not a statutory one",
  official_equivalent: "the week of the official hourly equivalent, an assumption about the job",
  assumed: "assumed, as neither the posting nor the source states hours",
} as const;

/** E8: what the market benchmark is, how its spread was estimated, and what the findings mean. */
export function marketMethodology(f: {
  matchedTitle: string;
  isco: { major: string; majorTitle: string };
  mean: number;
  /** The survey year the mean is of (SES 2022: 2022); not uprated. */
  surveyYear: string | null;
  basis: string | null;
  meanNotes: string[];
  sigma: number;
  decilesYear: number;
  decilesOf: string;
  hourlyAt: number | null;
}): string {
  return (
    `Market: ${f.matchedTitle} maps to ISCO-08 major group ${f.isco.major} (${f.isco.majorTitle}), the finest resolution SES publishes. Benchmark mean: ${round(f.mean, 2)} EUR a year${f.surveyYear ? ` in ${f.surveyYear} (the survey's year; not uprated to today's pay, so a market figure may lie below today's minimum wage)` : ""}, basis ${f.basis} (${f.meanNotes.join(" ")}) ` +
    `estimated_percentiles: a log-normal with that mean and log-dispersion σ = (ln p90 − ln p10) ÷ 2.5631 = ${f.sigma.toFixed(4)}, taken from BLS OEWS May ${f.decilesYear} national percentiles of ${f.decilesOf}; median = mean × exp(−σ²/2). ` +
    (f.hourlyAt !== null
      ? `Hourly postings are compared at the benchmark's own annual ÷ hourly earnings (${round(f.hourlyAt)} hours), not ${DEFAULT_ANNUAL_HOURS.toLocaleString("en-US")}. `
      : "") +
    "Findings against a whole major group are info: BELOW_MARKET (max below p25) and ABOVE_MARKET (min above p75) make statistically_reasonable false only when the whole range lies outside the group's p10–p90; RANGE_TOO_WIDE (max − min above the mean) is information only. None affects legally_valid."
  );
}
