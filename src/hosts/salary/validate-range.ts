// E8 POST /v1/compliance/validate-salary-range: is a posted pay range legal (Article 5 and the statutory
// minimum wage) and is it where the market is (SES 2022)? Two independent answers, each finding a warning.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { resolveLocation } from "../../domain/location.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { POSTING_CURRENCIES } from "../../domain/currency.ts";
import { isoDate } from "../../http/validation.ts";
import type { SalaryPeriod } from "../../domain/pay-period.ts";
import {
  currencyConvertedFinding,
  marketCheck,
  noBenchmarkFinding,
  sameEndsFinding,
  type Finding,
  type MarketResult,
} from "../../domain/range-check.ts";
import { legalMinimumMethodology, marketMethodology } from "./methodology.ts";
import { legalMinimumCheck, unitsPer } from "./legal-minimum.ts";
import { transpositionOf, transpositionUnknownFinding } from "../../domain/directive-transposition.ts";
import { oewsCodeNote } from "../../domain/oews-codes.ts";
import countries from "../../domain/country-names.ts";
import { findJob, matchFields, candidatesOf, euMeanNotes, cite } from "./service.ts";
import { occupationCode, MatchFields, EuBenchmarkFields, payAmount } from "./models.ts";
import type { EuBasis } from "../../domain/eu-earnings.ts";

export const RANGE_DISCLAIMER =
  "legally_valid assesses structural compliance (a stated range, max above min, at or above the statutory minimum wage); statistically_reasonable assesses market position against survey data. Neither is legal advice.";

const MinimumWageRule = z
  .object({
    amount: z.number().describe("the amount as legislated, in `currency` per `unit`"),
    unit: z.enum(["hour", "day", "week", "month"]).describe("the law's unit"),
    currency: z.string().describe("the law's currency (ISO 4217)"),
    payments_per_year: z
      .number()
      .int()
      .nullable()
      .describe("monthly amounts: how many are paid a year (14 in Spain, Portugal and Greece); null for other units"),
    standard_hours_per_week: z
      .number()
      .nullable()
      .describe("the weekly hours the source states the amount is for; null when it states none"),
    effective_from: z.string().describe("the date the amount took effect (YYYY-MM-DD)"),
    source_title: z.string().describe("the source the amount is taken from"),
    source_url: z.string().describe("its address"),
    note: z.string().nullable().describe("the table's note on the row: the legal basis, who it applies to, doubts"),
    uncertain: z
      .boolean()
      .describe("true when the source does not confirm the amount or its date (LEGAL_SOURCE_UNCERTAIN)"),
    basis: z
      .enum(["statutory_table", "eurostat_earn_mw_cur"])
      .describe(
        "statutory_table: the minimum wage as legislated; eurostat_earn_mw_cur: Eurostat's statistical monthly EUR figure, used only for a country the table lacks",
      ),
  })
  .nullable()
  .describe(
    "addition: the minimum-wage rule the legal check applied; null when the country has no statutory minimum or no source lists one",
  );
const MinimumWageFloor = z
  .object({
    amount: z
      .number()
      .describe(
        "the minimum in the law's currency per the posting's salary_period (rounded to 4 decimals; compared at the cent when converted)",
      ),
    currency: z.string().describe("the law's currency"),
    salary_period: z.enum(["annual", "monthly", "hourly"]).describe("the posting's period"),
    formula: z.string().describe("how the rule's amount became this floor, e.g. 1221 × 14 payments a year"),
    weekly_hours: z.number().nullable().describe("the weekly hours a unit conversion used; null when none was needed"),
    hours_basis: z
      .enum(["posting", "rule", "convention", "official_equivalent", "assumed"])
      .nullable()
      .describe(
        "where weekly_hours came from: the posting's weekly_hours; rule, the statutory week the law's source states; convention, a week a source uses to convert (not the law's); an official hourly equivalent's week; or assumed (40). With the last three, findings are warnings, never errors",
      ),
  })
  .nullable()
  .describe("addition: the rule's amount in the posting's period; null without a rule");

const Warning = z.object({
  code: z
    .string()
    .describe(
      "the finding: legal — MAX_NOT_ABOVE_MIN, BELOW_MINIMUM_WAGE, MINIMUM_WAGE_HOURS_ASSUMED, PAID_IN_14_PAYMENTS, LEGAL_SOURCE_UNCERTAIN, MINIMUM_WAGE_MAY_BE_OUTDATED, GUARANTEED_MINIMUM_MAY_APPLY, UPCOMING_MINIMUM_WAGE, NO_STATUTORY_MINIMUM_WAGE, MINIMUM_WAGE_FROM_EUROSTAT, NO_MINIMUM_WAGE_SOURCE, NO_MINIMUM_WAGE_RULE, NO_EXCHANGE_RATE, CURRENCY_CONVERTED; market — NO_BENCHMARK, BELOW_MARKET, ABOVE_MARKET, RANGE_TOO_WIDE; TRANSPOSITION_STATUS_UNKNOWN (docs/compliance.md)",
    ),
  severity: z
    .enum(["error", "warning", "info"])
    .describe(
      "error: makes legally_valid false; warning: a check could not be made, or rests on an assumption or an unconfirmed source (read it before publishing); info: information (market findings, conversions, an upcoming minimum wage)",
    ),
  message: z.string().describe("the finding in words, with the figures behind it"),
});

