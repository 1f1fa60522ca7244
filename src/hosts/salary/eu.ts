// E4 GET /v1/salary/eu, E5 GET /v1/salary/eu/compare, E6 GET /v1/salary/eu/countries: the EU endpoints the spec
// removed on 2026-09-01, in its shapes, from the same figures as E2. From that date they answer 410 naming their
// successors (E2, E3, X7), unless EU_LEGACY_ENDPOINTS=on keeps them (src/http/deprecation.ts).
import { z } from "zod";
import countries from "../../domain/country-names.ts";
import { defineRoute } from "../../http/route.ts";
import { ApiError, type Fail } from "../../http/errors.ts";
import { resolveLocation } from "../../domain/location.ts";
import { eurostatToIso, isoToEurostat } from "../../domain/european-countries.ts";
import { matchJob, euFigures, cite, euBenchmarkFields, type MatchedJob } from "./service.ts";
import { jobTitle, MinimumWage, EuBenchmarkFields, sesPercentiles } from "./models.ts";
import { locationList, refuseCommaList } from "./compare.ts";
import { ISCO_NOTE } from "./models.ts";
import type { Services } from "../../services.ts";

/** The datasets E4 and E5 cite as data_source: the survey and the minimum wages. */
const EU_SOURCES = ["eurostat_ses_2022", "eurostat_ses_monthly", "eurostat_min_wage"] as const;
const EU_DATASETS = [
  "eurostat_ses_2022",
  "eurostat_ses_monthly",
  "eurostat_min_wage",
  "esco_occupations",
  "isco_soc_crosswalk",
] as const;

/** A country name or ISO code → ISO alpha-2 of an EU/EEA country, or 400 naming the entry. */
function euCountry(input: string, s: Services, fail: Fail<"LOCATION_NOT_FOUND">, field: string): string {
  const r = resolveLocation(input, s.locations);
  if (r?.region === "eu") return r.countryCode;
  throw fail(
    "LOCATION_NOT_FOUND",
    `"${input.slice(0, 100)}" is not an EU/EEA country${r ? "" : " name or ISO code"}.`,
    {
      field,
      suggestion:
        "Use an ISO code (DE, FR, EL) or a country name in any EU language; GET /api/v1/salary/countries lists them.",
    },
  );
}

/** E2's EU figures, or null figures when the survey has none for the pair. */
function figuresOrEmpty(job: MatchedJob, iso: string, s: Services, fail: Fail<"NO_BENCHMARK">) {
  try {
    return euFigures(job, iso, "EUR", s, fail);
  } catch (err) {
    if (err instanceof ApiError && err.code === "NO_BENCHMARK") return null;
    throw err;
  }
}

