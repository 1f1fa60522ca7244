// E7 POST /v1/compliance/pay-gap-report: an employer's gender pay gap by ISCO-08 category, computed
// statelessly from the submitted records (nothing about them is stored or logged).
import { z } from "zod";
import { payAmount } from "./models.ts";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { payGapReport, type Classification, type EmployeeRecord } from "../../domain/pay-gap-report.ts";
import { payGapMethodology } from "./methodology.ts";
import { rulesOn, statutoryWeek } from "../../domain/statutory-minimum.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import countries from "../../domain/country-names.ts";
import type { Services } from "../../services.ts";
import { findJob, candidatesOf, alternative, cite } from "./service.ts";

export const DISCLAIMER =
  "This report is a statistical tool. It is not legal advice and not a formal pay audit. Consult a qualified employment lawyer about your obligations under Directive (EU) 2023/970.";

const EmployeeRecordBody = z.strictObject({
  job_title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      "the employee's job title, matched to an ISCO-08 major group in the country's languages (category, isco_code or soc_code win over it)",
    ),
  gender: z.enum(["M", "F"]).describe("M or F"),
  salary: payAmount().describe(
    "gross pay per salary_period; no currency conversion is applied, so give every record in the same currency",
  ),
  salary_period: z
    .enum(["annual", "monthly", "hourly"])
    .default("annual")
    .describe(
      "the period salary is per: annual (default), monthly (× 12) or hourly (× weekly_hours × 52, or × full_time_weekly_hours × 52 without weekly_hours)",
    ),
  employment_type: z
    .enum(["full_time", "part_time"])
    .default("full_time")
    .describe(
      "full_time (default) or part_time; pay is not rescaled by it. Without weekly_hours a part-timer is not compared with full-timers on annual pay (give weekly_hours to compare per hour)",
    ),
  weekly_hours: z
    .number()
    .positive()
    .max(168)
    .optional()
    .describe(
      "extension: contractual weekly hours; gaps are compared per hour when every record's hourly pay is known",
    ),
  variable_pay: payAmount("allowed")
    .optional()
    .describe("extension: annual complementary or variable pay (bonuses, allowances)"),
  category: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      "extension: the employer's own category of workers doing work of equal value; replaces ISCO grouping for this record",
    ),
  isco_code: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, "must be an ISCO-08 code of 1 to 4 digits")
    .optional()
    .describe("addition: the record's ISCO-08 group; wins over job_title"),
  soc_code: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{4}(\.\d{2})?$/, "must be a SOC 2018 or O*NET-SOC code (15-1252, 15-1252.00)")
    .optional()
    .describe("addition: the record's SOC code, mapped to its ISCO-08 unit group; wins over job_title"),
});

const Gaps = z.object({
  mean_gap_pct: z
    .number()
    .nullable()
    .describe("(men's − women's mean) ÷ men's mean × 100, in percent; null when either gender is absent"),
  median_gap_pct: z
    .number()
    .nullable()
    .describe("(men's − women's median) ÷ men's median × 100, in percent; null when either gender is absent"),
});
const Article9 = z
  .object({
    variable_pay: Gaps.extend({
      women_receiving_pct: z
        .number()
        .describe("percent of the women whose records give variable_pay who receive any (variable_pay > 0)"),
      men_receiving_pct: z
        .number()
        .describe("percent of the men whose records give variable_pay who receive any (variable_pay > 0)"),
    })
      .nullable()
      .describe("gaps in variable pay among employees receiving any; null when no record gives variable_pay"),
    hourly: Gaps.extend({ employees: z.number().int().describe("how many records' hourly pay is known") })
      .nullable()
      .describe(
        "gaps in hourly pay (annual pay ÷ (weekly_hours × 52), or the rate of records paid by the hour) over records whose hourly pay is known; null when none is",
      ),
    quartile_bands: z
      .array(
        z.object({
          band: z.number().int().describe("quartile pay band: 1 (lowest-paid quarter) to 4 (highest-paid)"),
          women_pct: z.number().describe("percent of the band who are women"),
          men_pct: z.number().describe("percent of the band who are men"),
        }),
      )
      .describe(
        "the four quartile pay bands, lowest first; employees tied across a band boundary are split in proportion",
      ),
    quartile_basis: z
      .enum(["hourly", "annual"])
      .describe("the pay the bands rank: hourly when every record's hourly pay is known, else annual"),
  })
  .describe("addition: the other Article 9 indicators");

