// E4 GET /v1/salary/eu, E5 GET /v1/salary/eu/compare, E6 GET /v1/salary/eu/countries: the deprecated EU
// endpoints, in the spec's shapes, from the same figures as E2.
import { z } from "zod";
import countries from "../../domain/country-names.ts";
import { defineRoute } from "../../http/route.ts";
import { ApiError, type Fail } from "../../http/errors.ts";
import { resolveLocation } from "../../domain/location.ts";
import { eurostatToIso, isoToEurostat } from "../../domain/european-countries.ts";
import { matchJob, euFigures, euBenchmarkFields, type MatchedJob } from "./benchmarks.ts";
import { jobTitle, MinimumWage, EuBenchmarkFields } from "./models.ts";
import { locationList } from "./compare.ts";
import { ISCO_NOTE } from "./models.ts";
import type { Services } from "../../services.ts";

const SES = "Eurostat Structure of Earnings Survey 2022 (earn_ses22_47, earn_ses22_28)";
const EU_DATASETS = ["eurostat_ses_2022", "eurostat_ses_monthly", "eurostat_min_wage", "esco_occupations", "isco_soc_crosswalk"] as const;

/** A country name or ISO code → ISO alpha-2 of an EU/EEA country, or 400 naming the entry. */
function euCountry(input: string, s: Services, fail: Fail<"LOCATION_NOT_FOUND">, field: string): string {
  const r = resolveLocation(input, s.locations);
  if (r?.region === "eu") return r.countryCode;
  throw fail("LOCATION_NOT_FOUND", `"${input.slice(0, 100)}" is not an EU/EEA country${r ? "" : " name or ISO code"}.`,
    { field, suggestion: "Use an ISO code (DE, FR, EL) or a country name in any EU language; GET /api/v1/salary/eu/countries lists them." });
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
  description: "Deprecated; removal date 2026-09-01. The EU benchmark for one EU country, as E2 answers it.",
  method: "GET",
  path: "/api/v1/salary/eu",
  scope: "salary:read",
  examples: [{ summary: "Nurses in Germany", query: { job_title: "Nurse", country: "DE" } }],
  deprecated: { successor: "/api/v1/salary", instead: "GET /api/v1/salary?job_title=…&location=<country> (E2) answers the same figures." },
  query: z.strictObject({ job_title: jobTitle, country: z.string().trim().min(1).max(100).describe("country name or ISO code") }),
  response: z.object({
    query: z.object({ job_title: z.string(), matched_isco: z.string(), matched_isco_full: z.string(), matched_title: z.string(), match_method: z.string(), country: z.string(), country_code: z.string() }),
    salary: z.object({
      mean_annual: z.number().nullable(), median_annual: z.null(), p10: z.null(), p25: z.null(), p75: z.null(), p90: z.null(), currency: z.string(),
      gender_gap_pct: z.number().nullable(), mean_male: z.number().nullable(), mean_female: z.number().nullable(), sample_size: z.null(),
      minimum_wage: MinimumWage.nullable(),
      ...EuBenchmarkFields,
    }),
    data_source: z.string(), data_date: z.string(), isco_note: z.string(), notes: z.array(z.string()),
  }),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    const iso = euCountry(query.country, s, fail, "country");
    const job = matchJob({ jobTitle: query.job_title }, s, fail, "isco", iso);
    const f = euFigures(job, iso, "EUR", s, fail);
    return {
      data: {
        query: { job_title: query.job_title, matched_isco: f.isco.major, matched_isco_full: f.isco.unit, matched_title: job.title, match_method: job.method, country: f.countryName, country_code: f.countryCode },
        salary: { mean_annual: f.mean, median_annual: null, p10: null, p25: null, p75: null, p90: null, currency: "EUR", gender_gap_pct: f.genderGapPct,
          mean_male: f.meanMale, mean_female: f.meanFemale, sample_size: null, minimum_wage: f.minimumWage, ...euBenchmarkFields(f) },
        data_source: SES, data_date: "2022", isco_note: ISCO_NOTE, notes: f.notes,
      },
      datasets: EU_DATASETS,
    };
  },
});

