// E8's market check of a posted pay range, in EUR: where does it sit in its occupation group's market (a log-normal
// spread around the group's mean)? Findings are info. The legal check is in statutory-minimum.ts.
import { annualise, fromAnnual, DEFAULT_ANNUAL_HOURS, type SalaryPeriod } from "./pay-period.ts";
import { lognormalPercentiles, sigmaFromDeciles } from "./lognormal.ts";
import { marketVerdict } from "./market-verdict.ts";
import { round } from "./rounding.ts";

export type { Finding } from "./statutory-minimum.ts";
import type { Finding } from "./statutory-minimum.ts";
export type Percentiles = Record<"p10" | "p25" | "p50" | "p75" | "p90", number>;

export interface PostedRange {
  min: number;
  max: number;
  minEur: number;
  maxEur: number;
  period: SalaryPeriod;
}
export interface MarketResult {
  reasonable: boolean;
  findings: Finding[];
  /** The group's estimated percentiles in EUR for the posting's period. */
  percentiles: Percentiles;
  /** The log-dispersion used, and the hours a year hourly postings were compared at. */
  sigma: number;
  hours: number;
}

/**
 * Market: the group's annual mean spread as a log-normal with the U.S. deciles' dispersion. Hourly postings meet the
 * benchmark at its own annual ÷ hourly, so a posting at the hourly mean sits at the mean. Findings are info: the
 * group is a whole ISCO major group; statistically_reasonable is false only outside its p10–p90.
 */
export function marketCheck(
  range: PostedRange,
  benchmark: { mean: number; meanHourly: number | null },
  deciles: { p10: number; p90: number },
  where: string,
): MarketResult {
  const sigma = sigmaFromDeciles(deciles.p10, deciles.p90);
  const annualP = lognormalPercentiles(benchmark.mean, sigma);
  const hours = benchmark.meanHourly ? benchmark.mean / benchmark.meanHourly : DEFAULT_ANNUAL_HOURS;
  const percentiles = Object.fromEntries(
    Object.entries(annualP).map(([k, v]) => [k, round(fromAnnual(v, range.period, hours), 2)]),
  ) as Percentiles;
  const verdict = marketVerdict(
    annualise(range.minEur, range.period, hours),
    annualise(range.maxEur, range.period, hours),
    annualP,
    benchmark.mean,
  );
  const at = (k: keyof Percentiles) => `the group's estimated ${k.slice(1)}th percentile (${percentiles[k]} EUR)`;
  const findings: Finding[] = verdict.findings.map((f) => {
    const message =
      f === "BELOW_PLAUSIBLE"
        ? `The whole range lies below ${at("p10")} for ${where}: outside the group's plausible spread.`
        : f === "ABOVE_PLAUSIBLE"
          ? `The whole range lies above ${at("p90")} for ${where}: outside the group's plausible spread.`
          : f === "BELOW_MARKET"
            ? `The whole range lies below ${at("p25")} for ${where}; it is within the group's p10–p90, so this is not a verdict on the occupation.`
            : f === "ABOVE_MARKET"
              ? `The whole range lies above ${at("p75")} for ${where}; it is within the group's p10–p90, so this is not a verdict on the occupation.`
              : `The range is wider (${round(range.maxEur - range.minEur, 2)} EUR) than the group's benchmark mean (${round(fromAnnual(benchmark.mean, range.period, hours), 2)} EUR) for ${where}.`;
    return {
      code: f === "BELOW_PLAUSIBLE" ? "BELOW_MARKET" : f === "ABOVE_PLAUSIBLE" ? "ABOVE_MARKET" : f,
      severity: "info",
      message,
    };
  });
  return { reasonable: verdict.reasonable, findings, percentiles, sigma, hours };
}

/** Why a range gets no market verdict; statistically_reasonable then stays true (not assessed). */
export type NoBenchmark =
  | { reason: "no_rate"; currency: string }
  | { reason: "no_match"; threshold: number; closest: string }
  | { reason: "no_mean"; source: string; group: string; groupTitle: string; country: string }
  | { reason: "no_deciles" };

/** The NO_BENCHMARK finding that says why, and what to send instead where there is something to send. */
export function noBenchmarkFinding(why: NoBenchmark): Finding {
  const message =
    why.reason === "no_rate"
      ? `No market verdict: no exchange rate from ${why.currency} to EUR is available.`
      : why.reason === "no_match"
        ? `No market verdict: the job title matches no occupation with confidence ${why.threshold} or more, so there is no benchmark to compare the range with (statistically_reasonable is not assessed and stays true); closest: ${why.closest}. Send occupation_code to choose one.`
        : why.reason === "no_mean"
          ? `No market verdict: ${why.source} publishes no annual, monthly or annualisable hourly earnings for ISCO group ${why.group} (${why.groupTitle}) in ${why.country}.`
          : "No market verdict: BLS OEWS publishes no annual 10th and 90th percentiles for the matched U.S. occupation or for all occupations, so the range's market position cannot be estimated.";
  return { code: "NO_BENCHMARK", severity: "warning", message };
}

/** The range as posted, in EUR for the market check: said when a conversion was needed. */
export const currencyConvertedFinding = (currency: string, rate: number, source: string): Finding => ({
  code: "CURRENCY_CONVERTED",
  severity: "info",
  message: `For the market check the range was converted from ${currency} to EUR at ${rate.toFixed(6)} EUR per ${currency}, ${source}.`,
});

/**
 * A pay range needs a top above its bottom (Article 5's range; the spec's legal validity): equal or swapped ends are
 * an error of the posting, not of the request.
 */
export const sameEndsFinding = (min: number, max: number): Finding | null =>
  max === min
    ? {
        code: "MAX_NOT_ABOVE_MIN",
        severity: "error",
        message: `max_salary (${max}) must be above min_salary (${min}): a pay range needs two different ends.`,
      }
    : max < min
      ? {
          code: "MAX_NOT_ABOVE_MIN",
          severity: "error",
          message: `max_salary (${max}) is below min_salary (${min}): the ends look swapped. The other checks read the range from ${max} to ${min}.`,
        }
      : null;
