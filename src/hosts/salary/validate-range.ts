// E8 POST /v1/compliance/validate-salary-range: is a posted pay range legal (Article 5 and the statutory
// minimum wage) and is it where the market is (SES 2022)? Two independent answers, each finding a warning.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { resolveLocation } from "../../domain/location.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { POSTING_CURRENCIES } from "../../domain/currency.ts";
import type { SalaryPeriod } from "../../domain/pay-period.ts";
import { legalCheck, marketCheck, type Finding, type MarketResult } from "../../domain/range-check.ts";
import { minimumWageMethodology, marketMethodology } from "./methodology.ts";
import { transpositionOf, TRANSPOSITION_TABLE_DATE } from "../../domain/directive-transposition.ts";
import { oewsCodeNote } from "../../domain/oews-codes.ts";
import countries from "../../domain/country-names.ts";
import { MATCH_CONFIDENCE_THRESHOLD } from "../../domain/title/match.ts";
import { findJob, matchFields, candidatesOf, euMeanNotes, cite } from "./service.ts";
import { occupationCode, MatchFields, EuBenchmarkFields } from "./models.ts";
import type { EuBasis } from "../../domain/eu-earnings.ts";
import type { Services } from "../../services.ts";

export const RANGE_DISCLAIMER =
  "legally_valid assesses structural compliance (a stated range, max above min, at or above the statutory minimum wage); statistically_reasonable assesses market position against survey data. Neither is legal advice.";

const Warning = z.object({
  code: z.string().describe("the finding: MAX_NOT_ABOVE_MIN, BELOW_MINIMUM_WAGE, NO_STATUTORY_MINIMUM_WAGE, CURRENCY_CONVERTED, NO_BENCHMARK, BELOW_MARKET, ABOVE_MARKET, RANGE_TOO_WIDE or TRANSPOSITION_STATUS_UNKNOWN"),
  severity: z.enum(["error", "warning", "info"]).describe("error: makes legally_valid false; warning: a check could not be made; info: information (market findings, conversions)"),
  message: z.string().describe("the finding in words, with the figures behind it"),
});



/** EUR per unit of the posting's currency, from World Bank annual average rates. */
function eurPerUnit(currency: string, s: Services): { rate: number; year: number } | null {
  if (currency === "EUR") return { rate: 1, year: 0 };
  const usd = s.priceLevels.eurPerUsd;
  if (!usd) return null;
  if (currency === "USD") return { rate: usd.eurPerUsd, year: usd.year };
  const local = s.priceLevels.lcuPerUsd(POSTING_CURRENCIES[currency]);
  return local ? { rate: usd.eurPerUsd / local.value, year: Math.min(local.year, usd.year) } : null;
}

