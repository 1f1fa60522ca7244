// E7 POST /v1/compliance/pay-gap-report: an employer's gender pay gap by ISCO-08 category, computed
// statelessly from the submitted records (nothing about them is stored or logged).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { groupFigures, quartileBands, requiresJointAssessment, K_ANONYMITY, type Gender } from "../../domain/pay-gap.ts";
import { annualise, DEFAULT_ANNUAL_HOURS } from "../../domain/pay-period.ts";
import { round } from "../../domain/rounding.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import countries from "../../domain/country-names.ts";
import type { Services } from "../../services.ts";
import { MATCH_CONFIDENCE_THRESHOLD } from "../../domain/title/match.ts";
import { findJob, candidatesOf, alternative } from "./service.ts";

export const DISCLAIMER =
  "This report is a statistical tool. It is not legal advice and not a formal pay audit. Consult a qualified employment lawyer about your obligations under Directive (EU) 2023/970.";
const UNCLASSIFIED = { code: "UNCLASSIFIED", name: "Unclassified (job title not matched to an occupation)" };

const EmployeeRecord = z.object({
  job_title: z.string().trim().min(1).max(200).describe("the employee's job title, matched to an ISCO-08 major group in the country's languages (category, isco_code or soc_code win over it)"),
  gender: z.enum(["M", "F"]).describe("M or F"),
  salary: z.number().positive().finite().describe("gross pay per salary_period; no currency conversion is applied, so give every record in the same currency"),
  salary_period: z.enum(["annual", "monthly", "hourly"]).default("annual").describe("the period salary is per: annual (default), monthly (× 12) or hourly (× weekly_hours × 52, or × 2,080 hours without weekly_hours)"),
  employment_type: z.enum(["full_time", "part_time"]).default("full_time").describe("full_time (default) or part_time; pay is not rescaled by it (give weekly_hours to compare per hour)"),
  weekly_hours: z.number().positive().max(168).optional().describe("extension: contractual weekly hours; enables hourly gaps"),
  variable_pay: z.number().nonnegative().finite().optional().describe("extension: annual complementary or variable pay (bonuses, allowances)"),
  category: z.string().trim().min(1).max(100).optional().describe("extension: the employer's own category of workers doing work of equal value; replaces ISCO grouping for this record"),
  isco_code: z.string().trim().regex(/^\d{1,4}$/, "an ISCO-08 code of 1 to 4 digits").optional().describe("addition: the record's ISCO-08 group; wins over job_title"),
  soc_code: z.string().trim().regex(/^\d{2}-\d{4}(\.\d{2})?$/, "a SOC 2018 or O*NET-SOC code (15-1252, 15-1252.00)").optional().describe("addition: the record's SOC code, mapped to its ISCO-08 unit group; wins over job_title"),
});

const Gaps = z.object({
  mean_gap_pct: z.number().nullable().describe("(men's − women's mean) ÷ men's mean × 100, in percent; null when either gender is absent"),
  median_gap_pct: z.number().nullable().describe("(men's − women's median) ÷ men's median × 100, in percent; null when either gender is absent"),
});
const Article9 = z.object({
  variable_pay: Gaps.extend({
    women_receiving_pct: z.number().describe("percent of the women whose records give variable_pay who receive any (variable_pay > 0)"),
    men_receiving_pct: z.number().describe("percent of the men whose records give variable_pay who receive any (variable_pay > 0)"),
  }).nullable().describe("gaps in variable pay among employees receiving any; null when no record gives variable_pay"),
  hourly: Gaps.extend({ employees: z.number().int().describe("how many records give weekly_hours") }).nullable()
    .describe("gaps in hourly pay (annual pay ÷ (weekly_hours × 52)) over records giving weekly_hours; null when none does"),
  quartile_bands: z.array(z.object({
    band: z.number().int().describe("quartile pay band: 1 (lowest-paid quarter) to 4 (highest-paid)"),
    women_pct: z.number().describe("percent of the band who are women"),
    men_pct: z.number().describe("percent of the band who are men"),
  })).describe("the four quartile pay bands, lowest first; employees tied across a band boundary are split in proportion"),
  quartile_basis: z.enum(["hourly", "annual"]).describe("the pay the bands rank: hourly when every record gives weekly_hours, else annual"),
}).describe("addition: the other Article 9 indicators");

