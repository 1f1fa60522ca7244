// The employer's own model: log hourly pay on the objective factors the employer names (numbers as they are, text as
// categories measured against their most frequent level) and a female indicator.
import { fullTimeWeekOf } from "../pay-gap-report.ts";
import type { Gender } from "../pay-gap.ts";
import type { SalaryPeriod } from "../pay-period.ts";
import { PayEquityInputError, type Employee, type ModelInput, type Problem } from "./analysis.ts";
import type { FactorSpec } from "./design.ts";

export interface CustomRecord {
  id?: string | number;
  gender: Gender;
  salary: number;
  salary_period: SalaryPeriod;
  /** Contractual weekly hours; without them a record is taken as full time (the most frequent weekly_hours given, else 40). */
  weekly_hours?: number;
  category?: string;
  factors: Record<string, number | string>;
}

/** Pay an hour, and the hours a year one unit of it is paid for. */
function hourly(r: CustomRecord, fullTimeWeek: number): { pay: number; hoursAYear: number } {
  const hoursAYear = (r.weekly_hours ?? fullTimeWeek) * 52;
  const pay =
    r.salary_period === "hourly"
      ? r.salary
      : r.salary_period === "monthly"
        ? (r.salary * 12) / hoursAYear
        : r.salary / hoursAYear;
  return { pay, hoursAYear };
}

/** The factors, named by the first record: every record must give the same ones, each either always a number or categorical. */
function factorsOf(records: readonly CustomRecord[], categorical: ReadonlySet<string>): FactorSpec[] {
  const names = Object.keys(records[0]?.factors ?? {});
  const problems: Problem[] = [];
  records.forEach((r, i) => {
    const missing = names.filter((n) => !Object.hasOwn(r.factors, n));
    const extra = Object.keys(r.factors).filter((n) => !names.includes(n));
    if (missing.length || extra.length) {
      problems.push({
        field: `employees[${i}].factors`,
        code: "inconsistent_factors",
        message: `every record gives the same factors (${names.join(", ") || "none"}, as the first record does)${missing.length ? `; missing ${missing.join(", ")}` : ""}${extra.length ? `; not in the first record: ${extra.join(", ")}` : ""}`,
      });
    }
  });
  for (const name of categorical)
    if (!names.includes(name))
      problems.push({
        field: "categorical_factors",
        code: "unknown_factor",
        message: `${name} is not one of the records' factors (${names.join(", ") || "none"})`,
      });
  if (problems.length) throw new PayEquityInputError(problems.slice(0, 20));
  return names.map((name): FactorSpec => {
    const values = records.map((r) => r.factors[name]);
    if (categorical.has(name) || values.every((v) => typeof v === "string"))
      return { name, kind: "categorical", reference: "most_frequent", values: values.map(String) };
    if (values.every((v) => typeof v === "number")) return { name, kind: "numeric", values: values as number[] };
    throw new PayEquityInputError([
      {
        field: `factors.${name}`,
        code: "mixed_factor_types",
        message: `${name} is a number in some records and text in others; give it one way, or list it in categorical_factors`,
      },
    ]);
  });
}

export function customInput(records: readonly CustomRecord[], categoricalFactors: readonly string[] = []): ModelInput {
  const fullTimeWeek = fullTimeWeekOf(records);
  const employees = records.map((r, i): Employee => {
    const { pay, hoursAYear } = hourly(r, fullTimeWeek);
    return {
      row: i + 1,
      ...(r.id !== undefined ? { id: r.id } : {}),
      gender: r.gender,
      pay,
      category: r.category,
      annualCost: hoursAYear,
    };
  });
  return {
    employees,
    factors: factorsOf(records, new Set(categoricalFactors)),
    excluded: [],
    minimumEmployees: 0,
    aliased: "reject",
    fullTimeWeek,
  };
}
