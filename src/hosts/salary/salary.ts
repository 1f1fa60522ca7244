// E2 GET /v1/salary: one job title in one place, from the latest OEWS (U.S.) or SES 2022 (EU/EEA).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import {
  matchJob,
  matchFields,
  locate,
  locationLabel,
  locationNotes,
  usFigures,
  euFigures,
  euBenchmarkFields,
  cite,
  titleTermsNotes,
} from "./service.ts";
import {
  titleOrCode,
  needsTitleOrCode,
  experience,
  currency,
  SalaryResponse,
  UnifiedSalaryResponse,
} from "./models.ts";

export const salary = defineRoute({
  id: "E2",
  summary: "Salary benchmark",
  description:
    "US locations answer the SalaryResponse from BLS OEWS; EU/EEA countries and cities answer the UnifiedSalaryResponse from Eurostat SES 2022 at ISCO major-group resolution. Omitted location = U.S. national.",
  method: "GET",
  path: "/api/v1/salary",
  scope: "salary:read",
  examples: [
    { summary: "A U.S. metro", query: { job_title: "Registered Nurse", location: "Austin, TX" } },
    { summary: "An EU country, title in German", query: { job_title: "Krankenpfleger", location: "DE" } },
  ],
  query: z
    .strictObject({
      ...titleOrCode,
      location: z
        .string()
        .max(200)
        .optional()
        .describe(
          "BLS area code, U.S. metro, state, ISO country code, country name or EU city; omitted = U.S. national",
        ),
      experience,
      currency,
    })
    .refine(...needsTitleOrCode),
  response: z.union([SalaryResponse, UnifiedSalaryResponse]),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    const place = locate(query.location, s, fail);
    const asked = { jobTitle: query.job_title, occupationCode: query.occupation_code };
    if (place.region === "us") {
      const job = matchJob(asked, s, fail, "soc", "US");
      const f = usFigures(job, place.area, query.currency ?? "USD", s, fail);
      return {
        data: {
          query: {
            job_title: query.job_title ?? null,
            matched_soc: f.oewsCode,
            matched_title: job.title,
            location: f.area.title,
            experience: query.experience ?? null,
            currency: f.currency,
            match_method: job.method,
            area_code: f.area.areaCode,
            ...matchFields(job),
            location_alternatives: place.alternatives ?? [],
          },
          salary: {
            p10: f.p10,
            p25: f.p25,
            median: f.median,
            p75: f.p75,
            p90: f.p90,
            mean: f.mean,
            sample_size: null,
            cost_of_living_index: f.costOfLivingIndex,
            hourly: f.hourly,
          },
          data_source: cite(s, "bls_oews"),
          data_date: s.sources.dataDate("bls_oews")!,
          related_titles: s.occupations.relatedTitles(job.onet!.socCode),
          notes: [
            ...titleTermsNotes(query.job_title),
            ...locationNotes(place),
            ...f.notes,
            `cost_of_living_index: BEA Regional Price Parity, all items${f.rppYear ? `, ${f.rppYear}` : ""} (U.S. = 100).`,
            "sample_size: OEWS does not publish sample sizes.",
            "experience is accepted but not applied.",
          ],
        },
        datasets: [
          "bls_oews",
          "bea_rpp",
          "onet_30_0",
          ...(job.best.concept.kind === "onet" ? [] : (["esco_occupations", "esco_onet_crosswalk"] as const)),
        ],
      };
    }
    const job = matchJob(asked, s, fail, "isco", place.countryCode);
    const f = euFigures(job, place.countryCode, query.currency ?? "EUR", s, fail);
    return {
      data: {
        query: {
          job_title: query.job_title ?? null,
          matched_title: job.title,
          location: locationLabel(place, f.countryName),
          region: "eu" as const,
          matched_soc: job.best.concept.soc?.slice(0, 7) ?? null,
          matched_isco: f.isco.major,
          matched_isco_full: f.isco.unit,
          match_method: job.method,
          country_code: f.countryCode,
          experience: query.experience ?? null,
          currency: f.currency,
          ...matchFields(job),
          location_alternatives: place.alternatives ?? [],
        },
        salary: {
          median: null,
          mean: f.mean,
          p10: null,
          p25: null,
          p75: null,
          p90: null,
          sample_size: null,
          currency: f.currency,
          gender_gap_pct: f.genderGapPct,
          mean_male: f.meanMale,
          mean_female: f.meanFemale,
          cost_of_living_index: f.costOfLivingIndex,
          minimum_wage: f.minimumWage,
          ...euBenchmarkFields(f),
        },
        data_source: cite(s, "eurostat_ses_2022", "eurostat_ses_monthly", "eurostat_min_wage"),
        data_date: s.sources.dataDate("eurostat_ses_2022")!,
        notes: [
          ...titleTermsNotes(query.job_title),
          ...f.notes,
          ...locationNotes(place, f.countryName),
          "Median and percentiles by occupation are not published by SES.",
          "experience is accepted but not applied.",
        ],
        related_titles: job.best.concept.soc ? s.occupations.relatedTitles(job.best.concept.soc) : [],
      },
      datasets: [
        "eurostat_ses_2022",
        "eurostat_ses_monthly",
        "eurostat_min_wage",
        "esco_occupations",
        "esco_national_titles",
        "isco_soc_crosswalk",
        "worldbank_ppp",
      ],
    };
  },
});