export const euSalary = defineRoute({
  id: "E4",
  summary: "EU salary (deprecated: use E2 with location)",
  description:
    "Deprecated; removed on 2026-09-01: answers 410 ENDPOINT_RETIRED from then unless EU_LEGACY_ENDPOINTS=on. The EU benchmark for one EU country, as E2 answers it.",
  method: "GET",
  path: "/api/v1/salary/eu",
  scope: "salary:read",
  examples: [{ summary: "Nurses in Germany", query: { job_title: "Nurse", country: "DE" } }],
  deprecated: {
    successor: "/api/v1/salary",
    instead: "GET /api/v1/salary?job_title=…&location=<country> (E2) answers the same figures.",
  },
  query: z.strictObject({
    job_title: jobTitle,
    country: z.string().trim().min(1).max(100).describe("country name or ISO code"),
  }),
  response: z.object({
    query: z
      .object({
        job_title: z.string().describe("the job_title as sent"),
        matched_isco: z.string().describe("the ISCO-08 major group (one digit) whose SES figures answer"),
        matched_isco_full: z.string().describe("the matched occupation's ISCO-08 unit group (four digits)"),
        matched_title: z.string().describe("the matched occupation: ESCO's English name, or the ISCO-08 group's title"),
        match_method: z
          .string()
          .describe(
            "how the occupation was found: alias, esco_label, national_title, trigram or pattern (docs/matching.md)",
          ),
        country: z.string().describe("the country's English name"),
        country_code: z.string().describe("ISO 3166 alpha-2 code of the country"),
      })
      .describe("the request as understood"),
    salary: z
      .object({
        mean_annual: z
          .number()
          .nullable()
          .describe(
            "Eurostat SES 2022 mean gross annual earnings of the ISCO-08 major group in the country, EUR per year (`basis` says how it was made); null when no annual figure can be made",
          ),
        median_annual: z.null().describe("always null: SES does not publish medians by occupation"),
        ...sesPercentiles(z.null()),
        currency: z.string().describe("always EUR"),
        gender_gap_pct: z
          .number()
          .nullable()
          .describe(
            "unadjusted gender pay gap of the group in percent: (men's − women's SES 2022 mean gross hourly earnings) ÷ men's × 100; null when either is unpublished",
          ),
        mean_male: z
          .number()
          .nullable()
          .describe(
            "men's mean gross annual earnings in the group, EUR per year, on the same basis as mean_annual; null when not published",
          ),
        mean_female: z
          .number()
          .nullable()
          .describe(
            "women's mean gross annual earnings in the group, EUR per year, on the same basis as mean_annual; null when not published",
          ),
        sample_size: z.null().describe("always null: SES publishes no sample size here"),
        minimum_wage: MinimumWage.nullable().describe(
          "the statutory minimum wage in force on the request date (the latest Eurostat earn_mw_cur semester not after it); null when the country has none in Eurostat's data",
        ),
        ...EuBenchmarkFields,
      })
      .describe("the SES 2022 benchmark of the matched occupation's ISCO-08 major group in the country"),
    data_source: z.string().describe("the Eurostat SES 2022 datasets that answered"),
    data_date: z.string().describe("the SES reference year (2022)"),
    isco_note: z.string().describe("says that EU figures are by ISCO-08 major group, shared by every occupation in it"),
    notes: z.array(z.string()).describe("addition: how figures were chosen or derived"),
  }),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    const iso = euCountry(query.country, s, fail, "country");
    const job = matchJob({ jobTitle: query.job_title }, s, fail, "isco", iso);
    const f = euFigures(job, iso, "EUR", s, fail);
    return {
      data: {
        query: {
          job_title: query.job_title,
          matched_isco: f.isco.major,
          matched_isco_full: f.isco.unit,
          matched_title: job.title,
          match_method: job.method,
          country: f.countryName,
          country_code: f.countryCode,
        },
        salary: {
          mean_annual: f.mean,
          median_annual: null,
          p10: null,
          p25: null,
          p75: null,
          p90: null,
          currency: "EUR",
          gender_gap_pct: f.genderGapPct,
          mean_male: f.meanMale,
          mean_female: f.meanFemale,
          sample_size: null,
          minimum_wage: f.minimumWage,
          ...euBenchmarkFields(f),
        },
        data_source: cite(s, ...EU_SOURCES),
        data_date: s.sources.dataDate("eurostat_ses_2022")!,
        isco_note: ISCO_NOTE,
        notes: f.notes,
      },
      datasets: EU_DATASETS,
    };
  },
});

