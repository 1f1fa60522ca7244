// E5 GET /v1/salary/eu/compare (deprecated, removed by the spec on 2026-09-01; E3 replaces it): EU countries
// compared in the spec's E5 shape, from the same figures as E2.
import { z } from "zod";
import countries from "../../domain/country-names.ts";
import { defineRoute } from "../../http/route.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { matchJob, cite } from "./service.ts";
import { jobTitle, EuBenchmarkFields } from "./models.ts";
import { locationList, refuseCommaList } from "./compare.ts";
import { ISCO_NOTE } from "./models.ts";
import { EU_SOURCES, EU_DATASETS, euCountry, figuresOrEmpty } from "./eu-legacy.ts";

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
