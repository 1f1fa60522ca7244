// E3 GET /v1/salary/compare: one job title across up to ten US or EU/EEA locations, in the order given.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { ApiError, type Fail } from "../../http/errors.ts";
import {
  matchJob,
  matchFields,
  locate,
  locationLabel,
  locationNotes,
  usFigures,
  euFigures,
  euBenchmarkFields,
  oewsCodeOf,
  cite,
  type JobQuery,
  type MatchedJob,
} from "./service.ts";
import {
  titleOrCode,
  needsTitleOrCode,
  experience,
  currency,
  MatchFields,
  LocationAlternatives,
  EuBenchmarkFields,
} from "./models.ts";
import type { Services } from "../../services.ts";
import type { Currency } from "../../domain/currency.ts";
import { readPlace, resolveLocation } from "../../domain/location.ts";

export const MAX_LOCATIONS = 10;

/** "Austin, TX; DE ; Lyon" → ["Austin, TX", "DE", "Lyon"]: split on ";", trimmed, order kept. */
export const locationList = (field: string, max: number) =>
  z
    .string()
    .max(2000)
    .transform((v) => v.split(";").map((x) => x.trim()))
    .refine((list) => list.every((x) => x.length > 0), `${field} must not contain empty entries`)
    .refine((list) => list.length <= max, `${field} takes at most ${max} entries`)
    .describe(
      `semicolon-separated, at most ${max}; whitespace trimmed; order kept. One entry with commas that is not one place ("NYC,Seattle,Austin") is refused (400), not read as one of them`,
    );

/**
 * E3, E5: a list typed with commas ("NYC,Seattle,Austin"). With no ";" anywhere, an entry with commas that does not
 * resolve as one place was meant as several: 400 saying to separate them with ";", never one of them answering for all.
 */
export function refuseCommaList(list: string[], field: string, s: Services, fail: Fail<"LOCATION_NOT_FOUND">): void {
  const [entry] = list;
  if (list.length !== 1 || !entry.includes(",") || resolveLocation(entry, s.locations)) return;
  const parts = entry
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const read = parts
    .flatMap((p) => readPlace(p, s.locations) ?? [])
    .filter((r) => r.covered)
    .map(({ name, code, population }) => ({ name, code, population }));
  throw fail(
    "LOCATION_NOT_FOUND",
    `"${entry.slice(0, 100)}" is not one place: ${field} takes places separated by ";", not ",".`,
    {
      field,
      location_alternatives: read,
      suggestion: `Separate places with ";": ${field}=${parts.join("; ").slice(0, 200)}`,
    },
  );
}