export const validateSalaryRange = defineRoute({
  id: "E8",
  summary: "Validate a posted salary range",
  description:
    "legally_valid and statistically_reasonable are independent and never merged; `warnings` explains each finding. `sector` and `company_size` are accepted and not used.",
  method: "POST",
  path: "/api/v1/compliance/validate-salary-range",
  scope: "compliance:read",
  minTier: "pro",
  examples: [
    {
      summary: "A German nurse posting",
      body: { job_title: "Registered Nurse", country: "DE", min_salary: 52000, max_salary: 58000 },
    },
    {
      summary: "A French cashier posting, monthly",
      body: { job_title: "Cashier", country: "FR", min_salary: 1900, max_salary: 2100, salary_period: "monthly" },
    },
  ],
  body: z
    .strictObject({
      job_title: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .describe(
          "the posting's job title, matched to an ISCO-08 unit group in the country's languages; job_title or occupation_code is required",
        ),
      occupation_code: occupationCode,
      country: z.string().trim().min(1).max(100).describe("EU/EEA ISO code or country name"),
      min_salary: payAmount().describe("the bottom of the posted range, in `currency` per salary_period"),
      max_salary: payAmount().describe(
        "the top of the posted range, in `currency` per salary_period; not above min_salary: legally invalid (MAX_NOT_ABOVE_MIN)",
      ),
      currency: z
        .string()
        .transform((c) => c.trim().toUpperCase())
        .pipe(z.enum(Object.keys(POSTING_CURRENCIES) as [string, ...string[]]))
        .default("EUR")
        .describe(
          "currency of the amounts: EUR (default), USD, PLN, CZK, HUF, RON, BGN, SEK, DKK, NOK, ISK, CHF or GBP. The legal check runs in the minimum wage's own currency (a posting in it is not converted); the market check in EUR, at the World Bank annual average rate",
        ),
      weekly_hours: z
        .number()
        .positive()
        .max(168)
        .optional()
        .describe(
          "addition: the job's weekly hours; turns a monthly or annual posting into an hourly rate where the minimum wage is hourly (without it, the law's stated hours or an assumed 40-hour week are used, and an assumed week gives a warning, never an error)",
        ),
      effective_date: isoDate
        .optional()
        .describe(
          "addition: the date the posted pay applies from (YYYY-MM-DD); the minimum wage in force that day is applied. Default: today (UTC)",
        ),
      salary_period: z
        .enum(["annual", "monthly", "hourly"])
        .default("annual")
        .describe("the period min_salary and max_salary are per: annual (default), monthly or hourly"),
      sector: z.unknown().optional().describe("accepted and not used"),
      company_size: z.unknown().optional().describe("accepted and not used"),
    })
    .refine((b) => b.job_title !== undefined || b.occupation_code !== undefined, {
      message: "job_title or occupation_code is required",
      path: ["job_title"],
    }),
  response: z.object({
    legally_valid: z
      .boolean()
      .describe(
        "structural check: max_salary above min_salary and min_salary at or above the statutory minimum wage as legislated, in the law's unit and currency, on effective_date; false only on an error finding; not legal advice",
      ),
    statistically_reasonable: z
      .boolean()
      .describe(
        "market check, independent of legally_valid: false only when the whole range lies outside the group's estimated p10–p90; true when there is no benchmark",
      ),
    warnings: z.array(Warning).describe("one per finding of either check"),
    country_code: z.string().describe("ISO 3166 alpha-2 code of the posting's country"),
    country_name: z.string().describe("the country's English name"),
    directive_transposed: z
      .boolean()
      .describe(
        "true only when a dated table confirms the country has transposed Directive (EU) 2023/970; false otherwise (never guessed)",
      ),
    matched_isco: z
      .string()
      .nullable()
      .describe("the ISCO-08 major group (one digit) that benchmarks the range; null without a confident match"),
    matched_title: z.string().nullable().describe("the matched occupation's title; null without a confident match"),
    benchmark_median: z
      .number()
      .nullable()
      .describe("estimated_percentiles.p50, in EUR per salary_period; null when there is no market benchmark"),
    methodology_note: z
      .string()
      .describe("how the minimum wage, the benchmark and the percentiles were chosen and computed"),
    minimum_wage_rule: MinimumWageRule,
    minimum_wage_floor: MinimumWageFloor,
    basis: EuBenchmarkFields.basis,
    benchmark_resolution: EuBenchmarkFields.benchmark_resolution
      .nullable()
      .describe("addition: isco_major_group, the resolution SES publishes; null without a confident match"),
    benchmark_group: EuBenchmarkFields.benchmark_group
      .nullable()
      .describe("addition: the ISCO-08 major group that benchmarks the range; null without a confident match"),
    estimated_percentiles: z
      .object({
        p10: z.number().describe("estimated 10th percentile, EUR per salary_period"),
        p25: z.number().describe("estimated 25th percentile, EUR per salary_period"),
        p50: z.number().describe("estimated median, EUR per salary_period"),
        p75: z.number().describe("estimated 75th percentile, EUR per salary_period"),
        p90: z.number().describe("estimated 90th percentile, EUR per salary_period"),
      })
      .nullable()
      .describe(
        "a log-normal spread around the group's Eurostat SES 2022 mean, with the dispersion of BLS OEWS national percentiles; null when there is no market benchmark",
      ),
    benchmark_currency: z.string().describe("always EUR: the currency of benchmark_median and estimated_percentiles"),
    salary_period: z
      .string()
      .describe("the posting's salary_period, which benchmark_median and estimated_percentiles are per"),
    disclaimer: z.string().describe("what legally_valid and statistically_reasonable assess; neither is legal advice"),
    match_method: z.string().nullable().describe("addition: how the occupation was found (null: not matched)"),
    matched_isco_full: z.string().nullable().describe("addition: the matched ISCO-08 unit group"),
    ...MatchFields,
    match_confidence: MatchFields.match_confidence
      .nullable()
      .describe(
        "addition: 0–1, the estimated probability that the matched occupation is right; below the EU path's threshold (set from the calibration curve; the NO_BENCHMARK warning names it) no market verdict is given; null when nothing matched",
      ),
  }),
  handle: ({ body }, s) => {
    const place = resolveLocation(body.country, s.locations);
    if (place?.region !== "eu")
      throw validationError([
        { field: "country", code: "unsupported_country", message: "not an EU/EEA country name or ISO code" },
      ]);
    const iso = place.countryCode;
    const geo = isoToEurostat(iso);
    const period = body.salary_period as SalaryPeriod;
    const warnings: Finding[] = [];
    const notes: string[] = [];

    // Legal: a real range, and the minimum wage as legislated, in the law's unit and currency.
    const on = body.effective_date ?? new Date().toISOString().slice(0, 10);
    const sameEnds = sameEndsFinding(body.min_salary, body.max_salary);
    if (sameEnds) warnings.push(sameEnds);
    // Swapped ends are an error above; every other check reads the range bottom to top.
    const [bottom, top] = [Math.min(body.min_salary, body.max_salary), Math.max(body.min_salary, body.max_salary)];
    const legal = legalMinimumCheck(
      { min: bottom, currency: body.currency, period, weeklyHours: body.weekly_hours ?? null, on },
      iso,
      geo,
      place.countryName,
      s,
    );
    warnings.push(...legal.findings);
    notes.push(legalMinimumMethodology(legal, on));
    const legallyValid = !warnings.some((w) => w.severity === "error");

    // Market: in EUR, the survey's currency.
    const fx = unitsPer("EUR", body.currency, s);
    const [minEur, maxEur] = fx ? [bottom * fx.rate, top * fx.rate] : [NaN, NaN];
    if (fx && fx.rate !== 1) warnings.push(currencyConvertedFinding(body.currency, fx.rate, fx.source));
    const range = { min: bottom, max: top, minEur, maxEur, period };

    // Market: no benchmark, no verdict: statistically_reasonable stays true and NO_BENCHMARK says why.
    let market: MarketResult | null = null;
    let benchmark: { basis: EuBasis | null; group: { code: string; name: string } } | null = null;
    const job = findJob({ jobTitle: body.job_title, occupationCode: body.occupation_code }, s, "isco", iso);
    const threshold = s.titleMatcher.threshold("isco");
    const isco = job && job.confidence >= threshold ? job.isco : null;
    if (!fx) {
      warnings.push(noBenchmarkFinding({ reason: "no_rate", currency: body.currency }));
    } else if (!job || !isco) {
      const closest =
        candidatesOf(job)
          .map((c) => `${c.codeTitle} (ISCO ${c.code}, confidence ${c.confidence})`)
          .join("; ") || "none";
      warnings.push(noBenchmarkFinding({ reason: "no_match", threshold, closest }));
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
        warnings.push(
          noBenchmarkFinding({
            reason: "no_mean",
            source: cite(s, "eurostat_ses_2022"),
            group: isco.major,
            groupTitle: isco.majorTitle,
            country: place.countryName,
          }),
        );
      } else if (!deciles?.a_pct10 || !deciles?.a_pct90) {
        warnings.push(noBenchmarkFinding({ reason: "no_deciles" }));
      } else {
        const surveyYear = s.sources.dataDate("eurostat_ses_2022");
        market = marketCheck(
          range,
          { mean: m.mean, meanHourly: m.meanHourly },
          { p10: deciles.a_pct10, p90: deciles.a_pct90 },
          // The survey's year is said where the finding is: a 2022 market below today's minimum wage is its age.
          `ISCO-08 major group ${isco.major} (${isco.majorTitle}) in ${place.countryName}${surveyYear ? ` in ${surveyYear}` : ""} (${cite(s, "eurostat_ses_2022")}; earnings of that year, not uprated to today), which every occupation in the group shares`,
        );
        warnings.push(...market.findings);
        notes.push(
          marketMethodology({
            matchedTitle: job.title,
            isco,
            mean: m.mean,
            surveyYear,
            basis: m.basis,
            meanNotes: euMeanNotes(m, place.countryName, s.euEarnings.impliedPaidHours(group)),
            sigma: market.sigma,
            decilesYear: deciles.year,
            decilesOf:
              deciles === national
                ? `the matched U.S. occupation (${deciles.occ_code})`
                : "all U.S. occupations (00-0000)",
            hourlyAt: period === "hourly" ? market.hours : null,
          }),
        );
        const codeNote =
          deciles === national
            ? oewsCodeNote(s.wages, s.occupations.socTitles, s.wages.latestYear, soc!.slice(0, 7))
            : null;
        if (codeNote) notes.push(`The U.S. percentiles' code: ${codeNote}`);
      }
    }

    const transposition = transpositionOf(iso);
    if (transposition.transposed === null) warnings.push(transpositionUnknownFinding(place.countryName));
    return {
      data: {
        legally_valid: legallyValid,
        statistically_reasonable: market?.reasonable ?? true,
        warnings,
        country_code: iso,
        country_name: countries.getName(iso, "en") ?? iso,
        directive_transposed: transposition.transposed === true,
        matched_isco: isco?.major ?? null,
        matched_title: isco ? job!.title : null,
        benchmark_median: market?.percentiles.p50 ?? null,
        basis: benchmark?.basis ?? null,
        benchmark_resolution: benchmark ? ("isco_major_group" as const) : null,
        benchmark_group: benchmark?.group ?? null,
        methodology_note: [
          ...notes,
          "estimated_percentiles and benchmark_median are in EUR for the posting's salary_period.",
        ].join(" "),
        minimum_wage_rule: legal.rule
          ? {
              amount: legal.rule.amount!,
              unit: legal.rule.unit as "hour" | "day" | "week" | "month",
              currency: legal.rule.currency!,
              payments_per_year: legal.rule.unit === "month" ? legal.rule.paymentsPerYear : null,
              standard_hours_per_week: legal.rule.hoursPerWeek,
              effective_from: legal.rule.effectiveFrom!,
              source_title: legal.rule.sourceTitle,
              source_url: legal.rule.sourceUrl,
              note: legal.rule.note,
              uncertain: legal.rule.uncertain,
              basis:
                legal.basis === "eurostat_earn_mw_cur"
                  ? ("eurostat_earn_mw_cur" as const)
                  : ("statutory_table" as const),
            }
          : null,
        minimum_wage_floor: legal.floor
          ? {
              amount: legal.floor.amount,
              currency: legal.floor.currency,
              salary_period: legal.floor.per,
              formula: legal.floor.formula,
              weekly_hours: legal.floor.weeklyHours,
              hours_basis: legal.floor.hoursBasis,
            }
          : null,
        estimated_percentiles: market?.percentiles ?? null,
        benchmark_currency: "EUR",
        salary_period: period,
        disclaimer: RANGE_DISCLAIMER,
        match_method: job?.method ?? null,
        matched_isco_full: isco?.unit ?? null,
        ...(job
          ? matchFields(job)
          : { match_confidence: null, matched_label: null, matched_label_language: null, alternatives: [] }),
      },
      datasets: [
        "statutory_minimum_wages",
        "eurostat_min_wage",
        "eurostat_ses_2022",
        "bls_oews",
        "esco_occupations",
        "esco_national_titles",
        "isco_soc_crosswalk",
        "worldbank_ppp",
      ],
    };
  },
});
