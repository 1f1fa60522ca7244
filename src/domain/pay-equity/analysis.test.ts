import { describe, expect, test } from "bun:test";
import { analysePayEquity, PayEquityInputError, verdictOf, type GapEstimate } from "./analysis.ts";
import { customInput, type CustomRecord } from "./custom.ts";

const MEN = [20, 22, 25, 30, 18, 24, 26, 21];
const WOMEN = [19, 21, 17, 23, 20, 22, 18];
const hourly = (
  gender: "M" | "F",
  salary: number,
  factors: CustomRecord["factors"] = {},
  extra: Partial<CustomRecord> = {},
): CustomRecord => ({ gender, salary, salary_period: "hourly", factors, ...extra });
const workforce = [...MEN.map((p) => hourly("M", p)), ...WOMEN.map((p) => hourly("F", p))];

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sumSq = (v: number[]) => {
  const m = mean(v);
  return v.reduce((s, x) => s + (x - m) ** 2, 0);
};

/** The no-factor model is the two-sample t-test on log pay (equal variances): worked from its textbook formulas. */
function twoSample(men: number[], women: number[]) {
  const lm = men.map(Math.log),
    lw = women.map(Math.log);
  const b = mean(lw) - mean(lm);
  const s2 = (sumSq(lm) + sumSq(lw)) / (men.length + women.length - 2);
  const se = Math.sqrt(s2 * (1 / men.length + 1 / women.length));
  return { b, se, t: b / se, df: men.length + women.length - 2, kennedy: (Math.exp(b - (se * se) / 2) - 1) * 100 };
}

describe("the custom model against formulas worked in the test", () => {
  test("no factors: the sex coefficient is the difference of mean log pay, with the pooled two-sample standard error", () => {
    const a = analysePayEquity(customInput(workforce));
    const expected = twoSample(MEN, WOMEN);
    expect(a.sex_coefficient).toBeCloseTo(expected.b, 12);
    expect(a.standard_error).toBeCloseTo(expected.se, 12);
    expect(a.t_statistic).toBeCloseTo(expected.t, 10);
    expect(a.degrees_of_freedom).toBe(13);
    expect(a.unexplained_gap_pct).toBeCloseTo(expected.kennedy, 10);
    expect(a.significant).toBe(a.p_value < 0.05);
    expect([a.women, a.men, a.employees_analysed]).toEqual([7, 8, 15]);
    // The raw gap on mean pay, as E7 defines it: (men's − women's) ÷ men's.
    expect(a.mean_gap_pct).toBeCloseTo(((mean(MEN) - mean(WOMEN)) / mean(MEN)) * 100, 10);
  });

  test("the decomposition: explained + unexplained = men's − women's mean log pay, and the unexplained part is −b", () => {
    const seniority = [1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0];
    const records = workforce.map((r, i) => ({ ...r, factors: { senior: seniority[i], grade: i % 3 ? "x" : "y" } }));
    const a = analysePayEquity(customInput(records));
    const raw = mean(MEN.map(Math.log)) - mean(WOMEN.map(Math.log));
    expect(a.decomposition.raw_log_gap).toBeCloseTo(raw, 12);
    expect(a.decomposition.explained + a.decomposition.unexplained).toBeCloseTo(raw, 12);
    expect(a.decomposition.unexplained).toBeCloseTo(-a.sex_coefficient, 12);
    const senior = a.decomposition.factors.find((f) => f.factor === "senior")!;
    // Men are senior in 5 of 8 records, women in 2 of 7: the factor explains (5/8 − 2/7) × its coefficient.
    const b = a.coefficients.find((c) => c.name === "senior")!.estimate!;
    expect(senior.log_points).toBeCloseTo((5 / 8 - 2 / 7) * b, 12);
    expect(a.decomposition.factors.reduce((s, f) => s + f.log_points, 0)).toBeCloseTo(a.decomposition.explained, 12);
  });

  test("remediation with no factors: every woman below the workforce's geometric mean pay is raised to it", () => {
    const a = analysePayEquity(customInput(workforce));
    const g = Math.exp(mean([...MEN, ...WOMEN].map(Math.log)));
    const below = WOMEN.filter((p) => p < g);
    expect(a.remediation.employees_adjusted).toBe(below.length);
    // Hourly pay; no weekly_hours given, so each is taken at 40 hours × 52 weeks.
    expect(a.remediation.total_cost).toBeCloseTo(
      below.reduce((s, p) => s + (g - p) * 40 * 52, 0),
      8,
    );
    const first = a.remediation.adjustments[0];
    expect(first.row).toBe(8 + WOMEN.findIndex((p) => p < g) + 1);
    expect(first.pay_predicted).toBeCloseTo(g, 10);
    expect(a.remediation.unexplained_gap_pct_after).toBeCloseTo(
      twoSample(
        MEN,
        WOMEN.map((p) => Math.max(p, g)),
      ).kennedy,
      10,
    );
  });

  test("pay per year and month becomes pay per hour at the record's weekly hours (the most frequent when none)", () => {
    const records: CustomRecord[] = [
      ...MEN.map((p) => ({
        gender: "M" as const,
        salary: p * 35 * 52,
        salary_period: "annual" as const,
        weekly_hours: 35,
        factors: {},
      })),
      ...WOMEN.map((p) => ({
        gender: "F" as const,
        salary: (p * 35 * 52) / 12,
        salary_period: "monthly" as const,
        factors: {},
      })),
    ];
    const a = analysePayEquity(customInput(records));
    expect(a.full_time_weekly_hours).toBe(35);
    expect(a.sex_coefficient).toBeCloseTo(twoSample(MEN, WOMEN).b, 12);
  });
});

