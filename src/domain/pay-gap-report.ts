// The pay-transparency report of Directive (EU) 2023/970 from an employer's records: each record put in a
// category (by a classifier the caller supplies: title matching lives elsewhere), the gaps per category with their
// Article 10 triggers and k-anonymity warnings, the other Article 9 indicators, and recommendations in words.
// Pure: records in, report out; nothing is kept. Figures are rounded to two decimals here, at the end.
import {
  groupFigures,
  quartileBands,
  requiresJointAssessment,
  gapPct,
  JOINT_ASSESSMENT_THRESHOLD,
  K_ANONYMITY,
  type Gender,
} from "./pay-gap.ts";
import { annualise, DEFAULT_ANNUAL_HOURS, type SalaryPeriod } from "./pay-period.ts";
import { round } from "./rounding.ts";

export interface EmployeeRecord {
  job_title: string;
  gender: Gender;
  salary: number;
  salary_period: SalaryPeriod;
  employment_type: "full_time" | "part_time";
  weekly_hours?: number;
  variable_pay?: number;
  category?: string;
  isco_code?: string;
  soc_code?: string;
}

/** A record's category: an ISCO-08 major group, the employer's own category, or Unclassified. */
export interface Category {
  code: string;
  name: string;
  employer?: true;
  confidence: number | null;
}
export interface Alternative {
  code: string;
  title: string;
  confidence: number;
}
/** What the classifier says of a record: its category, or no confident match (with the closest occupations). */
export type Classification = Category | { unmatched: true; alternatives: Alternative[] };

export const UNCLASSIFIED: Category = {
  code: "UNCLASSIFIED",
  name: "Unclassified (job title not matched to an occupation)",
  confidence: null,
};

/** Men's and women's mean hourly earnings of a category in the country (the national benchmark), when published. */
export type GroupBenchmark = (category: Category) => { men: number | null; women: number | null } | null;

/** A record on both bases: pay a year, and pay an hour where it is known (weekly_hours given, or paid by the hour). */
interface Row {
  category: Category;
  gender: Gender;
  pay: number;
  partTime: boolean;
  variable?: number;
  hourly?: number;
}

/**
 * The pay a group's gaps compare. Hourly when every record's hourly pay is known: a part-timer is not a pay gap, and
 * Eurostat's and the Directive's gap is on hourly pay. Otherwise annual full-time-equivalent pay: a record whose
 * hourly pay is known counts at the full-time week (hourly × fullTimeWeek × 52, as Switzerland's standard analysis
 * model standardises pay), a full-time record without hours as paid, and a part-timer without hours is left out
 * (all of them are compared when nothing else is left).
 */
export type PayBasis = "hourly" | "annual";
export function comparablePay(
  rows: readonly Row[],
  fullTimeWeek: number,
): { basis: PayBasis; records: { gender: Gender; pay: number }[]; excluded: number } {
  if (rows.every((r) => r.hourly !== undefined))
    return { basis: "hourly", records: rows.map((r) => ({ gender: r.gender, pay: r.hourly! })), excluded: 0 };
  const fullTimeEquivalent = (r: Row) =>
    r.hourly !== undefined ? r.hourly * fullTimeWeek * 52 : r.partTime ? undefined : r.pay;
  const compared = rows.flatMap((r) => {
    const pay = fullTimeEquivalent(r);
    return pay === undefined ? [] : [{ gender: r.gender, pay }];
  });
  if (!compared.length)
    return { basis: "annual", records: rows.map((r) => ({ gender: r.gender, pay: r.pay })), excluded: 0 };
  return { basis: "annual", records: compared, excluded: rows.length - compared.length };
}

/**
 * The full-time week: the weekly hours most records give (the larger on a tie), as the Swiss standard model takes
 * it; when none gives hours, the week the country's law states (France 35), else 40.
 */
export function fullTimeWeekOf(
  employees: readonly { weekly_hours?: number }[],
  statutoryWeek: number | null = null,
): number {
  const counts = new Map<number, number>();
  for (const e of employees)
    if (e.weekly_hours !== undefined) counts.set(e.weekly_hours, (counts.get(e.weekly_hours) ?? 0) + 1);
  let best = statutoryWeek ?? DEFAULT_ANNUAL_HOURS / 52,
    bestCount = 0;
  for (const [hours, count] of counts)
    if (count > bestCount || (count === bestCount && hours > best)) [best, bestCount] = [hours, count];
  return best;
}

export interface CategoryGap {
  isco_code: string;
  category_name: string;
  employee_count: number;
  male_count: number;
  female_count: number;
  mean_male: number | null;
  mean_female: number | null;
  gap_pct: number | null;
  median_gap_pct: number | null;
  requires_joint_assessment: boolean;
  national_benchmark_gap_pct: number | null;
  k_anonymity_warning: boolean;
  match_confidence: number | null;
  pay_basis: PayBasis;
  excluded_from_gap: number;
  annual: AnnualFigures;
}

