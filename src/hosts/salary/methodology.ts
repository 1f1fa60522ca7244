// The methodology texts answers carry (E7 methodology_note, E8 methodology_note): how each figure was made, in
// words, with the thresholds and sources filled in from the code and the snapshot so the text cannot drift.
import { DEFAULT_ANNUAL_HOURS } from "../../domain/pay-period.ts";
import { JOINT_ASSESSMENT_THRESHOLD, K_ANONYMITY } from "../../domain/pay-gap.ts";
import { MATCH_CONFIDENCE_THRESHOLD } from "../../domain/title/match.ts";
import { round } from "../../domain/rounding.ts";

export function payGapMethodology(f: { countryName: string; national: { year: number } | null; gapSource: string; sesSource: string }): string {
  return [
    `Pay is compared on one basis, annual gross pay: annual salaries as given, monthly × 12, hourly × weekly_hours × 52 (or × ${DEFAULT_ANNUAL_HOURS} hours when weekly_hours is absent).`,
    "Gap = (men's − women's) ÷ men's × 100 on means (gap_pct) and on medians (median_gap_pct), the Directive's definition, rounded to two decimals at the end.",
    `Categories: each record's isco_code, soc_code or job title gives its ISCO-08 major group: titles are matched in the country's languages against ESCO labels, national title lists and O*NET titles (as /v1/salary); a title matched with confidence below ${MATCH_CONFIDENCE_THRESHOLD} is not guessed: it forms the Unclassified category, listed in unmatched_titles, counts in the overall gaps, and never requires a joint assessment.`,
    `A category reaching a gap of ${JOINT_ASSESSMENT_THRESHOLD}% in either direction requires a joint pay assessment (Article 10); a gender with fewer than ${K_ANONYMITY} employees in a category sets k_anonymity_warning.`,
    "A category without one gender has no gap: gap_pct, median_gap_pct and that gender's mean are null there (the only place the schema's numbers are null).",
    "Extensions: a record's `category` replaces ISCO grouping for it (no national benchmark then). article_9_indicators adds the variable-pay mean and median gaps among employees receiving any (variable_pay > 0) with the share of women and men receiving it, hourly gaps over records giving weekly_hours (annual pay ÷ (weekly_hours × 52)), and quartile pay bands on hourly pay when every record gives hours (annual pay otherwise); employees tied at a band boundary are split so the tied group's gender mix is the same on both sides.",
    `Benchmarks: national_average_gap_pct is Eurostat's unadjusted gender pay gap (${f.gapSource}) for ${f.countryName}, ${f.national?.year ?? "not published"}; national_benchmark_gap_pct is computed from ${f.sesSource} mean hourly earnings by sex for the ISCO group (enterprises with 10+ employees, NACE B–S except O), null where Eurostat publishes none or marks it confidential.`,
  ].join(" ");
}

/** E8: which minimum wage the legal check used, and how it meets the posting's period. */
export const minimumWageMethodology = (mw: { year: number; semester: number; monthlyEur: number; eurFlag: string | null }, today: Date) =>
  `Minimum wage: Eurostat earn_mw_cur ${mw.year}-S${mw.semester}, the latest semester in force on ${today.toISOString().slice(0, 10)} (the request date): ${mw.monthlyEur} EUR a month${mw.eurFlag ? ` (flagged "${mw.eurFlag}")` : ""}, × 12 for annual postings, × 12 ÷ ${DEFAULT_ANNUAL_HOURS} hours for hourly ones.`;

/** E8: what the market benchmark is, how its spread was estimated, and what the findings mean. */
export function marketMethodology(f: {
  matchedTitle: string; isco: { major: string; majorTitle: string }; mean: number; basis: string | null; meanNotes: string[];
  sigma: number; decilesYear: number; decilesOf: string; hourlyAt: number | null;
}): string {
  return `Market: ${f.matchedTitle} maps to ISCO-08 major group ${f.isco.major} (${f.isco.majorTitle}), the finest resolution SES publishes. Benchmark mean: ${round(f.mean, 2)} EUR a year, basis ${f.basis} (${f.meanNotes.join(" ")}) ` +
    `estimated_percentiles: a log-normal with that mean and log-dispersion σ = (ln p90 − ln p10) ÷ 2.5631 = ${f.sigma.toFixed(4)}, taken from BLS OEWS May ${f.decilesYear} national percentiles of ${f.decilesOf}; median = mean × exp(−σ²/2). ` +
    (f.hourlyAt !== null ? `Hourly postings are compared at the benchmark's own annual ÷ hourly earnings (${round(f.hourlyAt)} hours), not ${DEFAULT_ANNUAL_HOURS.toLocaleString("en-US")}. ` : "") +
    "Findings against a whole major group are info: BELOW_MARKET (max below p25) and ABOVE_MARKET (min above p75) make statistically_reasonable false only when the whole range lies outside the group's p10–p90; RANGE_TOO_WIDE (max − min above the mean) is information only. None affects legally_valid.";
}