export const validateSalaryRange = defineRoute({
  id: "E8",
  summary: "Validate a posted salary range",
  description: "legally_valid and statistically_reasonable are independent and never merged; `warnings` explains each finding. `sector` and `company_size` are accepted and not used.",
  method: "POST",
  path: "/api/v1/compliance/validate-salary-range",
  scope: "compliance:read",
  minTier: "pro",
  examples: [
    { summary: "A German nurse posting", body: { job_title: "Registered Nurse", country: "DE", min_salary: 52000, max_salary: 58000 } },
    { summary: "A French cashier posting, monthly", body: { job_title: "Cashier", country: "FR", min_salary: 1900, max_salary: 2100, salary_period: "monthly" } },
  ],
  body: z.object({
    job_title: z.string().trim().min(1).max(200).optional().describe("the posting's job title, matched to an ISCO-08 unit group in the country's languages; job_title or occupation_code is required"),
    occupation_code: occupationCode,
    country: z.string().trim().min(1).max(100).describe("EU/EEA ISO code or country name"),
    min_salary: z.number().nonnegative().finite().describe("the bottom of the posted range, in `currency` per salary_period"),
    max_salary: z.number().nonnegative().finite().describe("the top of the posted range, in `currency` per salary_period"),
    currency: z.string().transform((c) => c.trim().toUpperCase()).pipe(z.enum(Object.keys(POSTING_CURRENCIES) as [string, ...string[]])).default("EUR")
      .describe("currency of the amounts: EUR (default), USD, PLN, CZK, HUF, RON, BGN, SEK, DKK, NOK, ISK, CHF or GBP; converted to EUR at the World Bank annual average rate"),
    salary_period: z.enum(["annual", "monthly", "hourly"]).default("annual").describe("the period min_salary and max_salary are per: annual (default), monthly or hourly"),
    sector: z.unknown().optional().describe("accepted and not used"),
    company_size: z.unknown().optional().describe("accepted and not used"),
  }).refine((b) => b.job_title !== undefined || b.occupation_code !== undefined, { message: "job_title or occupation_code is required", path: ["job_title"] }),
  response: z.object({
    legally_valid: z.boolean().describe("structural check: max_salary above min_salary and min_salary at or above the statutory minimum wage for the period; not legal advice"),
    statistically_reasonable: z.boolean().describe("market check, independent of legally_valid: false only when the whole range lies outside the group's estimated p10–p90; true when there is no benchmark"),
    warnings: z.array(Warning).describe("one per finding of either check"),
    country_code: z.string().describe("ISO 3166 alpha-2 code of the posting's country"),
    country_name: z.string().describe("the country's English name"),
    directive_transposed: z.boolean().describe("true only when a dated table confirms the country has transposed Directive (EU) 2023/970; false otherwise (never guessed)"),
    matched_isco: z.string().nullable().describe("the ISCO-08 major group (one digit) that benchmarks the range; null without a confident match"),
    matched_title: z.string().nullable().describe("the matched occupation's title; null without a confident match"),
    benchmark_median: z.number().nullable().describe("estimated_percentiles.p50, in EUR per salary_period; null when there is no market benchmark"),
    methodology_note: z.string().describe("how the minimum wage, the benchmark and the percentiles were chosen and computed"),
    basis: EuBenchmarkFields.basis,
    benchmark_resolution: EuBenchmarkFields.benchmark_resolution.nullable().describe("addition: isco_major_group, the resolution SES publishes; null without a confident match"),
    benchmark_group: EuBenchmarkFields.benchmark_group.nullable().describe("addition: the ISCO-08 major group that benchmarks the range; null without a confident match"),
    estimated_percentiles: z.object({
      p10: z.number().describe("estimated 10th percentile, EUR per salary_period"),
      p25: z.number().describe("estimated 25th percentile, EUR per salary_period"),
      p50: z.number().describe("estimated median, EUR per salary_period"),
      p75: z.number().describe("estimated 75th percentile, EUR per salary_period"),
      p90: z.number().describe("estimated 90th percentile, EUR per salary_period"),
    }).nullable().describe("a log-normal spread around the group's Eurostat SES 2022 mean, with the dispersion of BLS OEWS national percentiles; null when there is no market benchmark"),
    benchmark_currency: z.string().describe("always EUR: the currency of benchmark_median and estimated_percentiles"),
    salary_period: z.string().describe("the posting's salary_period, which benchmark_median and estimated_percentiles are per"),
    disclaimer: z.string().describe("what legally_valid and statistically_reasonable assess; neither is legal advice"),
    match_method: z.string().nullable().describe("addition: how the occupation was found (null: not matched)"),
    matched_isco_full: z.string().nullable().describe("addition: the matched ISCO-08 unit group"),
    ...MatchFields, match_confidence: MatchFields.match_confidence.nullable().describe("addition: 0–1, how sure the title match is; below 0.5 no market verdict is given; null when nothing matched"),
  }),
  handle: ({ body }, s) => {
    const place = resolveLocation(body.country, s.locations);
    if (place?.region !== "eu") throw validationError([{ field: "country", code: "unsupported_country", message: "not an EU/EEA country name or ISO code" }]);
    const iso = place.countryCode;
    const geo = isoToEurostat(iso);
    const period = body.salary_period as SalaryPeriod;
    const warnings: Finding[] = [];
    const notes: string[] = [];

    // Amounts in EUR for every comparison.
    const fx = eurPerUnit(body.currency, s)!;
    const [minEur, maxEur] = [body.min_salary * fx.rate, body.max_salary * fx.rate];
    if (body.currency !== "EUR") {
      warnings.push({ code: "CURRENCY_CONVERTED", severity: "info", message: `The range was converted from ${body.currency} to EUR at ${fx.rate.toFixed(6)} EUR per ${body.currency}, the ${fx.year} annual average market rate from World Bank data (PPP factor ÷ price level ratio).` });
    }

    const range = { min: body.min_salary, max: body.max_salary, minEur, maxEur, period };
    const today = new Date();
    const mw = s.euEarnings.minimumWage(geo, today);
    const legal = legalCheck(range, mw ?? null, place.countryName);
    warnings.push(...legal.findings);
    if (mw) notes.push(minimumWageMethodology(mw, today));

    // Market: no benchmark, no verdict: statistically_reasonable stays true and NO_BENCHMARK says why.
    let market: MarketResult | null = null;
    let benchmark: { basis: EuBasis | null; group: { code: string; name: string } } | null = null;
    const job = findJob({ jobTitle: body.job_title, occupationCode: body.occupation_code }, s, "isco", iso);
    const isco = job && job.confidence >= MATCH_CONFIDENCE_THRESHOLD ? job.isco : null;
    if (!job || !isco) {
      const near = candidatesOf(job).map((c) => `${c.codeTitle} (ISCO ${c.code}, confidence ${c.confidence})`).join("; ") || "none";
      warnings.push({ code: "NO_BENCHMARK", severity: "warning", message: `No market verdict: the job title matches no occupation with confidence ${MATCH_CONFIDENCE_THRESHOLD} or more, so there is no benchmark to compare the range with (statistically_reasonable is not assessed and stays true); closest: ${near}. Send occupation_code to choose one.` });
    } else {
      const group = `OC${isco.major}`;
      const m = s.euEarnings.annualMean(geo, group);
      benchmark = { basis: m.basis, group: { code: isco.major, name: isco.majorTitle } };
      const soc = job.best.concept.soc;
      const oews = soc ? s.wages.oewsCodeFor(s.wages.latestYear, soc.slice(0, 7)) : null;
      const national = oews ? s.wages.rows(s.wages.latestYear, oews.code, "0000000")[0] : undefined;
      // The matched occupation's dispersion, else all occupations' from the latest vintage that publishes that row.
      const deciles = national?.a_pct10 && national?.a_pct90 ? national : s.wages.mostRecentRow("00-0000", "0000000");
      if (m.mean === null) {
        warnings.push({ code: "NO_BENCHMARK", severity: "warning", message: `No market verdict: ${cite(s, "eurostat_ses_2022")} publishes no annual, monthly or annualisable hourly earnings for ISCO group ${isco.major} (${isco.majorTitle}) in ${place.countryName}.` });
      } else if (!deciles?.a_pct10 || !deciles?.a_pct90) {
        warnings.push({ code: "NO_BENCHMARK", severity: "warning", message: "No market verdict: BLS OEWS publishes no annual 10th and 90th percentiles for the matched U.S. occupation or for all occupations, so the range's market position cannot be estimated." });
      } else {
        market = marketCheck(range, { mean: m.mean, meanHourly: m.meanHourly }, { p10: deciles.a_pct10, p90: deciles.a_pct90 },
          `ISCO-08 major group ${isco.major} (${isco.majorTitle}) in ${place.countryName}, which every occupation in the group shares`);
        warnings.push(...market.findings);
        notes.push(marketMethodology({
          matchedTitle: job.title, isco, mean: m.mean, basis: m.basis, meanNotes: euMeanNotes(m, place.countryName, s.euEarnings.impliedPaidHours(group)),
          sigma: market.sigma, decilesYear: deciles.year, decilesOf: deciles === national ? `the matched U.S. occupation (${deciles.occ_code})` : "all U.S. occupations (00-0000)",
          hourlyAt: period === "hourly" ? market.hours : null,
        }));
        const codeNote = deciles === national ? oewsCodeNote(s.wages, s.occupations.socTitles, s.wages.latestYear, soc!.slice(0, 7)) : null;
        if (codeNote) notes.push(`The U.S. percentiles' code: ${codeNote}`);
      }
    }

    const transposition = transpositionOf(iso);
    if (transposition.transposed === null) {
      warnings.push({ code: "TRANSPOSITION_STATUS_UNKNOWN", severity: "info", message: `No source available to this service (table dated ${TRANSPOSITION_TABLE_DATE}) confirms that ${place.countryName} has transposed Directive (EU) 2023/970, so directive_transposed is false; check the national measure.` });
    }
    return {
      data: {
        legally_valid: legal.valid, statistically_reasonable: market?.reasonable ?? true, warnings,
        country_code: iso, country_name: countries.getName(iso, "en") ?? iso, directive_transposed: transposition.transposed === true,
        matched_isco: isco?.major ?? null, matched_title: isco ? job!.title : null, benchmark_median: market?.percentiles.p50 ?? null,
        basis: benchmark?.basis ?? null, benchmark_resolution: benchmark ? "isco_major_group" as const : null, benchmark_group: benchmark?.group ?? null,
        methodology_note: [...notes, "Both checks run on EUR amounts; estimated_percentiles and benchmark_median are in EUR for the posting's salary_period."].join(" "),
        estimated_percentiles: market?.percentiles ?? null, benchmark_currency: "EUR", salary_period: period, disclaimer: RANGE_DISCLAIMER,
        match_method: job?.method ?? null, matched_isco_full: isco?.unit ?? null,
        ...(job ? matchFields(job) : { match_confidence: null, matched_label: null, matched_label_language: null, alternatives: [] }),
      },
      datasets: ["eurostat_min_wage", "eurostat_ses_2022", "bls_oews", "esco_occupations", "esco_national_titles", "isco_soc_crosswalk", "worldbank_ppp"],
    };
  },
});
