// The report from records with a fixed classifier (the classifier is the report's input, as the endpoint's title
// matcher is): categories, triggers, Unclassified, benchmarks and recommendations, worked by hand.
import { expect, test } from "bun:test";
import { payGapReport, UNCLASSIFIED, type EmployeeRecord } from "./pay-gap-report.ts";

const rec = (
  job_title: string,
  gender: "M" | "F",
  salary: number,
  extra: Partial<EmployeeRecord> = {},
): EmployeeRecord => ({ job_title, gender, salary, salary_period: "annual", employment_type: "full_time", ...extra });
const GROUPS: Record<string, { code: string; name: string }> = {
  Nurse: { code: "2", name: "Professionals" },
  Clerk: { code: "4", name: "Clerical support workers" },
};

test("gaps per category, Article 10 at 5%, Unclassified last and never triggering, benchmark from hourly by sex", () => {
  let calls = 0;
  const report = payGapReport(
    [
      rec("Nurse", "M", 100),
      rec("Nurse", "M", 200),
      rec("Nurse", "F", 90),
      rec("Nurse", "F", 150), // means 150 vs 120: 20%
      rec("Clerk", "M", 3000, { salary_period: "monthly" }),
      rec("Clerk", "F", 36_000), // 36,000 both: 0%
      rec("Zyx", "M", 100),
      rec("Zyx", "F", 50), // Unclassified: 50%
    ],
    {
      classify: (e) => {
        calls++;
        return GROUPS[e.job_title]
          ? { ...GROUPS[e.job_title], confidence: 0.9 }
          : { unmatched: true, alternatives: [] };
      },
      benchmark: (c) => (c.code === "2" ? { men: 40, women: 36 } : { men: null, women: 20 }),
      national: { value: 17.6, year: 2023 },
      countryName: "Germany",
      statutoryWeek: null,
    },
  );
  expect(calls).toBe(3); // once per distinct title
  expect(
    report.categories.map((c) => [c.isco_code, c.gap_pct, c.requires_joint_assessment, c.national_benchmark_gap_pct]),
  ).toEqual([
    ["2", 20, true, 10],
    ["4", 0, false, null],
    [UNCLASSIFIED.code, 50, false, null],
  ]);
  expect(report.categories[0]).toMatchObject({
    mean_male: 150,
    mean_female: 120,
    median_gap_pct: 20,
    k_anonymity_warning: true,
    match_confidence: 0.9,
  });
  expect(report.requires_any_joint_assessment).toBe(true);
  expect(report.unmatched_titles).toEqual([{ job_title: "Zyx", employees: 2, alternatives: [] }]);
  // Overall means: men (100 + 200 + 36,000 + 100) ÷ 4 = 9,100; women (90 + 150 + 36,000 + 50) ÷ 4 = 9,072.5.
  expect(report.overall_mean_gap_pct).toBe(0.3);
  expect(report.recommendations[0]).toStartWith("Professionals (ISCO 2) has a mean gap of 20%");
  expect(report.recommendations.join(" ")).toContain("2 employee(s) with 1 job title(s)");
  expect(report.recommendations.at(-1)).toBe(
    "Your overall mean gap of 0.3% (on annual pay) is below the national unadjusted gap for Germany (17.6%, Eurostat 2023, on hourly pay).",
  );
});

test("an employer category groups by its name whatever the title, and gets no national benchmark", () => {
  const report = payGapReport(
    [rec("A", "M", 100, { category: "Band 3" }), rec("B", "F", 100, { category: "Band 3" })],
    {
      classify: (e) => ({ code: e.category!, name: e.category!, employer: true, confidence: null }),
      benchmark: () => ({ men: 1, women: 1 }),
      national: null,
      countryName: "France",
      statutoryWeek: 35,
    },
  );
  expect(report.categories).toHaveLength(1);
  expect(report.categories[0]).toMatchObject({
    isco_code: "Band 3",
    gap_pct: 0,
    national_benchmark_gap_pct: null,
    match_confidence: null,
  });
});

test("hourly records without hours work the full-time week the law states (France 35), as E8 takes them", () => {
  const records = [
    rec("Packer", "M", 13, { salary_period: "hourly" }),
    rec("Packer", "M", 13, { salary_period: "hourly" }),
    rec("Packer", "F", 2100, { salary_period: "monthly" }),
  ];
  const report = (statutoryWeek: number | null) =>
    payGapReport(records, {
      classify: () => ({ code: "9", name: "Elementary occupations", confidence: 0.9 }),
      benchmark: () => ({ men: null, women: null }),
      national: null,
      countryName: "France",
      statutoryWeek,
    });
  // 35 hours: men 13 × 35 × 52 = 23,660, the woman 2,100 × 12 = 25,200; (23,660 − 25,200) ÷ 23,660 = −6.51%.
  const france = report(35);
  expect([france.full_time_weekly_hours, france.pay_basis, france.overall_mean_gap_pct]).toEqual([35, "annual", -6.51]);
  expect(france.recommendations.join(" ")).toContain("annualised at the 35-hour full-time week (1820 hours a year)");
  // No week in the law: 40 hours, 13 × 40 × 52 = 27,040; (27,040 − 25,200) ÷ 27,040 = 6.80%.
  expect(report(null).overall_mean_gap_pct).toBe(6.8);
  // The records' own hours come first: most give 39.
  const stated = payGapReport([...records, rec("Packer", "F", 2100, { salary_period: "monthly", weekly_hours: 39 })], {
    classify: () => ({ code: "9", name: "Elementary occupations", confidence: 0.9 }),
    benchmark: () => ({ men: null, women: null }),
    national: null,
    countryName: "France",
    statutoryWeek: 35,
  });
  expect(stated.full_time_weekly_hours).toBe(39);
});