/** The same figures on annualised pay over every record, as the report gave them before it compared per hour. */
export interface AnnualFigures {
  mean_male: number | null;
  mean_female: number | null;
  gap_pct: number | null;
  median_gap_pct: number | null;
}

export interface Article9Indicators {
  variable_pay: {
    mean_gap_pct: number | null;
    median_gap_pct: number | null;
    women_receiving_pct: number;
    men_receiving_pct: number;
  } | null;
  hourly: { mean_gap_pct: number | null; median_gap_pct: number | null; employees: number } | null;
  quartile_bands: { band: 1 | 2 | 3 | 4; women_pct: number; men_pct: number }[];
  quartile_basis: "hourly" | "annual";
}

export interface PayGapReport {
  overall_mean_gap_pct: number | null;
  overall_median_gap_pct: number | null;
  total_employees: number;
  pay_basis: PayBasis;
  excluded_from_gap: number;
  full_time_weekly_hours: number;
  annual: AnnualFigures;
  categories: CategoryGap[];
  requires_any_joint_assessment: boolean;
  article_9_indicators: Article9Indicators;
  unmatched_titles: { job_title: string; employees: number; alternatives: Alternative[] }[];
  recommendations: string[];
}

export interface ReportContext {
  /** Classifies one record; called once per distinct category, code or title (reports repeat titles a great deal). */
  classify: (record: EmployeeRecord) => Classification;
  benchmark: GroupBenchmark;
  /** The country's unadjusted gender pay gap (Eurostat), for the recommendations. */
  national: { value: number; year: number } | null;
  countryName: string;
  /**
   * The full-time week the country's minimum-wage law states (France 35; statutoryWeek in statutory-minimum.ts),
   * null where it states none: records without weekly_hours are taken to work the full-time week, as E8 takes them.
   */
  statutoryWeek: number | null;
}

export function payGapReport(employees: readonly EmployeeRecord[], ctx: ReportContext): PayGapReport {
  const fullTimeWeek = fullTimeWeekOf(employees, ctx.statutoryWeek);
  const { rows, unmatched, hourlyWithoutHours, partTimeWithoutHours } = categorise(
    employees,
    ctx.classify,
    fullTimeWeek,
  );
  const compared = comparablePay(rows, fullTimeWeek);
  const overall = groupFigures(compared.records);
  const categories = categoryGaps(rows, ctx.benchmark, fullTimeWeek);
  const unmatchedTitles = [...unmatched]
    .map(([job_title, u]) => ({ job_title, employees: u.employees, alternatives: u.alternatives }))
    .sort((a, b) => b.employees - a.employees || a.job_title.localeCompare(b.job_title));
  const overallGap = round(overall.meanGap, 2);
  return {
    overall_mean_gap_pct: overallGap,
    overall_median_gap_pct: round(overall.medianGap, 2),
    total_employees: rows.length,
    pay_basis: compared.basis,
    excluded_from_gap: compared.excluded,
    full_time_weekly_hours: fullTimeWeek,
    annual: annualFigures(rows),
    categories,
    requires_any_joint_assessment: categories.some((c) => c.requires_joint_assessment),
    article_9_indicators: article9Indicators(rows),
    unmatched_titles: unmatchedTitles,
    recommendations: recommendations({
      categories,
      unmatchedTitles,
      hourlyWithoutHours,
      partTimeWithoutHours,
      excluded: compared.excluded,
      overallGap,
      overallBasis: compared.basis,
      national: ctx.national,
      countryName: ctx.countryName,
      fullTimeWeek,
    }),
  };
}

/** Each record's category and pay on one basis (annual, and hourly where weekly hours are given). */
function categorise(employees: readonly EmployeeRecord[], classify: ReportContext["classify"], fullTimeWeek: number) {
  const categoryOf = new Map<string, Category>();
  const unmatched = new Map<string, { employees: number; alternatives: Alternative[] }>();
  let hourlyWithoutHours = 0;
  let partTimeWithoutHours = 0;
  const rows: Row[] = employees.map((e) => {
    // Employer categories key by name: one category whatever the title.
    const key = e.category
      ? `c|${e.category}`
      : e.isco_code
        ? `i|${e.isco_code}`
        : e.soc_code
          ? `s|${e.soc_code}`
          : `t|${e.job_title}`;
    let category = categoryOf.get(key);
    if (!category) {
      const found = classify(e);
      if ("unmatched" in found) unmatched.set(e.job_title, { employees: 0, alternatives: found.alternatives });
      categoryOf.set(key, (category = "unmatched" in found ? UNCLASSIFIED : found));
    }
    if (category === UNCLASSIFIED) unmatched.get(e.job_title)!.employees++;
    if (e.salary_period === "hourly" && e.weekly_hours === undefined) hourlyWithoutHours++;
    if (e.employment_type === "part_time" && e.weekly_hours === undefined) partTimeWithoutHours++;
    const yearHours = e.weekly_hours === undefined ? undefined : e.weekly_hours * 52;
    // Paid by the hour without hours: a year of the full-time week (as a monthly salary is a full-timer's month).
    const pay = annualise(e.salary, e.salary_period, yearHours ?? fullTimeWeek * 52);
    // An hourly rate is known from weekly hours, or as the salary itself when the record is paid by the hour.
    const hourly = yearHours !== undefined ? pay / yearHours : e.salary_period === "hourly" ? e.salary : undefined;
    return {
      category,
      gender: e.gender,
      pay,
      partTime: e.employment_type === "part_time",
      variable: e.variable_pay,
      hourly,
    };
  });
  return { rows, unmatched, hourlyWithoutHours, partTimeWithoutHours };
}