const CategoryGap = z.object({
  isco_code: z.string().describe("the ISCO-08 major group (one digit), the employer's own category name, or UNCLASSIFIED"),
  category_name: z.string().describe("the ISCO-08 major group title, the employer's category, or \"Unclassified (job title not matched to an occupation)\""),
  employee_count: z.number().int().describe("records in the category"),
  male_count: z.number().int().describe("men in the category"),
  female_count: z.number().int().describe("women in the category"),
  mean_male: z.number().nullable().describe("men's mean annualised gross pay, in the submitted currency, two decimals; null when the category has no men"),
  mean_female: z.number().nullable().describe("women's mean annualised gross pay, in the submitted currency, two decimals; null when the category has no women"),
  gap_pct: z.number().nullable().describe("mean pay gap in percent: (men's − women's mean) ÷ men's × 100; null when one gender is absent"),
  median_gap_pct: z.number().nullable().describe("median pay gap in percent: (men's − women's median) ÷ men's × 100; null when one gender is absent"),
  requires_joint_assessment: z.boolean().describe("true when |gap_pct| ≥ 5 (the Article 10 trigger); never for Unclassified"),
  national_benchmark_gap_pct: z.number().nullable().describe("the group's national gap in percent from Eurostat SES 2022 mean gross hourly earnings by sex; null for employer categories and Unclassified, or where unpublished or confidential"),
  k_anonymity_warning: z.boolean().describe("true when the category has fewer than 5 men or fewer than 5 women"),
  match_confidence: z.number().nullable().describe("addition: the lowest title-match confidence among the records placed in this category (1 for codes; null for employer categories and Unclassified)"),
});
const UnmatchedTitle = z.object({
  job_title: z.string().describe("the job title as submitted"),
  employees: z.number().int().describe("how many records carry it"),
  alternatives: z.array(z.object({
    code: z.string().describe("ISCO-08 unit group code"),
    title: z.string().describe("the unit group's title"),
    confidence: z.number().describe("0–1, how well the title matches it"),
  })).describe("the closest ISCO-08 unit groups, below the confidence threshold"),
});

/** The country of a report: an EU/EEA ISO code (EL accepted) with SES 2022 earnings loaded. */
function reportCountry(input: string, s: Services): string {
  const iso = parseCountryCode(input)?.iso2;
  if (!iso || !s.euEarnings.coverage().has(isoToEurostat(iso))) {
    throw validationError([{ field: "country", code: "unsupported_country", message: `not an EU country with Eurostat SES 2022 data loaded (GET /api/v1/salary/eu/countries lists them)` }]);
  }
  return iso;
}