export const euCompare = defineRoute({
  id: "E5",
  summary: "EU salary comparison (deprecated: use E3)",
  description: "Deprecated; removal date 2026-09-01. Up to ten EU countries (names or ISO codes, `;`-separated, duplicates removed). A country without survey data is listed with nulls.",
  method: "GET",
  path: "/api/v1/salary/eu/compare",
  scope: "salary:read",
  examples: [{ summary: "Nurses in three countries", query: { job_title: "Nurse", countries: "DE;FR;IT" } }],
  deprecated: { successor: "/api/v1/salary/compare", instead: "GET /api/v1/salary/compare?job_title=…&locations=DE;FR (E3) compares EU countries." },
  query: z.strictObject({ job_title: jobTitle, countries: locationList("countries", 10) }),
  response: z.object({
    job_title: z.string(), matched_isco: z.string(), matched_title: z.string(),
    comparisons: z.array(z.object({ country: z.string(), country_code: z.string(), mean_annual: z.number().nullable(), median_annual: z.null(), gender_gap_pct: z.number().nullable(), minimum_wage_monthly_eur: z.number().nullable(),
      basis: EuBenchmarkFields.basis, mean_hourly: EuBenchmarkFields.mean_hourly })),
    currency: z.string(), data_source: z.string(), isco_note: z.string(),
    benchmark_resolution: EuBenchmarkFields.benchmark_resolution, benchmark_group: EuBenchmarkFields.benchmark_group,
  }),
  errors: ["LOCATION_NOT_FOUND", "NO_SALARY_DATA", "NO_BENCHMARK"],
  handle: ({ query }, s, fail) => {
    const codes = [...new Set(query.countries.map((c, i) => euCountry(c, s, fail, `countries[${i}]`)))];
    // One ISCO group for the whole comparison: the title read in the first country's languages.
    const job = matchJob({ jobTitle: query.job_title }, s, fail, "isco", codes[0]);
    const isco = job.isco;
    if (!isco) throw fail("NO_BENCHMARK", `${job.title} has no ISCO-08 unit group in ESCO or the crosswalks.`);
    return {
      data: {
        job_title: query.job_title, matched_isco: isco.major, matched_title: job.title,
        comparisons: codes.map((code) => {
          const f = figuresOrEmpty(job, code, s, fail);
          return { country: countries.getName(code, "en") ?? code, country_code: code, mean_annual: f?.mean ?? null, median_annual: null,
            gender_gap_pct: f?.genderGapPct ?? null, minimum_wage_monthly_eur: (f ? f.minimumWage?.monthly_eur : s.euEarnings.minimumWage(isoToEurostat(code))?.monthlyEur) ?? null,
            basis: f?.basis ?? null, mean_hourly: f?.meanHourly ?? null };
        }),
        currency: "EUR", data_source: SES, isco_note: ISCO_NOTE,
        benchmark_resolution: "isco_major_group" as const, benchmark_group: { code: isco.major, name: isco.majorTitle },
      },
      datasets: EU_DATASETS,
    };
  },
});

export const euCountries = defineRoute({
  id: "E6",
  summary: "EU countries with survey data (deprecated)",
  description: "Deprecated; removal date 2026-09-01. The EU/EEA countries whose SES 2022 earnings are loaded, with the number of ISCO-08 major groups that have a published (non-confidential) mean.",
  method: "GET",
  path: "/api/v1/salary/eu/countries",
  scope: "salary:read",
  examples: [{ summary: "Every country" }],
  deprecated: { successor: "/api/v1/salary", instead: "GET /api/v1/salary?job_title=…&location=<country> (E2) answers for any EU/EEA country; its notes say when the survey has no figure." },
  response: z.object({ countries: z.array(z.object({ country_code: z.string(), country_name: z.string(), latest_year: z.number().int().nullable(), occupation_groups: z.number().int(), has_data: z.boolean() })) }),
  handle: (_input, s) => ({
    data: {
      countries: [...s.euEarnings.coverage()].filter(([geo]) => !geo.startsWith("EU")).map(([geo, groups]) => {
        const iso = eurostatToIso(geo);
        return { country_code: iso, country_name: countries.getName(iso, "en") ?? iso, latest_year: 2022, occupation_groups: groups, has_data: groups > 0 };
      }).sort((a, b) => a.country_name.localeCompare(b.country_name)),
    },
    datasets: ["eurostat_ses_2022"],
  }),
});