const PayBasisField = z
  .enum(["hourly", "annual"])
  .describe(
    "addition: the pay the gaps compare: hourly when every record's hourly pay is known (weekly_hours given, or paid by the hour); otherwise annual full-time-equivalent pay: hourly pay × full_time_weekly_hours × 52 where it is known, full-timers without hours as paid, part-timers without hours left out (docs/compliance.md)",
  );
const ExcludedField = z
  .number()
  .int()
  .describe(
    "addition: records left out of the gap figures: part-timers without weekly_hours, on annual pay (they are counted in the headcounts)",
  );
const AnnualFigures = z
  .object({
    mean_male: z
      .number()
      .nullable()
      .describe(
        "men's mean annualised gross pay over every record (monthly × 12, hourly × weekly_hours × 52 or × full_time_weekly_hours × 52)",
      ),
    mean_female: z.number().nullable().describe("women's mean annualised gross pay over every record"),
    gap_pct: z
      .number()
      .nullable()
      .describe("mean gap on annualised pay over every record, part-timers included, in percent"),
    median_gap_pct: z.number().nullable().describe("median gap on annualised pay over every record, in percent"),
  })
  .describe(
    "addition: the gaps on annualised pay over every record, for reference; a part-timer's lower annual pay shows here as a gap, which is why the flags use pay_basis",
  );

const CategoryGap = z.object({
  isco_code: z
    .string()
    .describe("the ISCO-08 major group (one digit), the employer's own category name, or UNCLASSIFIED"),
  category_name: z
    .string()
    .describe(
      'the ISCO-08 major group title, the employer\'s category, or "Unclassified (job title not matched to an occupation)"',
    ),
  employee_count: z.number().int().describe("records in the category"),
  male_count: z.number().int().describe("men in the category"),
  female_count: z.number().int().describe("women in the category"),
  mean_male: z
    .number()
    .nullable()
    .describe(
      "men's mean gross pay on pay_basis (per hour, or per year full-time equivalent), in the submitted currency, two decimals; null when the compared records have no men",
    ),
  mean_female: z
    .number()
    .nullable()
    .describe(
      "women's mean gross pay on pay_basis, in the submitted currency, two decimals; null when the compared records have no women",
    ),
  gap_pct: z
    .number()
    .nullable()
    .describe(
      "mean pay gap in percent on pay_basis: (men's − women's mean) ÷ men's × 100; null when one gender is absent",
    ),
  median_gap_pct: z
    .number()
    .nullable()
    .describe(
      "median pay gap in percent on pay_basis: (men's − women's median) ÷ men's × 100; null when one gender is absent",
    ),
  requires_joint_assessment: z
    .boolean()
    .describe("true when |gap_pct| ≥ 5 (the Article 10 trigger, on pay_basis); never for Unclassified"),
  national_benchmark_gap_pct: z
    .number()
    .nullable()
    .describe(
      "the group's national gap in percent from Eurostat SES 2022 mean gross hourly earnings by sex; null for employer categories and Unclassified, or where unpublished or confidential",
    ),
  k_anonymity_warning: z.boolean().describe("true when the category has fewer than 5 men or fewer than 5 women"),
  match_confidence: z
    .number()
    .nullable()
    .describe(
      "addition: the lowest title-match confidence among the records placed in this category (1 for codes; null for employer categories and Unclassified)",
    ),
  pay_basis: PayBasisField,
  excluded_from_gap: ExcludedField,
  annual: AnnualFigures,
});
const UnmatchedTitle = z.object({
  job_title: z.string().describe("the job title as submitted"),
  employees: z.number().int().describe("how many records carry it"),
  alternatives: z
    .array(
      z.object({
        code: z.string().describe("ISCO-08 unit group code"),
        title: z.string().describe("the unit group's title"),
        confidence: z.number().describe("0–1, the estimated probability that it is the right one"),
      }),
    )
    .describe("the closest ISCO-08 unit groups, below the confidence threshold"),
});

