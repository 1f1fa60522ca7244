// Shapes of the salary host: its query parameters and the spec's response resources.
import { z } from "zod";
import { MATCH_METHODS } from "../../domain/title/match.ts";

export const jobTitle = z.string().trim().min(1, "job_title must not be empty").max(200).describe("job title as you know it, e.g. \"Sr. Software Eng\", \"RN\", \"CPA\"");
export const occupationCode = z.string().trim().min(1).max(20).optional()
  .describe("addition: an occupation code instead of job_title (it wins when both are given; the title is echoed): SOC 2018 (15-1252), O*NET-SOC (15-1252.00), or for EU places an ISCO-08 unit group (2512)");
/** job_title or occupation_code, at least one (E1–E3). */
export const titleOrCode = { job_title: jobTitle.optional(), occupation_code: occupationCode };
export const needsTitleOrCode: [(q: { job_title?: string; occupation_code?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => q.job_title !== undefined || q.occupation_code !== undefined, { message: "job_title or occupation_code is required", path: ["job_title"] }];

/** The match fields every matched answer adds to its query object (see matchFields). */
export const MatchFields = {
  match_confidence: z.number().describe("addition: 0–1, how sure the title match is; below 0.5 E1–E3 answer 404 NO_SALARY_DATA with alternatives"),
  matched_label: z.string().nullable().describe("addition: the label that matched, in its own language (an ESCO label, a national title or an O*NET title); null for occupation_code"),
  matched_label_language: z.string().nullable().describe("addition: the matched label's language (en, de, fr, nl, pl, es, it)"),
  alternatives: z.array(z.object({ code: z.string(), title: z.string(), confidence: z.number() })).describe("addition: the next best occupations (up to 3), to switch with occupation_code"),
};

export const experience = z.string().max(100).optional().describe("accepted but not applied to results (reserved)");
export const currency = z.string().transform((v) => v.trim().toUpperCase()).pipe(z.enum(["USD", "EUR"])).optional()
  .describe("USD (default for U.S. locations) or EUR (default for EU); other currencies convert at the documented World Bank rate");

const money = z.number().nullable();
/** Addition: other places the location could mean (README: location resolution); pass `code` as location to get one. */
export const LocationAlternatives = z.array(z.object({ name: z.string(), code: z.string(), population: z.number().int().nullable() }))
  .describe("addition: the other places the location's name could mean, most populous first");
export const MinimumWage = z.object({
  monthly_eur: money, monthly_pps: money, year: z.number().int(), semester: z.number().int().nullable().optional(),
  flags: z.object({ monthly_eur: z.string().nullable(), monthly_pps: z.string().nullable() })
    .describe("addition: Eurostat's flags on each figure (e estimated, p provisional, b break in series), null when unflagged").optional(),
}).describe("the statutory minimum wage in force on the request date: the latest Eurostat earn_mw_cur semester not after it");

/** Additions on every EU answer: how the mean was made and what it benchmarks (README: "EU earnings"). */
export const EuBenchmarkFields = {
  basis: z.enum(["annual", "monthly_x_12", "hourly_x_hours"]).nullable()
    .describe("addition: how `mean` was made: the published annual mean, the published monthly mean × 12, or the published hourly mean × implied annual paid hours (an estimate); null when no annual figure can be made"),
  mean_hourly: money.describe("addition: Eurostat's published mean gross hourly earnings for the group, in `currency`"),
  benchmark_resolution: z.literal("isco_major_group").describe("addition: SES publishes by ISCO-08 major group, so every occupation in the group shares this benchmark"),
  benchmark_group: z.object({ code: z.string(), name: z.string() }).describe("addition: the ISCO-08 major group that answered"),
};

export const SalaryResponse = z.object({
  query: z.object({
    job_title: z.string().nullable(),
    matched_soc: z.string().describe("the SOC code whose OEWS figures answer: the matched occupation's own, or the OEWS aggregate (25-9045) or broad group (13-1020) OEWS publishes it within; notes say which"),
    matched_title: z.string(), location: z.string(), experience: z.string().nullable(), currency: z.string(),
    match_method: z.enum(MATCH_METHODS).describe("addition: how the occupation was found (README: title matching)"),
    ...MatchFields,
    area_code: z.string().describe("addition: the 7-digit BLS area code that answered"),
    location_alternatives: LocationAlternatives,
  }),
  salary: z.object({
    p10: money, p25: money, median: money, p75: money, p90: money, mean: money, sample_size: z.number().int().nullable(),
    cost_of_living_index: money.optional(),
    hourly: z.object({ p10: money, p25: money, median: money, p75: money, p90: money, mean: money }).nullable().optional()
      .describe("addition: hourly wages as OEWS publishes them, in `currency` per hour; null when none is published for the area. For occupations OEWS publishes hourly only (actors, dancers, musicians), the annual fields are null and these answer"),
  }),
  data_source: z.string(), data_date: z.string(), related_titles: z.array(z.string()),
  notes: z.array(z.string()).describe("addition: how figures were chosen or derived"),
});

export const UnifiedSalaryResponse = z.object({
  query: z.object({
    job_title: z.string().nullable(), matched_title: z.string(), location: z.string(), region: z.enum(["us", "eu"]),
    matched_soc: z.string().nullable().optional(), matched_isco: z.string().nullable().optional(), matched_isco_full: z.string().nullable().optional(),
    match_method: z.string().nullable().optional(), country_code: z.string().nullable().optional(), experience: z.string().nullable().optional(), currency: z.string(),
    ...MatchFields,
    location_alternatives: LocationAlternatives,
  }),
  salary: z.object({
    median: money.optional(), mean: money.optional(), p10: money.optional(), p25: money.optional(), p75: money.optional(), p90: money.optional(),
    sample_size: z.number().int().nullable().optional(), currency: z.string(),
    gender_gap_pct: money.optional(), mean_male: money.optional(), mean_female: money.optional(), cost_of_living_index: money.optional(),
    minimum_wage: MinimumWage.nullable().optional(),
    basis: EuBenchmarkFields.basis.optional(), mean_hourly: EuBenchmarkFields.mean_hourly.optional(),
    benchmark_resolution: EuBenchmarkFields.benchmark_resolution.optional(), benchmark_group: EuBenchmarkFields.benchmark_group.optional(),
  }),
  data_source: z.string(), data_date: z.string(), notes: z.array(z.string()), related_titles: z.array(z.string()),
});

export const ISCO_NOTE =
  "EU data uses 1-digit ISCO-08 major groups only: the matched occupation is mapped to its major group, and every occupation in that group shares the benchmark.";