export const payGapReport = defineRoute({
  id: "E7",
  summary: "Gender pay gap report",
  description: "Mean and median gender pay gaps overall and per ISCO-08 major group, Article 10 triggers, k-anonymity warnings and national benchmarks. Stateless: no submitted value is stored or logged.",
  method: "POST",
  path: "/api/v1/compliance/pay-gap-report",
  scope: "compliance:report",
  minTier: "enterprise",
  examples: [{
    summary: "Four employees in Germany",
    body: { country: "DE", employees: [
      { job_title: "Registered Nurse", gender: "M", salary: 52000 }, { job_title: "Registered Nurse", gender: "F", salary: 49000 },
      { job_title: "Accountant", gender: "M", salary: 4300, salary_period: "monthly" }, { job_title: "Accountant", gender: "F", salary: 4100, salary_period: "monthly" },
    ] },
  }],
  body: z.object({
    country: z.string().max(10).describe("ISO code (alpha-2 or alpha-3; EL accepted) of an EU/EEA country with Eurostat SES 2022 earnings loaded (E6 lists them)"),
    employees: z.array(EmployeeRecord).min(2).max(10_000).describe("the employee records, 2–10,000; nothing submitted is stored or logged"),
  }),
  response: z.object({
    country_code: z.string().describe("ISO 3166 alpha-2 code of the report's country"),
    country_name: z.string().describe("the country's English name"),
    overall_mean_gap_pct: z.number().nullable().describe("mean pay gap over all records in percent: (men's − women's mean annualised pay) ÷ men's × 100; null when one gender is absent"),
    overall_median_gap_pct: z.number().nullable().describe("median pay gap over all records in percent: (men's − women's median annualised pay) ÷ men's × 100; null when one gender is absent"),
    categories: z.array(CategoryGap).describe("one per ISCO-08 major group or employer category found among the records, by code, Unclassified last"),
    national_average_gap_pct: z.number().nullable().describe("Eurostat's latest unadjusted gender pay gap for the country (sdg_05_20), in percent; null when not published"),
    total_employees: z.number().int().describe("records submitted"),
    requires_any_joint_assessment: z.boolean().describe("true when any category requires a joint pay assessment"),
    recommendations: z.array(z.string()).describe("concrete next steps from the findings, most consequential first"),
    methodology_note: z.string().describe("how pay was annualised, gaps computed, records categorised and benchmarks chosen"),
    disclaimer: z.string().describe("the report is a statistical tool, not legal advice or a formal pay audit"),
    article_9_indicators: Article9,
    unmatched_titles: z.array(UnmatchedTitle).describe("addition: distinct job titles that matched no occupation with confidence, with how many employees hold each (never pay); set category, isco_code or soc_code for them"),
  }),
  handle: ({ body }, s, fail) => {
    const iso = reportCountry(body.country, s);
    const geo = isoToEurostat(iso);
    // One match per distinct title or code: reports repeat titles a great deal.
    type Category = { code: string; name: string; employer?: true; confidence: number | null };
    const categoryOf = new Map<string, Category>();
    const unmatched = new Map<string, { employees: number; alternatives: z.infer<typeof UnmatchedTitle>["alternatives"] }>();
    let hourlyWithoutHours = 0;
    let partTimeWithoutHours = 0;
    const classify = (e: z.infer<typeof EmployeeRecord>): Category => {
      if (e.category) return { code: e.category, name: e.category, employer: true, confidence: null };
      if (e.isco_code) {
        const major = e.isco_code[0];
        if (!s.isco.title(e.isco_code)) throw validationError([{ field: "employees[].isco_code", code: "unknown_isco_code", message: `ISCO-08 has no group ${e.isco_code}` }]);
        return { code: major, name: s.isco.title(major)!, confidence: 1 };
      }
      const job = findJob({ jobTitle: e.job_title, occupationCode: e.soc_code }, s, "isco", iso);
      if (e.soc_code && !job) throw validationError([{ field: "employees[].soc_code", code: "unknown_soc_code", message: `no O*NET occupation has the code ${e.soc_code}` }]);
      if (job?.isco && job.confidence >= MATCH_CONFIDENCE_THRESHOLD) return { code: job.isco.major, name: job.isco.majorTitle, confidence: job.confidence };
      unmatched.set(e.job_title, { employees: 0, alternatives: candidatesOf(job).map(alternative) });
      return { ...UNCLASSIFIED, confidence: null };
    };
    const rows = body.employees.map((e) => {
      const key = e.category ? `c|${e.category}` : e.isco_code ? `i|${e.isco_code}` : e.soc_code ? `s|${e.soc_code}` : `t|${e.job_title}`;
      let category = categoryOf.get(key); // employer categories key by name: one category whatever the title
      if (!category) categoryOf.set(key, (category = classify(e)));
      if (category.code === UNCLASSIFIED.code) unmatched.get(e.job_title)!.employees++;
      if (e.salary_period === "hourly" && e.weekly_hours === undefined) hourlyWithoutHours++;
      if (e.employment_type === "part_time" && e.weekly_hours === undefined) partTimeWithoutHours++;
      const pay = annualise(e.salary, e.salary_period, e.weekly_hours === undefined ? undefined : e.weekly_hours * 52);
      return { category, gender: e.gender as Gender, pay, variable: e.variable_pay, hourly: e.weekly_hours !== undefined ? pay / (e.weekly_hours * 52) : undefined };
    });

    const overall = groupFigures(rows);
    const byCategory = new Map<string, typeof rows>();
    for (const r of rows) {
      const group = byCategory.get(r.category.code);
      if (group) group.push(r);
      else byCategory.set(r.category.code, [r]);
    }
    const categories = [...byCategory].sort(([a], [b]) => (a === UNCLASSIFIED.code ? 1 : b === UNCLASSIFIED.code ? -1 : a.localeCompare(b))).map(([code, group]) => {
      const f = groupFigures(group);
      const unclassified = code === UNCLASSIFIED.code;
      const confidences = group.map((r) => r.category.confidence).filter((c): c is number => c !== null);
      const bench = unclassified || group[0].category.employer ? null : { m: s.euEarnings.hourly(geo, `OC${code}`, "M").value, f: s.euEarnings.hourly(geo, `OC${code}`, "F").value };
      return {
        isco_code: code, category_name: group[0].category.name, employee_count: f.count, male_count: f.maleCount, female_count: f.femaleCount,
        mean_male: round(f.meanMale, 2), mean_female: round(f.meanFemale, 2), gap_pct: round(f.meanGap, 2), median_gap_pct: round(f.medianGap, 2),
        // Unclassified is not a category of workers doing equal work: its gap is shown, it triggers nothing.
        requires_joint_assessment: !unclassified && requiresJointAssessment(f.meanGap),
        national_benchmark_gap_pct: bench && bench.m !== null && bench.f !== null ? round(((bench.m - bench.f) / bench.m) * 100, 2) : null,
        k_anonymity_warning: f.maleCount < K_ANONYMITY || f.femaleCount < K_ANONYMITY,
        match_confidence: confidences.length ? Math.min(...confidences) : null,
      };
    });
    const national = s.euEarnings.headlineGap(geo);
    const countryName = countries.getName(iso, "en") ?? iso;
    const recommendations = recommend({ categories, unmatched: new Set(unmatched.keys()), unmatchedCount: rows.filter((r) => r.category.code === UNCLASSIFIED.code).length,
      hourlyWithoutHours, partTimeWithoutHours, overallGap: round(overall.meanGap, 2), national, countryName });
    return {
      data: {
        country_code: iso, country_name: countryName,
        overall_mean_gap_pct: round(overall.meanGap, 2), overall_median_gap_pct: round(overall.medianGap, 2),
        categories, national_average_gap_pct: national?.value ?? null, total_employees: rows.length,
        requires_any_joint_assessment: categories.some((c) => c.requires_joint_assessment),
        recommendations,
        methodology_note:
          `Pay is compared on one basis, annual gross pay: annual salaries as given, monthly × 12, hourly × weekly_hours × 52 (or × ${DEFAULT_ANNUAL_HOURS} hours when weekly_hours is absent). ` +
          "Gap = (men's − women's) ÷ men's × 100 on means (gap_pct) and on medians (median_gap_pct), the Directive's definition, rounded to two decimals at the end. " +
          `Categories: each record's isco_code, soc_code or job title gives its ISCO-08 major group: titles are matched in the country's languages against ESCO labels, national title lists and O*NET titles (as /v1/salary); a title matched with confidence below ${MATCH_CONFIDENCE_THRESHOLD} is not guessed: it forms the Unclassified category, listed in unmatched_titles, counts in the overall gaps, and never requires a joint assessment. ` +
          `A category reaching a gap of ${5}% in either direction requires a joint pay assessment (Article 10); a gender with fewer than ${K_ANONYMITY} employees in a category sets k_anonymity_warning. ` +
          "A category without one gender has no gap: gap_pct, median_gap_pct and that gender's mean are null there (the only place the schema's numbers are null). " +
          "Extensions: a record's `category` replaces ISCO grouping for it (no national benchmark then). article_9_indicators adds the variable-pay mean and median gaps among employees receiving any (variable_pay > 0) with the share of women and men receiving it, hourly gaps over records giving weekly_hours (annual pay ÷ (weekly_hours × 52)), and quartile pay bands on hourly pay when every record gives hours (annual pay otherwise); employees tied at a band boundary are split so the tied group's gender mix is the same on both sides. " +
          `Benchmarks: national_average_gap_pct is Eurostat's unadjusted gender pay gap (sdg_05_20) for ${countryName}, ${national?.year ?? "not published"}; national_benchmark_gap_pct is computed from Eurostat SES 2022 mean hourly earnings by sex for the ISCO group (enterprises with 10+ employees, NACE B–S except O), null where Eurostat publishes none or marks it confidential.`,
        disclaimer: DISCLAIMER,
        article_9_indicators: article9(rows),
        unmatched_titles: [...unmatched].map(([job_title, u]) => ({ job_title, employees: u.employees, alternatives: u.alternatives })).sort((a, b) => b.employees - a.employees || a.job_title.localeCompare(b.job_title)),
      },
      datasets: ["eurostat_gpg", "eurostat_ses_2022", "esco_occupations", "esco_national_titles", "isco_soc_crosswalk", "onet_30_0"],
    };
  },
});