/** The country of a report: an EU/EEA ISO code (EL accepted) with SES 2022 earnings loaded. */
function reportCountry(input: string, s: Services): string {
  const iso = parseCountryCode(input)?.iso2;
  if (!iso || !s.euEarnings.coverage().has(isoToEurostat(iso))) {
    throw validationError([
      {
        field: "country",
        code: "unsupported_country",
        message: iso
          ? `not an EU country with Eurostat SES 2022 data loaded (GET /api/v1/salary/countries lists them)`
          : `${JSON.stringify(input.slice(0, 60))} is not an ISO country code: send the code (DE, FR, NL, …; GET /api/v1/salary/countries lists them)`,
      },
    ]);
  }
  return iso;
}

export const payGapReportRoute = defineRoute({
  id: "E7",
  summary: "Gender pay gap report",
  description:
    "Mean and median gender pay gaps overall and per ISCO-08 major group, Article 10 triggers, k-anonymity warnings and national benchmarks. Stateless: no submitted value is stored or logged. " +
    "The records may also be sent as CSV (Content-Type: text/csv, the country in the query: ?country=DE): a header row of EmployeeRecord field names (job_title, gender and salary required), one employee per row, comma-separated (semicolon or tab when the header has no comma), empty cells omitted; errors name the row and column.",
  method: "POST",
  path: "/api/v1/compliance/pay-gap-report",
  scope: "compliance:report",
  minTier: "enterprise",
  examples: [
    {
      summary: "Four employees in Germany",
      body: {
        country: "DE",
        employees: [
          { job_title: "Registered Nurse", gender: "M", salary: 52000 },
          { job_title: "Registered Nurse", gender: "F", salary: 49000 },
          { job_title: "Accountant", gender: "M", salary: 4300, salary_period: "monthly" },
          { job_title: "Accountant", gender: "F", salary: 4100, salary_period: "monthly" },
        ],
      },
    },
  ],
  csv: {
    rowsField: "employees",
    columns: {
      job_title: "text",
      gender: "text",
      salary: "number",
      salary_period: "text",
      employment_type: "text",
      weekly_hours: "number",
      variable_pay: "number",
      category: "text",
      isco_code: "text",
      soc_code: "text",
    },
    required: ["job_title", "gender", "salary"],
    query: z.strictObject({
      country: z
        .string({ error: "required with a CSV body: the report's country (?country=DE)" })
        .max(10)
        .describe("the report's country, as the JSON body's `country`"),
    }),
    // The rows are validated as EmployeeRecords next, as a JSON body's would be.
    toBody: (rows, query: { country: string }) => ({ country: query.country, employees: rows as never }),
    example:
      "job_title,gender,salary,salary_period\nRegistered Nurse,M,52000,annual\nRegistered Nurse,F,49000,annual\nAccountant,M,4300,monthly\nAccountant,F,4100,monthly\n",
  },
  body: z.strictObject({
    country: z
      .string()
      .max(10)
      .describe(
        "ISO code (alpha-2 or alpha-3; EL accepted) of an EU/EEA country with Eurostat SES 2022 earnings loaded (GET /api/v1/salary/countries lists them)",
      ),
    employees: z
      .array(EmployeeRecordBody)
      .min(2)
      .max(10_000)
      .describe("the employee records, 2–10,000; nothing submitted is stored or logged"),
  }),
  response: z.object({
    country_code: z.string().describe("ISO 3166 alpha-2 code of the report's country"),
    country_name: z.string().describe("the country's English name"),
    overall_mean_gap_pct: z
      .number()
      .nullable()
      .describe(
        "mean pay gap over the workforce in percent on pay_basis: (men's − women's mean pay) ÷ men's × 100; null when one gender is absent",
      ),
    overall_median_gap_pct: z
      .number()
      .nullable()
      .describe("median pay gap over the workforce in percent on pay_basis; null when one gender is absent"),
    pay_basis: PayBasisField,
    excluded_from_gap: ExcludedField,
    full_time_weekly_hours: z
      .number()
      .describe(
        "addition: the full-time week annual full-time-equivalent pay is counted at, and hourly records without weekly_hours are annualised at: the weekly_hours most records give (the larger on a tie); when none gives hours, the week the country's minimum-wage law states (France 35), else 40",
      ),
    annual: AnnualFigures,
    categories: z
      .array(CategoryGap)
      .describe("one per ISCO-08 major group or employer category found among the records, by code, Unclassified last"),
    national_average_gap_pct: z
      .number()
      .nullable()
      .describe(
        "Eurostat's latest unadjusted gender pay gap for the country (sdg_05_20), in percent; null when not published",
      ),
    total_employees: z.number().int().describe("records submitted"),
    requires_any_joint_assessment: z.boolean().describe("true when any category requires a joint pay assessment"),
    recommendations: z.array(z.string()).describe("concrete next steps from the findings, most consequential first"),
    methodology_note: z
      .string()
      .describe("how pay was annualised, gaps computed, records categorised and benchmarks chosen"),
    disclaimer: z.string().describe("the report is a statistical tool, not legal advice or a formal pay audit"),
    article_9_indicators: Article9,
    unmatched_titles: z
      .array(UnmatchedTitle)
      .describe(
        "addition: distinct job titles that matched no occupation with confidence, with how many employees hold each (never pay); set category, isco_code or soc_code for them",
      ),
  }),
  handle: ({ body }, s) => {
    const iso = reportCountry(body.country, s);
    const geo = isoToEurostat(iso);
    const national = s.euEarnings.headlineGap(geo);
    const countryName = countries.getName(iso, "en") ?? iso;
    const report = payGapReport(body.employees, {
      classify: (e) => classify(e, iso, s),
      national,
      countryName,
      statutoryWeek: statutoryWeek(rulesOn(s.statutoryMinimumWages.rows(iso), new Date().toISOString().slice(0, 10))),
      benchmark: (c) => ({
        men: s.euEarnings.hourly(geo, `OC${c.code}`, "M").value,
        women: s.euEarnings.hourly(geo, `OC${c.code}`, "F").value,
      }),
    });
    return {
      data: {
        country_code: iso,
        country_name: countryName,
        overall_mean_gap_pct: report.overall_mean_gap_pct,
        overall_median_gap_pct: report.overall_median_gap_pct,
        pay_basis: report.pay_basis,
        excluded_from_gap: report.excluded_from_gap,
        full_time_weekly_hours: report.full_time_weekly_hours,
        annual: report.annual,
        categories: report.categories,
        national_average_gap_pct: national?.value ?? null,
        total_employees: report.total_employees,
        requires_any_joint_assessment: report.requires_any_joint_assessment,
        recommendations: report.recommendations,
        methodology_note: payGapMethodology({
          matchThreshold: s.titleMatcher.threshold("isco"),
          countryName,
          national,
          gapSource: cite(s, "eurostat_gpg"),
          sesSource: cite(s, "eurostat_ses_2022"),
        }),
        disclaimer: DISCLAIMER,
        article_9_indicators: report.article_9_indicators,
        unmatched_titles: report.unmatched_titles,
      },
      datasets: [
        "eurostat_gpg",
        "eurostat_ses_2022",
        "esco_occupations",
        "esco_national_titles",
        "isco_soc_crosswalk",
        "onet_30_0",
      ],
    };
  },
});

/** A record's ISCO-08 major group: from its isco_code, its soc_code or its title (matched in the country's languages). */
function classify(e: EmployeeRecord, iso: string, s: Services): Classification {
  if (e.category) return { code: e.category, name: e.category, employer: true, confidence: null };
  if (e.isco_code) {
    if (!s.isco.title(e.isco_code))
      throw validationError([
        { field: "employees[].isco_code", code: "unknown_isco_code", message: `ISCO-08 has no group ${e.isco_code}` },
      ]);
    const major = e.isco_code[0];
    return { code: major, name: s.isco.title(major)!, confidence: 1 };
  }
  const job = findJob({ jobTitle: e.job_title, occupationCode: e.soc_code }, s, "isco", iso);
  if (e.soc_code && !job)
    throw validationError([
      {
        field: "employees[].soc_code",
        code: "unknown_soc_code",
        message: `no O*NET occupation has the code ${e.soc_code}`,
      },
    ]);
  if (job?.isco && job.confidence >= s.titleMatcher.threshold("isco"))
    return { code: job.isco.major, name: job.isco.majorTitle, confidence: job.confidence };
  return { unmatched: true, alternatives: candidatesOf(job).map(alternative) };
}