/** Gaps per category, ISCO groups in code order and Unclassified last. */
function categoryGaps(rows: readonly Row[], benchmark: GroupBenchmark, fullTimeWeek: number): CategoryGap[] {
  const byCategory = new Map<string, Row[]>();
  for (const r of rows) {
    const group = byCategory.get(r.category.code);
    if (group) group.push(r);
    else byCategory.set(r.category.code, [r]);
  }
  const last = (code: string) => (code === UNCLASSIFIED.code ? 1 : 0);
  return [...byCategory]
    .sort(([a], [b]) => last(a) - last(b) || a.localeCompare(b))
    .map(([code, group]) => {
      const compared = comparablePay(group, fullTimeWeek);
      const f = { ...groupFigures(compared.records), ...headcounts(group) };
      const category = group[0].category;
      const unclassified = category === UNCLASSIFIED;
      const confidences = group.map((r) => r.category.confidence).filter((c): c is number => c !== null);
      const bench = unclassified || category.employer ? null : benchmark(category);
      return {
        isco_code: code,
        category_name: category.name,
        employee_count: f.count,
        male_count: f.maleCount,
        female_count: f.femaleCount,
        mean_male: round(f.meanMale, 2),
        mean_female: round(f.meanFemale, 2),
        gap_pct: round(f.meanGap, 2),
        median_gap_pct: round(f.medianGap, 2),
        // Unclassified is not a category of workers doing equal work: its gap is shown, it triggers nothing.
        requires_joint_assessment: !unclassified && requiresJointAssessment(f.meanGap),
        national_benchmark_gap_pct: bench ? round(gapPct(bench.men, bench.women), 2) : null,
        k_anonymity_warning: f.maleCount < K_ANONYMITY || f.femaleCount < K_ANONYMITY,
        match_confidence: confidences.length ? Math.min(...confidences) : null,
        pay_basis: compared.basis,
        excluded_from_gap: compared.excluded,
        annual: annualFigures(group),
      };
    });
}

/** Headcounts are of every record in the group, whichever records its gap compares. */
function headcounts(rows: readonly Row[]) {
  const maleCount = rows.filter((r) => r.gender === "M").length;
  return { count: rows.length, maleCount, femaleCount: rows.length - maleCount };
}

function annualFigures(rows: readonly Row[]): AnnualFigures {
  const f = groupFigures(rows);
  return {
    mean_male: round(f.meanMale, 2),
    mean_female: round(f.meanFemale, 2),
    gap_pct: round(f.meanGap, 2),
    median_gap_pct: round(f.medianGap, 2),
  };
}

/** The other Article 9 indicators: variable-pay gaps (among recipients), hourly gaps, quartile bands. */
export function article9Indicators(
  rows: readonly { gender: Gender; pay: number; variable?: number; hourly?: number }[],
): Article9Indicators {
  const gaps = (records: { gender: Gender; pay: number }[]) => {
    const f = groupFigures(records);
    return { mean_gap_pct: round(f.meanGap, 2), median_gap_pct: round(f.medianGap, 2) };
  };
  const withVariable = rows.filter((r) => r.variable !== undefined);
  const share = (g: Gender) => {
    const all = withVariable.filter((r) => r.gender === g);
    return all.length ? round((all.filter((r) => r.variable! > 0).length / all.length) * 100, 2) : 0;
  };
  const withHours = rows.filter((r) => r.hourly !== undefined);
  const allHourly = withHours.length === rows.length;
  return {
    variable_pay: withVariable.length
      ? {
          ...gaps(withVariable.filter((r) => r.variable! > 0).map((r) => ({ gender: r.gender, pay: r.variable! }))),
          women_receiving_pct: share("F"),
          men_receiving_pct: share("M"),
        }
      : null,
    hourly: withHours.length
      ? { ...gaps(withHours.map((r) => ({ gender: r.gender, pay: r.hourly! }))), employees: withHours.length }
      : null,
    quartile_bands: quartileBands(rows.map((r) => ({ gender: r.gender, pay: allHourly ? r.hourly! : r.pay }))).map(
      (b) => ({ band: b.band, women_pct: round(b.women_pct, 2), men_pct: round(b.men_pct, 2) }),
    ),
    quartile_basis: allHourly ? "hourly" : "annual",
  };
}