const Comparison = z.object({
  location: z
    .string()
    .describe(
      'the place that answered: the BLS area title (U.S.), or the country, as "City, Country" when a city was given (EU)',
    ),
  region: z.enum(["us", "eu"]).describe("us: BLS OEWS figures; eu: Eurostat SES 2022 figures"),
  country_code: z.string().nullable().describe("ISO 3166 alpha-2 code of the place's country (US for U.S. places)"),
  median: z
    .number()
    .nullable()
    .describe(
      "U.S.: BLS OEWS annual median wage, in `currency` per year; null when not published, and always null for EU places (SES publishes no median by occupation)",
    ),
  mean: z
    .number()
    .nullable()
    .describe(
      "annual mean, in `currency` per year: BLS OEWS mean wage (U.S.) or SES 2022 mean gross annual earnings of the ISCO-08 major group (EU); null when not published",
    ),
  currency: z
    .string()
    .describe(
      "currency of this location's figures: USD for U.S. places and EUR for EU places unless `currency` was given",
    ),
  col_index: z
    .number()
    .nullable()
    .describe(
      "cost-of-living index, U.S. = 100: BEA Regional Price Parity, all items (U.S.), or World Bank price level ratio × 100 (EU); null when none",
    ),
  col_adjusted_median: z
    .number()
    .nullable()
    .optional()
    .describe("U.S. only: median ÷ (col_index ÷ 100), rounded; null when either is missing"),
  gender_gap_pct: z
    .number()
    .nullable()
    .optional()
    .describe(
      "EU only: unadjusted gender pay gap of the group in percent, from SES 2022 mean gross hourly earnings by sex; null when unpublished",
    ),
  minimum_wage_monthly_eur: z
    .number()
    .nullable()
    .optional()
    .describe(
      "EU only: statutory minimum wage in force on the request date, EUR per month (Eurostat earn_mw_cur); null when the country has none",
    ),
  basis: EuBenchmarkFields.basis.optional(),
  mean_hourly: EuBenchmarkFields.mean_hourly.optional(),
  benchmark_resolution: EuBenchmarkFields.benchmark_resolution.optional(),
  benchmark_group: EuBenchmarkFields.benchmark_group.optional(),
  data_source: z
    .string()
    .describe("the release that answered, e.g. BLS OEWS May 2025 or Eurostat Structure of Earnings Survey 2022"),
  notes: z.array(z.string()).describe("how this location's figures were chosen or derived, or why it has none"),
  matched_title: z
    .string()
    .describe(
      "addition: the occupation whose figures this location shows (U.S.: O*NET; EU: ISCO-08 unit group via ESCO)",
    ),
  matched_code: z
    .string()
    .describe(
      "addition: the code whose figures answer: U.S., the SOC code OEWS publishes the occupation under (itself, an OEWS aggregate such as 25-9045, or its broad group); EU, the ISCO-08 unit group",
    ),
  match_confidence: z.number().describe("addition: the title match's confidence on this location's path"),
  location_alternatives: LocationAlternatives,
});

/** Each path matches the title once: U.S. places by SOC, EU places by ISCO in the country's languages. */
function matcherFor(asked: JobQuery, s: Services, fail: Fail<"NO_SALARY_DATA">) {
  const memo = new Map<string, MatchedJob>();
  return (target: "soc" | "isco", country: string) => {
    const key = target === "soc" ? "soc" : `isco|${country}`;
    let job = memo.get(key);
    if (!job) memo.set(key, (job = matchJob(asked, s, fail, target, country)));
    return job;
  };
}

function compareOne(
  entry: string,
  index: number,
  jobFor: ReturnType<typeof matcherFor>,
  wanted: Currency | undefined,
  s: Services,
  fail: Fail<"LOCATION_NOT_FOUND" | "NO_BENCHMARK">,
): z.infer<typeof Comparison> {
  const place = locate(entry, s, fail, `locations[${index}]`);
  const job = place.region === "us" ? jobFor("soc", "US") : jobFor("isco", place.countryCode);
  const matched = {
    matched_title: job.title,
    matched_code: (place.region === "us" ? oewsCodeOf(job, s) : job.isco?.unit) ?? job.best.code,
    match_confidence: job.confidence,
    location_alternatives: place.alternatives ?? [],
  };
  const read = locationNotes(place);
  try {
    if (place.region === "us") {
      const f = usFigures(job, place.area, wanted ?? "USD", s, fail);
      const adjusted =
        f.median !== null && f.costOfLivingIndex ? Math.round(f.median / (f.costOfLivingIndex / 100)) : null;
      return {
        location: f.area.title,
        region: "us",
        country_code: "US",
        median: f.median,
        mean: f.mean,
        currency: f.currency,
        col_index: f.costOfLivingIndex,
        col_adjusted_median: adjusted,
        data_source: cite(s, "bls_oews"),
        notes: [...read, ...f.notes, `col_adjusted_median = median ÷ (BEA RPP ${f.rppYear ?? ""} ÷ 100).`],
        ...matched,
      };
    }
    const f = euFigures(job, place.countryCode, wanted ?? "EUR", s, fail);
    return {
      location: locationLabel(place, f.countryName),
      region: "eu",
      country_code: f.countryCode,
      median: null,
      mean: f.mean,
      currency: f.currency,
      col_index: f.costOfLivingIndex,
      gender_gap_pct: f.genderGapPct,
      minimum_wage_monthly_eur: f.minimumWage?.monthly_eur ?? null,
      ...euBenchmarkFields(f),
      data_source: cite(s, "eurostat_ses_2022"),
      notes: [...read, ...f.notes],
      ...matched,
    };
  } catch (err) {
    // A matched place with no published figure stays in the comparison, empty, with the reason.
    if (!(err instanceof ApiError) || err.code !== "NO_BENCHMARK") throw err;
    const us = place.region === "us";
    return {
      location: us ? place.area.title : place.countryName,
      region: place.region,
      country_code: us ? "US" : place.countryCode,
      median: null,
      mean: null,
      currency: wanted ?? (us ? "USD" : "EUR"),
      col_index: null,
      data_source: cite(s, us ? "bls_oews" : "eurostat_ses_2022"),
      notes: [...read, err.message],
      ...matched,
      ...(!us && job.isco
        ? {
            basis: null,
            mean_hourly: null,
            benchmark_resolution: "isco_major_group" as const,
            benchmark_group: { code: job.isco.major, name: job.isco.majorTitle },
          }
        : {}),
    };
  }
}

