// E4 GET /v1/salary/eu (deprecated, removed by the spec on 2026-09-01; E2 replaces it): the EU benchmark in the
// spec's E4 shape, from the same figures as E2.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { matchJob, euFigures, cite, euBenchmarkFields } from "./service.ts";
import { jobTitle, MinimumWage, EuBenchmarkFields, sesPercentiles } from "./models.ts";
import { ISCO_NOTE } from "./models.ts";
import { EU_SOURCES, EU_DATASETS, euCountry } from "./eu-legacy.ts";

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