interface Findings {
  categories: CategoryGap[];
  unmatchedTitles: PayGapReport["unmatched_titles"];
  hourlyWithoutHours: number;
  partTimeWithoutHours: number;
  excluded: number;
  overallGap: number | null;
  overallBasis: PayBasis;
  national: { value: number; year: number } | null;
  countryName: string;
  fullTimeWeek: number;
}

/** Concrete sentences from the findings, in order of consequence. */
export function recommendations(f: Findings): string[] {
  const out: string[] = [];
  for (const c of f.categories.filter((x) => x.requires_joint_assessment)) {
    out.push(
      `${c.category_name} (ISCO ${c.isco_code}) has a mean gap of ${c.gap_pct}%, at least ${JOINT_ASSESSMENT_THRESHOLD}%: under Article 10 a joint pay assessment with workers' representatives is required unless the difference is justified by objective, gender-neutral criteria or remedied within six months of the report.`,
    );
  }
  // A category with both genders but no gap: everyone of one gender was left out (part-time without hours).
  const uncomputed = f.categories.filter(
    (c) => c.isco_code !== UNCLASSIFIED.code && c.male_count > 0 && c.female_count > 0 && c.gap_pct === null,
  );
  if (!out.length)
    out.push(
      uncomputed.length
        ? `No category with a computed gap reaches the ${JOINT_ASSESSMENT_THRESHOLD}% gap that triggers a joint pay assessment under Article 10, but ${uncomputed.length} categor${uncomputed.length === 1 ? "y has" : "ies have"} no gap at all (below): this report cannot say whether they need one.`
        : `No category reaches the ${JOINT_ASSESSMENT_THRESHOLD}% gap that triggers a joint pay assessment under Article 10; keep the underlying data, as the report must be repeated at the interval the Directive sets for your size.`,
    );
  for (const c of uncomputed) {
    out.push(
      `${c.category_name} has men and women but no gap: every ${c.mean_female === null ? "woman" : "man"} in it is part-time without weekly_hours, so none could be compared with full-timers; give their weekly_hours to compare the category per hour.`,
    );
  }
  for (const c of f.categories.filter((x) => x.k_anonymity_warning)) {
    const few =
      c.female_count < K_ANONYMITY
        ? `${c.female_count} ${c.female_count === 1 ? "woman" : "women"}`
        : `${c.male_count} ${c.male_count === 1 ? "man" : "men"}`;
    out.push(
      `${c.category_name} has only ${few}: publish its figures only in aggregate or with care, since they can identify individuals.`,
    );
  }
  const unmatchedCount = f.unmatchedTitles.reduce((n, t) => n + t.employees, 0);
  if (unmatchedCount) {
    const examples = f.unmatchedTitles
      .slice(0, 3)
      .map((t) => `"${t.job_title}"`)
      .join(", ");
    out.push(
      `${unmatchedCount} employee(s) with ${f.unmatchedTitles.length} job title(s) that match no occupation with confidence (e.g. ${examples}) are reported as Unclassified, which is not a category of workers doing equal work, so its gap triggers no joint assessment: give those records a category, isco_code or soc_code (unmatched_titles lists the closest occupations) so they are compared with workers doing work of equal value.`,
    );
  }
  if (f.hourlyWithoutHours)
    out.push(
      `${f.hourlyWithoutHours} hourly-paid record(s) give no weekly_hours and were annualised at the ${f.fullTimeWeek}-hour full-time week (${f.fullTimeWeek * 52} hours a year); supply weekly_hours so pay is compared at the actual hours worked.`,
    );
  if (f.excluded)
    out.push(
      `${f.excluded} part-time record(s) without weekly_hours were left out of the gaps compared on annual pay (excluded_from_gap): their hourly pay is unknown, and a part-timer's annual pay is not comparable with a full-timer's; give their weekly_hours, or their hourly rate, so they are compared per hour, as Eurostat and the Directive compare pay.`,
    );
  if (f.overallGap !== null && f.national) {
    const side = f.overallGap > f.national.value ? "above" : f.overallGap < f.national.value ? "below" : "equal to";
    out.push(
      `Your overall mean gap of ${f.overallGap}% (on ${f.overallBasis} pay) is ${side} the national unadjusted gap for ${f.countryName} (${f.national.value}%, Eurostat ${f.national.year}, on hourly pay).`,
    );
  }
  return out;
}
