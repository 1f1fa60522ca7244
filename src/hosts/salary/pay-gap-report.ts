// E7 POST /v1/compliance/pay-gap-report: an employer's gender pay gap by ISCO-08 category, computed
// statelessly from the submitted records (nothing about them is stored or logged).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { annualise, groupFigures, quartileBands, requiresJointAssessment, round2, K_ANONYMITY, DEFAULT_ANNUAL_HOURS, type Gender } from "../../domain/pay-gap.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import countries from "../../domain/country-names.ts";
import type { Services } from "../../services.ts";
import { MATCH_CONFIDENCE_THRESHOLD } from "../../domain/title/match.ts";
import { findJob, candidatesOf, alternative } from "./benchmarks.ts";

export const DISCLAIMER =
  "This report is a statistical tool. It is not legal advice and not a formal pay audit. Consult a qualified employment lawyer about your obligations under Directive (EU) 2023/970.";
const UNCLASSIFIED = { code: "UNCLASSIFIED", name: "Unclassified (job title not matched to an occupation)" };

const EmployeeRecord = z.object({
  job_title: z.string().trim().min(1).max(200),
  gender: z.enum(["M", "F"]),
  salary: z.number().positive().finite(),
  salary_period: z.enum(["annual", "monthly", "hourly"]).default("annual"),
  employment_type: z.enum(["full_time", "part_time"]).default("full_time"),
  weekly_hours: z.number().positive().max(168).optional().describe("extension: contractual weekly hours; enables hourly gaps"),
  variable_pay: z.number().nonnegative().finite().optional().describe("extension: annual complementary or variable pay (bonuses, allowances)"),
  category: z.string().trim().min(1).max(100).optional().describe("extension: the employer's own category of workers doing work of equal value; replaces ISCO grouping for this record"),
  isco_code: z.string().trim().regex(/^\d{1,4}$/, "an ISCO-08 code of 1 to 4 digits").optional().describe("addition: the record's ISCO-08 group; wins over job_title"),
  soc_code: z.string().trim().regex(/^\d{2}-\d{4}(\.\d{2})?$/, "a SOC 2018 or O*NET-SOC code (15-1252, 15-1252.00)").optional().describe("addition: the record's SOC code, mapped to its ISCO-08 unit group; wins over job_title"),
});

const Gaps = z.object({ mean_gap_pct: z.number().nullable(), median_gap_pct: z.number().nullable() });
const Article9 = z.object({
  variable_pay: Gaps.extend({ women_receiving_pct: z.number(), men_receiving_pct: z.number() }).nullable(),
  hourly: Gaps.extend({ employees: z.number().int() }).nullable(),
  quartile_bands: z.array(z.object({ band: z.number().int(), women_pct: z.number(), men_pct: z.number() })),
  quartile_basis: z.enum(["hourly", "annual"]),
}).describe("addition: the other Article 9 indicators");

const CategoryGap = z.object({
  isco_code: z.string(), category_name: z.string(),
  employee_count: z.number().int(), male_count: z.number().int(), female_count: z.number().int(),
  mean_male: z.number().nullable(), mean_female: z.number().nullable(), gap_pct: z.number().nullable(), median_gap_pct: z.number().nullable(),
  requires_joint_assessment: z.boolean(), national_benchmark_gap_pct: z.number().nullable(), k_anonymity_warning: z.boolean(),
  match_confidence: z.number().nullable().describe("addition: the lowest title-match confidence among the records placed in this category (1 for codes; null for employer categories and Unclassified)"),
});
const UnmatchedTitle = z.object({
  job_title: z.string(), employees: z.number().int(),
  alternatives: z.array(z.object({ code: z.string(), title: z.string(), confidence: z.number() })).describe("the closest ISCO-08 unit groups, below the confidence threshold"),
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
  body: z.object({ country: z.string().max(10), employees: z.array(EmployeeRecord).min(2).max(10_000) }),
  response: z.object({
    country_code: z.string(), country_name: z.string(),
    overall_mean_gap_pct: z.number().nullable(), overall_median_gap_pct: z.number().nullable(),
    categories: z.array(CategoryGap), national_average_gap_pct: z.number().nullable(), total_employees: z.number().int(),
    requires_any_joint_assessment: z.boolean(), recommendations: z.array(z.string()), methodology_note: z.string(), disclaimer: z.string(),
    article_9_indicators: Article9,
    unmatched_titles: z.array(UnmatchedTitle).describe("addition: distinct job titles that matched no occupation with confidence, with how many employees hold each (never pay); set category, isco_code or soc_code for them"),
  }),
  handle: ({ body }, s) => {
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
      const pay = annualise(e.salary, e.salary_period, e.weekly_hours);
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
        mean_male: round2(f.meanMale), mean_female: round2(f.meanFemale), gap_pct: round2(f.meanGap), median_gap_pct: round2(f.medianGap),
        // Unclassified is not a category of workers doing equal work: its gap is shown, it triggers nothing.
        requires_joint_assessment: !unclassified && requiresJointAssessment(f.meanGap),
        national_benchmark_gap_pct: bench && bench.m !== null && bench.f !== null ? round2(((bench.m - bench.f) / bench.m) * 100) : null,
        k_anonymity_warning: f.maleCount < K_ANONYMITY || f.femaleCount < K_ANONYMITY,
        match_confidence: confidences.length ? Math.min(...confidences) : null,
      };
    });
    const national = s.euEarnings.headlineGap(geo);
    const countryName = countries.getName(iso, "en") ?? iso;
    const recommendations = recommend({ categories, unmatched: new Set(unmatched.keys()), unmatchedCount: rows.filter((r) => r.category.code === UNCLASSIFIED.code).length,
      hourlyWithoutHours, partTimeWithoutHours, overallGap: round2(overall.meanGap), national, countryName });
    return {
      data: {
        country_code: iso, country_name: countryName,
        overall_mean_gap_pct: round2(overall.meanGap), overall_median_gap_pct: round2(overall.medianGap),
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
  const gaps = (records: { gender: Gender; pay: number }[]) => { const f = groupFigures(records); return { mean_gap_pct: round2(f.meanGap), median_gap_pct: round2(f.medianGap) }; };
  const withVariable = rows.filter((r) => r.variable !== undefined);
  const share = (g: Gender) => {
    const all = withVariable.filter((r) => r.gender === g);
    return all.length ? round2((all.filter((r) => r.variable! > 0).length / all.length) * 100)! : 0;
  };
  const withHours = rows.filter((r) => r.hourly !== undefined);
  const allHourly = withHours.length === rows.length;
  return {
    variable_pay: withVariable.length
      ? { ...gaps(withVariable.filter((r) => r.variable! > 0).map((r) => ({ gender: r.gender, pay: r.variable! }))), women_receiving_pct: share("F"), men_receiving_pct: share("M") }
      : null,
    hourly: withHours.length ? { ...gaps(withHours.map((r) => ({ gender: r.gender, pay: r.hourly! }))), employees: withHours.length } : null,
    quartile_bands: quartileBands(rows.map((r) => ({ gender: r.gender, pay: allHourly ? r.hourly! : r.pay }))).map((b) => ({ band: b.band, women_pct: round2(b.women_pct)!, men_pct: round2(b.men_pct)! })),
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