/** The other Article 9 indicators: variable-pay gaps (among recipients), hourly gaps, quartile bands. */
function article9(rows: { gender: Gender; pay: number; variable?: number; hourly?: number }[]): z.infer<typeof Article9> {
  const gaps = (records: { gender: Gender; pay: number }[]) => { const f = groupFigures(records); return { mean_gap_pct: round(f.meanGap, 2), median_gap_pct: round(f.medianGap, 2) }; };
  const withVariable = rows.filter((r) => r.variable !== undefined);
  const share = (g: Gender) => {
    const all = withVariable.filter((r) => r.gender === g);
    return all.length ? round((all.filter((r) => r.variable! > 0).length / all.length) * 100, 2)! : 0;
  };
  const withHours = rows.filter((r) => r.hourly !== undefined);
  const allHourly = withHours.length === rows.length;
  return {
    variable_pay: withVariable.length
      ? { ...gaps(withVariable.filter((r) => r.variable! > 0).map((r) => ({ gender: r.gender, pay: r.variable! }))), women_receiving_pct: share("F"), men_receiving_pct: share("M") }
      : null,
    hourly: withHours.length ? { ...gaps(withHours.map((r) => ({ gender: r.gender, pay: r.hourly! }))), employees: withHours.length } : null,
    quartile_bands: quartileBands(rows.map((r) => ({ gender: r.gender, pay: allHourly ? r.hourly! : r.pay }))).map((b) => ({ band: b.band, women_pct: round(b.women_pct, 2)!, men_pct: round(b.men_pct, 2)! })),
    quartile_basis: allHourly ? "hourly" : "annual",
  };
}

