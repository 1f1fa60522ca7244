// Shapes of the salary host: its query parameters and the spec's response resources.
import { z } from "zod";
import { MATCH_METHODS } from "../../domain/title/match.ts";

/** SES publishes no percentiles by occupation: p10, p25, p75 and p90 stay in the EU shapes, always null. */
export const sesPercentiles = <T extends z.ZodType>(schema: T) => {
  const field = schema.describe("always null: SES does not publish percentiles by occupation") as T;
  return { p10: field, p25: field, p75: field, p90: field };
};

export const jobTitle = z
  .string()
  .trim()
  .min(1, "job_title must not be empty")
  .max(200)
  .describe('job title as you know it, e.g. "Sr. Software Eng", "RN", "CPA"');
export const occupationCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .optional()
  .describe(
    "addition: an occupation code instead of job_title (it wins when both are given; the title is echoed): SOC 2018 (15-1252), O*NET-SOC (15-1252.00), or for EU places an ISCO-08 unit group (2512)",
  );
/** job_title or occupation_code, at least one (E1–E3). */
export const titleOrCode = { job_title: jobTitle.optional(), occupation_code: occupationCode };
export const needsTitleOrCode: [
  (q: { job_title?: string; occupation_code?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => q.job_title !== undefined || q.occupation_code !== undefined,
  { message: "job_title or occupation_code is required", path: ["job_title"] },
];

/** The match fields every matched answer adds to its query object (see matchFields). */
export const MatchFields = {
  match_confidence: z
    .number()
    .describe(
      "addition: 0–1, the estimated probability that the matched occupation is right (calibrated: docs/matching.md); below the path's threshold (set from the calibration curve; the 404 names it) E1–E3 answer 404 NO_SALARY_DATA with alternatives",
    ),
  matched_label: z
    .string()
    .nullable()
    .describe(
      "addition: the label that matched, in its own language (an ESCO label, a national title or an O*NET title); null for occupation_code",
    ),
  matched_label_language: z
    .string()
    .nullable()
    .describe("addition: the matched label's language (en, de, fr, nl, pl, es, it)"),
  alternatives: z
    .array(
      z.object({
        code: z
          .string()
          .describe(
            "the occupation's code on this path: O*NET-SOC (U.S. places) or ISCO-08 unit group (EU places); pass it as occupation_code",
          ),
        title: z.string().describe("the title of that code (O*NET title or ISCO-08 unit group title)"),
        confidence: z.number().describe("0–1, the estimated probability that this occupation is the right one"),
      }),
    )
    .describe("addition: the next best occupations (up to 3), to switch with occupation_code"),
};

/**
 * A pay amount: positive, and at most ten billion. No pay in any currency served comes near it, and sums over
 * 10,000 records stay finite (a salary of 1e308 made a mean overflow to null).
 */
const MAX_PAY_AMOUNT = 10_000_000_000;
/** `zero`: a component that may be absent (0), not a wage. */
export const payAmount = (zero: "allowed" | "refused" = "refused") =>
  (zero === "allowed" ? z.number().nonnegative() : z.number().positive()).max(MAX_PAY_AMOUNT, {
    message: `must be at most ${MAX_PAY_AMOUNT.toLocaleString("en-US")}`,
  });

export const experience = z.string().max(100).optional().describe("accepted but not applied to results (reserved)");
export const currency = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(["USD", "EUR"]))
  .optional()
  .describe(
    "USD (default for U.S. locations) or EUR (default for EU); other currencies convert at the documented World Bank rate",
  );

const money = z.number().nullable();
/** Addition: other places the location could mean (docs/api-guide.md, Location); pass `code` as location to get one. */
export const LocationAlternatives = z
  .array(
    z.object({
      name: z.string().describe("the place's name, with its state or country when it is a city or county"),
      code: z
        .string()
        .describe(
          "the code to pass as location for this place: its BLS area code (U.S.) or its country's ISO code (EU/EEA)",
        ),
      population: z
        .number()
        .int()
        .nullable()
        .describe("the place's population (GeoNames or county figure); null when unknown"),
    }),
  )
  .describe("addition: the other places the location's name could mean, most populous first");
export const MinimumWage = z
  .object({
    monthly_eur: money.describe("statutory gross minimum wage in EUR per month (Eurostat earn_mw_cur)"),
    monthly_pps: money.describe(
      "the same minimum wage in purchasing power standards (PPS) per month; null when Eurostat publishes none",
    ),
    year: z.number().int().describe("year of the semester that answered"),
    semester: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe("semester of that year: 1 (January–June) or 2 (July–December)"),
    flags: z
      .object({
        monthly_eur: z.string().nullable().describe("Eurostat's flag on monthly_eur; null when unflagged"),
        monthly_pps: z.string().nullable().describe("Eurostat's flag on monthly_pps; null when unflagged"),
      })
      .describe(
        "addition: Eurostat's flags on each figure (e estimated, p provisional, b break in series), null when unflagged",
      )
      .optional(),
  })
  .describe(
    "the statutory minimum wage in force on the request date: the latest Eurostat earn_mw_cur semester not after it",
  );

/** Additions on every EU answer: how the mean was made and what it benchmarks (docs/api-guide.md, "EU earnings"). */
export const EuBenchmarkFields = {
  basis: z
    .enum(["annual", "monthly_x_12", "hourly_x_hours"])
    .nullable()
    .describe(
      "addition: how `mean` was made: the published annual mean, the published monthly mean × 12, or the published hourly mean × implied annual paid hours (an estimate); null when no annual figure can be made",
    ),
  mean_hourly: money.describe("addition: Eurostat's published mean gross hourly earnings for the group, in `currency`"),
  benchmark_resolution: z
    .literal("isco_major_group")
    .describe("addition: SES publishes by ISCO-08 major group, so every occupation in the group shares this benchmark"),
  benchmark_group: z
    .object({
      code: z.string().describe("ISCO-08 major group code (one digit)"),
      name: z.string().describe("ISCO-08 major group title, e.g. Professionals"),
    })
    .describe("addition: the ISCO-08 major group that answered"),
};

export const SalaryResponse = z.object({
  query: z
    .object({
      job_title: z.string().nullable().describe("the job_title as sent; null when only occupation_code was given"),
      matched_soc: z
        .string()
        .describe(
          "the SOC code whose OEWS figures answer: the matched occupation's own, or the OEWS aggregate (25-9045) or broad group (13-1020) OEWS publishes it within; notes say which",
        ),
      matched_title: z.string().describe("the O*NET title of the matched occupation"),
      location: z.string().describe("the title of the BLS area that answered, e.g. Austin-Round Rock-San Marcos, TX"),
      experience: z.string().nullable().describe("experience as sent (accepted but not applied); null when absent"),
      currency: z
        .string()
        .describe(
          "currency of the salary figures: USD, or EUR when asked (converted at the World Bank annual average rate)",
        ),
      match_method: z.enum(MATCH_METHODS).describe("addition: how the occupation was found (docs/matching.md)"),
      ...MatchFields,
      area_code: z.string().describe("addition: the 7-digit BLS area code that answered"),
      location_alternatives: LocationAlternatives,
    })
    .describe("the request as understood: the occupation matched and the BLS area that answered"),
  salary: z
    .object({
      p10: money.describe(
        "BLS OEWS annual 10th-percentile wage, in `currency` per year; null when not published or top-coded",
      ),
      p25: money.describe(
        "BLS OEWS annual 25th-percentile wage, in `currency` per year; null when not published or top-coded",
      ),
      median: money.describe(
        "BLS OEWS annual median wage, in `currency` per year; null when not published or top-coded",
      ),
      p75: money.describe(
        "BLS OEWS annual 75th-percentile wage, in `currency` per year; null when not published or top-coded",
      ),
      p90: money.describe(
        "BLS OEWS annual 90th-percentile wage, in `currency` per year; null when not published or top-coded",
      ),
      mean: money.describe(
        "BLS OEWS annual mean wage, in `currency` per year; null when not published (an all-areas file may carry none for metro rows: `notes` say so) or top-coded",
      ),
      sample_size: z.number().int().nullable().describe("always null: OEWS publishes no sample sizes"),
      cost_of_living_index: money
        .optional()
        .describe(
          "BEA Regional Price Parity, all items, latest year (U.S. = 100): the MSA's or state's; 100 for national; null for nonmetro areas",
        ),
      hourly: z
        .object({
          p10: money.describe(
            "OEWS hourly 10th-percentile wage, in `currency` per hour; null when not published or top-coded",
          ),
          p25: money.describe(
            "OEWS hourly 25th-percentile wage, in `currency` per hour; null when not published or top-coded",
          ),
          median: money.describe(
            "OEWS hourly median wage, in `currency` per hour; null when not published or top-coded",
          ),
          p75: money.describe(
            "OEWS hourly 75th-percentile wage, in `currency` per hour; null when not published or top-coded",
          ),
          p90: money.describe(
            "OEWS hourly 90th-percentile wage, in `currency` per hour; null when not published or top-coded",
          ),
          mean: money.describe("OEWS hourly mean wage, in `currency` per hour; null when not published or top-coded"),
        })
        .nullable()
        .optional()
        .describe(
          "addition: hourly wages as OEWS publishes them, in `currency` per hour; null when none is published for the area. For occupations OEWS publishes hourly only (actors, dancers, musicians), the annual fields are null and these answer",
        ),
    })
    .describe("BLS OEWS wages of the matched occupation in the area, latest vintage, in `currency`"),
  data_source: z.string().describe("the OEWS release that answered, e.g. BLS OEWS May 2025"),
  data_date: z.string().describe("the OEWS reference month, YYYY-05"),
  related_titles: z
    .array(z.string())
    .describe("titles of O*NET's Related Occupations for the matched occupation, in O*NET's order (up to 5)"),
  notes: z.array(z.string()).describe("addition: how figures were chosen or derived"),
});

export const UnifiedSalaryResponse = z.object({
  query: z
    .object({
      job_title: z.string().nullable().describe("the job_title as sent; null when only occupation_code was given"),
      matched_title: z
        .string()
        .describe("the occupation whose figures are shown: ESCO's English name, or the ISCO-08 group's title"),
      location: z
        .string()
        .describe('the country that answered, as "City, Country" when a city was given (SES figures are national)'),
      region: z
        .enum(["us", "eu"])
        .describe("eu: an EU/EEA place answered from Eurostat SES 2022 (U.S. places answer the SalaryResponse shape)"),
      matched_soc: z
        .string()
        .nullable()
        .optional()
        .describe("the matched occupation's 6-digit SOC code, where the crosswalks give one; null otherwise"),
      matched_isco: z
        .string()
        .nullable()
        .optional()
        .describe("the ISCO-08 major group (one digit) whose SES figures answer"),
      matched_isco_full: z
        .string()
        .nullable()
        .optional()
        .describe("the matched occupation's ISCO-08 unit group (four digits)"),
      match_method: z
        .string()
        .nullable()
        .optional()
        .describe(
          "how the occupation was found: code, alias, esco_label, national_title, trigram or pattern (docs/matching.md)",
        ),
      country_code: z.string().nullable().optional().describe("ISO 3166 alpha-2 code of the country that answered"),
      experience: z
        .string()
        .nullable()
        .optional()
        .describe("experience as sent (accepted but not applied); null when absent"),
      currency: z
        .string()
        .describe(
          "currency of the salary figures: EUR, or USD when asked (converted at the World Bank annual average rate)",
        ),
      ...MatchFields,
      location_alternatives: LocationAlternatives,
    })
    .describe("the request as understood: the occupation matched and the country that answered"),
  salary: z
    .object({
      median: money.optional().describe("always null: SES does not publish medians by occupation"),
      mean: money
        .optional()
        .describe(
          "Eurostat SES 2022 mean gross annual earnings of the ISCO-08 major group in the country, in `currency` per year (`basis` says how it was made); null when no annual figure can be made",
        ),
      ...sesPercentiles(money.optional()),
      sample_size: z.number().int().nullable().optional().describe("always null: SES publishes no sample size here"),
      currency: z.string().describe("currency of the figures: EUR, or USD when asked"),
      gender_gap_pct: money
        .optional()
        .describe(
          "unadjusted gender pay gap of the group in percent: (men's − women's SES 2022 mean gross hourly earnings) ÷ men's × 100; null when either is unpublished",
        ),
      mean_male: money
        .optional()
        .describe(
          "men's mean gross annual earnings in the group, in `currency` per year, on the same basis as `mean`; null when not published",
        ),
      mean_female: money
        .optional()
        .describe(
          "women's mean gross annual earnings in the group, in `currency` per year, on the same basis as `mean`; null when not published",
        ),
      cost_of_living_index: money
        .optional()
        .describe("World Bank price level ratio × 100, latest year (United States = 100); null when not published"),
      minimum_wage: MinimumWage.nullable()
        .optional()
        .describe(
          "the statutory minimum wage in force on the request date (the latest Eurostat earn_mw_cur semester not after it); null when the country has none in Eurostat's data",
        ),
      basis: EuBenchmarkFields.basis.optional(),
      mean_hourly: EuBenchmarkFields.mean_hourly.optional(),
      benchmark_resolution: EuBenchmarkFields.benchmark_resolution.optional(),
      benchmark_group: EuBenchmarkFields.benchmark_group.optional(),
    })
    .describe(
      "Eurostat SES 2022 earnings of the matched occupation's ISCO-08 major group in the country, in `currency`",
    ),
  data_source: z
    .string()
    .describe("the Eurostat datasets that answered (SES 2022 earnings; earn_mw_cur minimum wages)"),
  data_date: z.string().describe("2022, the SES reference year"),
  notes: z.array(z.string()).describe("addition: how figures were chosen or derived"),
  related_titles: z
    .array(z.string())
    .describe(
      "titles of O*NET's Related Occupations for the matched occupation's SOC code (up to 5); empty when it has none",
    ),
});

export const ISCO_NOTE =
  "EU data uses 1-digit ISCO-08 major groups only: the matched occupation is mapped to its major group, and every occupation in that group shares the benchmark.";
