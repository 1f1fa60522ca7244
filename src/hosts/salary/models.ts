// Shapes of the salary host: its query parameters and the spec's response resources.
import { z } from "zod";

export const jobTitle = z.string().trim().min(1, "job_title must not be empty").max(200).describe("job title as you know it, e.g. \"Sr. Software Eng\", \"RN\", \"CPA\"");
export const experience = z.string().max(100).optional().describe("accepted but not applied to results (reserved)");
export const currency = z.string().transform((v) => v.trim().toUpperCase()).pipe(z.enum(["USD", "EUR"])).optional()
  .describe("USD (default for U.S. locations) or EUR (default for EU); other currencies convert at the documented World Bank rate");

const money = z.number().nullable();
const MinimumWage = z.object({ monthly_eur: money, monthly_pps: money, year: z.number().int(), semester: z.number().int().nullable().optional() });

export const SalaryResponse = z.object({
  query: z.object({
    job_title: z.string(), matched_soc: z.string(), matched_title: z.string(), location: z.string(), experience: z.string().nullable(), currency: z.string(),
    match_method: z.enum(["alias", "trigram", "pattern"]).describe("addition: the title-matching tier that answered"),
    area_code: z.string().describe("addition: the 7-digit BLS area code that answered"),
  }),
  salary: z.object({
    p10: money, p25: money, median: money, p75: money, p90: money, mean: money, sample_size: z.number().int().nullable(),
    cost_of_living_index: money.optional(),
  }),
  data_source: z.string(), data_date: z.string(), related_titles: z.array(z.string()),
  notes: z.array(z.string()).describe("addition: how figures were chosen or derived"),
});

export const UnifiedSalaryResponse = z.object({
  query: z.object({
    job_title: z.string(), matched_title: z.string(), location: z.string(), region: z.enum(["us", "eu"]),
    matched_soc: z.string().nullable().optional(), matched_isco: z.string().nullable().optional(), matched_isco_full: z.string().nullable().optional(),
    match_method: z.string().nullable().optional(), country_code: z.string().nullable().optional(), experience: z.string().nullable().optional(), currency: z.string(),
  }),
  salary: z.object({
    median: money.optional(), mean: money.optional(), p10: money.optional(), p25: money.optional(), p75: money.optional(), p90: money.optional(),
    sample_size: z.number().int().nullable().optional(), currency: z.string(),
    gender_gap_pct: money.optional(), mean_male: money.optional(), mean_female: money.optional(), cost_of_living_index: money.optional(),
    minimum_wage: MinimumWage.nullable().optional(),
  }),
  data_source: z.string(), data_date: z.string(), notes: z.array(z.string()), related_titles: z.array(z.string()),
});