export const euCompare = defineRoute({
  id: "E5",
  summary: "EU salary comparison (deprecated: use E3)",
  description:
    "Deprecated; removed on 2026-09-01: answers 410 ENDPOINT_RETIRED from then unless EU_LEGACY_ENDPOINTS=on. Up to ten EU countries (names or ISO codes, `;`-separated, duplicates removed). A country without survey data is listed with nulls.",
  method: "GET",
  path: "/api/v1/salary/eu/compare",
  scope: "salary:read",
  examples: [{ summary: "Nurses in three countries", query: { job_title: "Nurse", countries: "DE;FR;IT" } }],
  deprecated: {
    successor: "/api/v1/salary/compare",
    instead: "GET /api/v1/salary/compare?job_title=…&locations=DE;FR (E3) compares EU countries.",
  },
  query: z.strictObject({ job_title: jobTitle, countries: locationList("countries", 10) }),
  response: z.object({
    job_title: z.string().describe("the job_title as sent"),
    matched_isco: z
      .string()
      .describe(
        "the ISCO-08 major group (one digit) whose SES figures answer, matched in the first country's languages",
      ),
    matched_title: z.string().describe("the matched occupation: ESCO's English name, or the ISCO-08 group's title"),
    comparisons: z
      .array(
        z.object({
          country: z.string().describe("the country's English name"),
          country_code: z.string().describe("ISO 3166 alpha-2 code of the country"),
          mean_annual: z
            .number()
            .nullable()
            .describe(
              "Eurostat SES 2022 mean gross annual earnings of the group in the country, EUR per year; null when the survey has no figure",
            ),
          median_annual: z.null().describe("always null: SES does not publish medians by occupation"),
          gender_gap_pct: z
            .number()
            .nullable()
            .describe(
              "unadjusted gender pay gap of the group in percent, from SES 2022 mean gross hourly earnings by sex; null when unpublished",
            ),
          minimum_wage_monthly_eur: z
            .number()
            .nullable()
            .describe(
              "statutory minimum wage in force, EUR per month (Eurostat earn_mw_cur); null when the country has none",
            ),
          basis: EuBenchmarkFields.basis,
          mean_hourly: EuBenchmarkFields.mean_hourly,
        }),
      )
      .describe("one entry per distinct country, in the order given"),
    currency: z.string().describe("always EUR"),
    data_source: z.string().describe("the Eurostat SES 2022 datasets that answered"),
    isco_note: z.string().describe("says that EU figures are by ISCO-08 major group, shared by every occupation in it"),
    benchmark_resolution: EuBenchmarkFields.benchmark_resolution,
    benchmark_group: EuBenchmarkFields.benchmark_group,
  }),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    refuseCommaList(query.countries, "countries", s, fail);
    const codes = [...new Set(query.countries.map((c, i) => euCountry(c, s, fail, `countries[${i}]`)))];
    // One ISCO group for the whole comparison: the title read in the first country's languages.
    const job = matchJob({ jobTitle: query.job_title }, s, fail, "isco", codes[0]);
    const isco = job.isco;
    if (!isco) throw fail("NO_BENCHMARK", `${job.title} has no ISCO-08 unit group in ESCO or the crosswalks.`);
    return {
      data: {
        job_title: query.job_title,
        matched_isco: isco.major,
        matched_title: job.title,
        comparisons: codes.map((code) => {
          const f = figuresOrEmpty(job, code, s, fail);
          return {
            country: countries.getName(code, "en") ?? code,
            country_code: code,
            mean_annual: f?.mean ?? null,
            median_annual: null,
            gender_gap_pct: f?.genderGapPct ?? null,
            minimum_wage_monthly_eur:
              (f ? f.minimumWage?.monthly_eur : s.euEarnings.minimumWage(isoToEurostat(code))?.monthlyEur) ?? null,
            basis: f?.basis ?? null,
            mean_hourly: f?.meanHourly ?? null,
          };
        }),
        currency: "EUR",
        data_source: cite(s, ...EU_SOURCES),
        isco_note: ISCO_NOTE,
        benchmark_resolution: "isco_major_group" as const,
        benchmark_group: { code: isco.major, name: isco.majorTitle },
      },
      datasets: EU_DATASETS,
    };
  },
});

export const euCountries = defineRoute({
  id: "E6",
  summary: "EU countries with survey data (deprecated: use X7)",
  description:
    "Deprecated; removed on 2026-09-01: answers 410 ENDPOINT_RETIRED from then unless EU_LEGACY_ENDPOINTS=on; GET /api/v1/salary/countries (X7) replaces it. The EU/EEA countries whose SES 2022 earnings are loaded, with the number of ISCO-08 major groups that have a published (non-confidential) mean.",
  method: "GET",
  path: "/api/v1/salary/eu/countries",
  scope: "salary:read",
  examples: [{ summary: "Every country" }],
  deprecated: {
    successor: "/api/v1/salary/countries",
    instead:
      "GET /api/v1/salary/countries lists the EU/EEA countries with earnings data, which figures each has and their vintage; GET /api/v1/salary?job_title=…&location=<country> (E2) answers for them.",
  },
  response: z.object({
    countries: z
      .array(
        z.object({
          country_code: z.string().describe("ISO 3166 alpha-2 code of the country"),
          country_name: z.string().describe("the country's English name"),
          latest_year: z
            .number()
            .int()
            .nullable()
            .describe("the latest survey year loaded (the SES dataset's reference year, 2022)"),
          occupation_groups: z
            .number()
            .int()
            .describe(
              "how many ISCO-08 major groups have a published (non-confidential) SES 2022 mean hourly earnings figure for the country",
            ),
          has_data: z.boolean().describe("true when at least one ISCO-08 major group has a figure"),
        }),
      )
      .describe("EU/EEA countries with SES 2022 earnings loaded, by English name"),
  }),
  handle: (_input, s) => ({
    data: {
      countries: [...s.euEarnings.coverage()]
        .filter(([geo]) => !geo.startsWith("EU"))
        .map(([geo, groups]) => {
          const iso = eurostatToIso(geo);
          return {
            country_code: iso,
            country_name: countries.getName(iso, "en") ?? iso,
            latest_year: Number(s.sources.dataDate("eurostat_ses_2022")),
            occupation_groups: groups,
            has_data: groups > 0,
          };
        })
        .sort((a, b) => a.country_name.localeCompare(b.country_name)),
    },
    datasets: ["eurostat_ses_2022"],
  }),
});
