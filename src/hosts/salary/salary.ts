// E2 GET /v1/salary: one job title in one place, from the latest OEWS (U.S.) or SES 2022 (EU/EEA).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { matchJob, locate, usFigures, euFigures, RELEASE } from "./benchmarks.ts";
import { jobTitle, experience, currency, SalaryResponse, UnifiedSalaryResponse } from "./models.ts";

export const salary = defineRoute({
  id: "E2",
  summary: "Salary benchmark",
  description: "US locations answer the SalaryResponse from BLS OEWS; EU/EEA countries and cities answer the UnifiedSalaryResponse from Eurostat SES 2022 at ISCO major-group resolution. Omitted location = U.S. national.",
  method: "GET",
  path: "/api/v1/salary",
  scope: "salary:read",
  query: z.strictObject({
    job_title: jobTitle,
    location: z.string().max(200).optional().describe("BLS area code, U.S. metro, state, ISO country code, country name or EU city; omitted = U.S. national"),
    experience,
    currency,
  }),
  response: z.union([SalaryResponse, UnifiedSalaryResponse]),
  errors: [400, 404],
  handle: ({ query }, s) => {
    const job = matchJob(query.job_title, s);
    const place = locate(query.location, s);
    const related = s.occupations.relatedTitles(job.occupation.socCode);
    if (place.region === "us") {
      const f = usFigures(job, place.area, query.currency ?? "USD", s);
      return {
        data: {
          query: {
            job_title: query.job_title, matched_soc: f.oewsCode, matched_title: job.occupation.title, location: f.area.title,
            experience: query.experience ?? null, currency: f.currency, match_method: job.match.method, area_code: f.area.areaCode,
          },
          salary: { p10: f.p10, p25: f.p25, median: f.median, p75: f.p75, p90: f.p90, mean: f.mean, sample_size: null, cost_of_living_index: f.costOfLivingIndex },
          data_source: RELEASE(f.year), data_date: `${f.year}-05`, related_titles: related,
          notes: [...f.notes, `cost_of_living_index: BEA Regional Price Parity, all items${f.rppYear ? `, ${f.rppYear}` : ""} (U.S. = 100).`,
            "sample_size: OEWS does not publish sample sizes.", "experience is accepted but not applied."],
        },
        datasets: ["bls_oews", "bea_rpp", "onet_30_0"],
      };
    }
    const f = euFigures(job, place.countryCode, query.currency ?? "EUR", s);
    return {
      data: {
        query: {
          job_title: query.job_title, matched_title: job.occupation.title, location: place.city ? `${place.city}, ${f.countryName}` : f.countryName, region: "eu" as const,
          matched_soc: job.soc, matched_isco: f.isco.major, matched_isco_full: f.isco.unit, match_method: job.match.method, country_code: f.countryCode,
          experience: query.experience ?? null, currency: f.currency,
        },
        salary: {
          median: null, mean: f.mean, p10: null, p25: null, p75: null, p90: null, sample_size: null, currency: f.currency,
          gender_gap_pct: f.genderGapPct, mean_male: f.meanMale, mean_female: f.meanFemale, cost_of_living_index: f.costOfLivingIndex, minimum_wage: f.minimumWage,
        },
        data_source: "Eurostat Structure of Earnings Survey 2022 (earn_ses22_47, earn_ses22_28, monthly extract); Eurostat earn_mw_cur",
        data_date: "2022",
        notes: [...f.notes, ...(place.city ? [`${place.city} resolves to ${f.countryName}: SES figures are national.`] : []), "Median and percentiles by occupation are not published by SES.", "experience is accepted but not applied."],
        related_titles: related,
      },
      datasets: ["eurostat_ses_2022", "eurostat_ses_monthly", "eurostat_min_wage", "isco_soc_crosswalk", "worldbank_ppp"],
    };
  },
});