export const compareSalaries = defineRoute({
  id: "E3",
  summary: "Compare a job title across locations",
  description:
    "Each location is resolved on its own, as in E2; any one that cannot be resolved fails the request (400, naming it). Figures are in each location's own currency unless `currency` is given. A location with no published figure is listed with nulls and the reason in its notes.",
  method: "GET",
  path: "/api/v1/salary/compare",
  scope: "salary:read",
  examples: [
    {
      summary: "Two U.S. metros and an EU country",
      query: { job_title: "Software Engineer", locations: "Austin, TX; San Francisco; DE" },
    },
  ],
  query: z
    .strictObject({ ...titleOrCode, locations: locationList("locations", MAX_LOCATIONS), experience, currency })
    .refine(...needsTitleOrCode),
  response: z.object({
    job_title: z.string().nullable().describe("the job_title as sent; null when only occupation_code was given"),
    matched_title: z
      .string()
      .describe(
        "the top-level match's occupation: the U.S. path's when any location is American, else the first EU location's",
      ),
    matched_soc: z
      .string()
      .nullable()
      .describe(
        "U.S. path: the SOC code OEWS publishes the occupation under (its own, an aggregate or its broad group); EU only: the matched occupation's 6-digit SOC code, null when none",
      ),
    match_method: z
      .string()
      .describe(
        "how the top-level occupation was found: code, alias, esco_label, national_title, trigram or pattern (docs/matching.md)",
      ),
    ...MatchFields,
    comparisons: z
      .array(Comparison)
      .describe(
        "one entry per location, in the order given; a location with no published figure has nulls and the reason in its notes",
      ),
  }),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    refuseCommaList(query.locations, "locations", s, fail);
    const jobFor = matcherFor({ jobTitle: query.job_title, occupationCode: query.occupation_code }, s, fail);
    const comparisons = query.locations.map((entry, i) => compareOne(entry, i, jobFor, query.currency, s, fail));
    // The top-level match: the U.S. path's when any location is American, else the first EU location's.
    const first = comparisons.find((c) => c.region === "us") ?? comparisons[0];
    const job = first.region === "us" ? jobFor("soc", "US") : jobFor("isco", first.country_code!);
    return {
      data: {
        job_title: query.job_title ?? null,
        matched_title: job.title,
        matched_soc: job.soc ? oewsCodeOf(job, s) : (job.best.concept.soc?.slice(0, 7) ?? null),
        match_method: job.method,
        ...matchFields(job),
        comparisons,
      },
      datasets: [
        "bls_oews",
        "bea_rpp",
        "eurostat_ses_2022",
        "eurostat_min_wage",
        "esco_occupations",
        "esco_onet_crosswalk",
        "worldbank_ppp",
      ],
    };
  },
});