describe("categories", () => {
  test("a category with fewer than 5 women shows no figures; one with enough is fitted without its constant factors", () => {
    const small = (i: number) => i >= 15 && i < 19; // four men
    const records = [...workforce, ...workforce].map((r, i) => ({
      ...r,
      category: small(i) ? "Small" : "Office",
      factors: { site: small(i) ? "Bern" : "Basel" },
    }));
    const a = analysePayEquity(customInput(records));
    expect(a.categories.find((c) => c.category === "Small")).toMatchObject({
      employees: 4,
      women: 0,
      k_anonymity_warning: true,
      mean_gap_pct: null,
      median_gap_pct: null,
      estimate: null,
    });
    const office = a.categories.find((c) => c.category === "Office")!;
    expect(office).toMatchObject({
      employees: 26,
      women: 14,
      men: 12,
      k_anonymity_warning: false,
      factors_dropped: ["site"],
    });
    // Without its one-valued site, the office's model has no factor: the two-sample figures of its records.
    const officePay = (g: "M" | "F") =>
      [...workforce, ...workforce].filter((r, i) => !small(i) && r.gender === g).map((r) => r.salary);
    expect(office.estimate!.sex_coefficient).toBeCloseTo(twoSample(officePay("M"), officePay("F")).b, 12);
    expect(office.decomposition!.unexplained).toBeCloseTo(-office.estimate!.sex_coefficient, 12);
    expect(a.categories.find((c) => c.category === "Small")!.decomposition).toBeNull();
    expect(a.categories.map((c) => c.category)).toEqual(["Office", "Small"]);
  });
});