interface Findings {
  categories: z.infer<typeof CategoryGap>[]; unmatched: Set<string>; unmatchedCount: number; hourlyWithoutHours: number; partTimeWithoutHours: number;
  overallGap: number | null; national: { value: number; year: number } | null; countryName: string;
}

/** Concrete sentences from the findings, in order of consequence. */
function recommend(f: Findings): string[] {
  const out: string[] = [];
  for (const c of f.categories.filter((x) => x.requires_joint_assessment)) {
    out.push(`${c.category_name} (ISCO ${c.isco_code}) has a mean gap of ${c.gap_pct}%, at least 5%: under Article 10 a joint pay assessment with workers' representatives is required unless the difference is justified by objective, gender-neutral criteria or remedied within six months of the report.`);
  }
  if (!out.length) out.push("No category reaches the 5% gap that triggers a joint pay assessment under Article 10; keep the underlying data, as the report must be repeated at the interval the Directive sets for your size.");
  for (const c of f.categories.filter((x) => x.k_anonymity_warning)) {
    const few = c.female_count < K_ANONYMITY ? `${c.female_count} ${c.female_count === 1 ? "woman" : "women"}` : `${c.male_count} ${c.male_count === 1 ? "man" : "men"}`;
    out.push(`${c.category_name} has only ${few}: publish its figures only in aggregate or with care, since they can identify individuals.`);
  }
  if (f.unmatchedCount) {
    const examples = [...f.unmatched].slice(0, 3).map((t) => `"${t}"`).join(", ");
    out.push(`${f.unmatchedCount} employee(s) with ${f.unmatched.size} job title(s) that match no occupation with confidence (e.g. ${examples}) are reported as Unclassified, which is not a category of workers doing equal work, so its gap triggers no joint assessment: give those records a category, isco_code or soc_code (unmatched_titles lists the closest occupations) so they are compared with workers doing work of equal value.`);
  }
  if (f.hourlyWithoutHours) out.push(`${f.hourlyWithoutHours} hourly-paid record(s) give no weekly_hours and were annualised at ${DEFAULT_ANNUAL_HOURS} hours; supply weekly_hours so pay is compared at the actual hours worked.`);
  if (f.partTimeWithoutHours) out.push(`${f.partTimeWithoutHours} part-time record(s) give no weekly_hours, so their pay is compared as paid; supply weekly_hours to compare pay levels per hour, as the Directive's "pay level" intends.`);
  if (f.overallGap !== null && f.national) {
    const side = f.overallGap > f.national.value ? "above" : f.overallGap < f.national.value ? "below" : "equal to";
    out.push(`Your overall mean gap of ${f.overallGap}% is ${side} the national unadjusted gap for ${f.countryName} (${f.national.value}%, Eurostat ${f.national.year}).`);
  }
  return out;
}