describe("input the model cannot use", () => {
  const problem = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (e instanceof PayEquityInputError) return e.problems[0];
      throw e;
    }
    return null;
  };
  const analyse = (records: CustomRecord[], categorical?: string[]) => () =>
    analysePayEquity(customInput(records, categorical));

  test("one gender only; too few records for the parameters", () => {
    expect(problem(analyse(MEN.map((p) => hourly("M", p))))?.code).toBe("one_gender_only");
    expect(problem(analyse(workforce.slice(3)))).toMatchObject({ code: "too_few_employees" }); // 12 records, 2 parameters: 12 ≤ 2 + 10
  });
  test("a factor with one value, collinear factors, factors that determine gender", () => {
    expect(problem(analyse(workforce.map((r) => ({ ...r, factors: { grade: "A" } }))))).toMatchObject({
      field: "factors.grade",
      code: "constant_factor",
    });
    const collinear = workforce.map((r, i) => ({ ...r, factors: { tenure: i % 4, months: (i % 4) * 12 } }));
    expect(problem(analyse(collinear))).toMatchObject({ code: "collinear_factors" });
    expect(problem(analyse(collinear))!.message).toContain("months");
    const byGender = workforce.map((r) => ({ ...r, factors: { ward: r.gender === "F" ? "Maternity" : "Surgery" } }));
    expect(problem(analyse(byGender))?.code).toBe("gender_determined_by_factors");
  });
  test("pay that the factors fix exactly (a strict pay scale) is refused as leaving nothing to test, not fitted to rounding noise", () => {
    const scale = [...workforce, ...workforce].map((r, i) => ({
      ...r,
      salary: Math.exp(3 + 0.2 * (i % 3) + 0.021 * (i % 5)),
      factors: { grade: `G${i % 3}`, step: i % 5 },
    }));
    expect(problem(analyse(scale))?.code).toBe("no_residual_variance");
    expect(problem(analyse(workforce.map((r) => ({ ...r, salary: 20 }))))?.code).toBe("no_residual_variance");
  });
  test("a numeric factor in huge units gives the same sex coefficient as in ordinary ones (columns are scaled)", () => {
    const tenure = (i: number) => (i * 7) % 11;
    const ordinary = analysePayEquity(customInput(workforce.map((r, i) => ({ ...r, factors: { tenure: tenure(i) } }))));
    const huge = analysePayEquity(
      customInput(workforce.map((r, i) => ({ ...r, factors: { tenure: tenure(i) * 1e200 } }))),
    );
    expect(huge.sex_coefficient).toBeCloseTo(ordinary.sex_coefficient, 12);
    expect(huge.coefficients.find((c) => c.name === "tenure")!.estimate! * 1e200).toBeCloseTo(
      ordinary.coefficients.find((c) => c.name === "tenure")!.estimate!,
      12,
    );
  });
  test("a categorical factor with more levels than a model can carry (an employee id as a factor)", () => {
    const many = Array.from({ length: 150 }, (_, i) => hourly(i % 2 ? "F" : "M", 20 + (i % 7), { employee: `E${i}` }));
    expect(problem(analyse(many))).toMatchObject({ field: "factors.employee", code: "too_many_parameters" });
  });
  test("factors missing from a record, text in a numeric factor, an unknown categorical factor", () => {
    const missing = workforce.map((r, i): CustomRecord => ({ ...r, factors: i === 3 ? {} : { tenure: i } }));
    expect(problem(analyse(missing))).toMatchObject({ field: "employees[3].factors", code: "inconsistent_factors" });
    const mixed = workforce.map((r, i) => ({ ...r, factors: { tenure: i === 2 ? "two" : i } }));
    expect(problem(analyse(mixed))).toMatchObject({ field: "factors.tenure", code: "mixed_factor_types" });
    expect(problem(analyse(workforce, ["grade"]))).toMatchObject({
      field: "categorical_factors",
      code: "unknown_factor",
    });
  });
  test("categorical_factors makes numbers categories", () => {
    const records = workforce.map((r, i) => ({ ...r, factors: { grade: (i % 3) + 1 } }));
    expect(analysePayEquity(customInput(records)).coefficients.map((c) => c.name)).toEqual([
      "(intercept)",
      "grade",
      "female",
    ]);
    // Most frequent level is the reference: grades 1 and 2 have five records each, 3 has five: the first in order (1) wins the tie.
    expect(analysePayEquity(customInput(records, ["grade"])).coefficients.map((c) => c.name)).toEqual([
      "(intercept)",
      "grade=2",
      "grade=3",
      "female",
    ]);
  });
});

describe("thresholds, each side", () => {
  const estimate = (gap: number, significant: boolean) => ({ unexplained_gap_pct: gap, significant }) as GapEstimate;
  test("the verdict: not significant; significant below 2.5%, from 2.5% below 5%, from 5% (either sign)", () => {
    expect(verdictOf(estimate(-7, false))).toBe("no_significant_gap");
    expect(verdictOf(estimate(-2.49, true))).toBe("within_target");
    expect(verdictOf(estimate(-2.5, true))).toBe("within_limit");
    expect(verdictOf(estimate(4.99, true))).toBe("within_limit");
    expect(verdictOf(estimate(-5, true))).toBe("limit_exceeded");
    expect(verdictOf(estimate(5.2, true))).toBe("limit_exceeded");
  });

  test("a category's joint assessment: a raw and unexplained gap of about 10% is flagged, about 1% is not", () => {
    // Two categories of 20 pairs on a pay scale 20·e^(0.03·step), the step a factor; within each pair the woman's pay
    // is the man's × e^−δ (δ = 0.105 or 0.01), each with ±0.75% of noise so the model has residual variance.
    // Raw gap ≈ 1 − e^−δ: about 10% and 1%.
    const noise = (k: number) => 1 + ((k % 4) - 1.5) / 200;
    const pairs = (category: string, delta: number) =>
      Array.from({ length: 20 }, (_, i) => {
        const base = 20 * Math.exp(0.03 * i),
          factors = { step: i };
        return [
          hourly("M", base * noise(i), factors, { category }),
          hourly("F", base * Math.exp(-delta) * noise(i + 1), factors, { category }),
        ];
      }).flat();
    const a = analysePayEquity(customInput([...pairs("Wide", 0.105), ...pairs("Narrow", 0.01)]));
    const wide = a.categories.find((c) => c.category === "Wide")!,
      narrow = a.categories.find((c) => c.category === "Narrow")!;
    expect(wide.mean_gap_pct!).toBeGreaterThan(9);
    expect(wide.requires_joint_assessment).toBe(true);
    expect(narrow.mean_gap_pct!).toBeLessThan(2);
    expect(narrow.requires_joint_assessment).toBe(false);
  });
});
