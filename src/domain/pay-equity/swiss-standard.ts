// The Swiss standard analysis model (Logib module 1, Federal Office for Gender Equality), as the data README's
// "Equal-pay analysis" section states it: statistical population 1 only; training codes read as years; potential
// experience and its square; pay standardised to full time at the most frequent weekly hours; level of requirements
// and professional position as categories measured against the highest code present.
import { fullTimeWeekOf } from "../pay-gap-report.ts";
import type { Gender } from "../pay-gap.ts";
import { PayEquityInputError, type Employee, type Exclusion, type ModelInput, type Problem } from "./analysis.ts";
import type { FactorSpec } from "./design.ts";

/** One row of the office's data sheet, in its field names. */
export interface SwissRecord {
  id?: string | number;
  gender: Gender;
  age: number;
  years_of_service: number;
  /** Required of the analysed rows (population 1); the office's sheet leaves them empty for apprentices. */
  training?: number;
  level_of_requirements?: number;
  professional_position?: number;
  /** Monthly-paid: percent of full time. Hourly-paid rows give paid_hours instead. */
  activity_rate?: number;
  paid_hours?: number;
  basic_wage: number;
  allowances?: number;
  monthly_wage_13?: number;
  special_payments?: number;
  weekly_hours: number;
  population?: number;
  category?: string;
}

/** Training codes 1–8 (university … no completed vocational training) as years of training. */
export const TRAINING_YEARS: Readonly<Record<number, number>> = {
  1: 17,
  2: 15,
  3: 14,
  4: 15,
  5: 13,
  6: 12,
  7: 11,
  8: 7,
};
/** The office's minimum for module 1. */
export const SWISS_MINIMUM_EMPLOYEES = 50;

/** Share of a full-time job: activity rate × the row's weekly hours over the firm's full-time week, or paid hours over a full-time month. */
function fullTimeShare(r: SwissRecord, fullTimeWeek: number): number | null {
  if (r.activity_rate) return (r.weekly_hours * r.activity_rate) / (100 * fullTimeWeek);
  if (r.paid_hours) return (12 * r.paid_hours) / (52 * fullTimeWeek);
  return null;
}

export function swissStandardInput(records: readonly SwissRecord[]): ModelInput {
  const excluded: Exclusion[] = [];
  const analysed: { record: SwissRecord; row: number }[] = [];
  records.forEach((record, i) => {
    const population = record.population ?? 1;
    const id = record.id !== undefined ? { id: record.id } : {};
    if (population !== 1)
      excluded.push({
        row: i + 1,
        ...id,
        reason: `statistical population ${population}: only population 1 is analysed`,
      });
    else analysed.push({ record, row: i + 1 });
  });
  const fullTimeWeek = fullTimeWeekOf(analysed.map((a) => a.record));
  const problems: Problem[] = [];
  const employees: Employee[] = [];
  for (const { record: r, row } of analysed) {
    for (const field of ["training", "level_of_requirements", "professional_position"] as const) {
      if (r[field] === undefined)
        problems.push({
          field: `employees[${row - 1}].${field}`,
          code: "missing_field",
          message: `required of every employee in statistical population 1`,
        });
    }
    const share = fullTimeShare(r, fullTimeWeek);
    if (share === null) {
      problems.push({
        field: `employees[${row - 1}].activity_rate`,
        code: "missing_activity_rate",
        message:
          "give activity_rate (percent, monthly-paid) or paid_hours (hourly-paid): pay cannot be put on a full-time basis without one",
      });
      continue;
    }
    const pay = r.basic_wage + (r.allowances ?? 0) + (r.monthly_wage_13 ?? 0) + (r.special_payments ?? 0);
    // A standardised month's pay costs this share × 12 a year.
    employees.push({
      row,
      ...(r.id !== undefined ? { id: r.id } : {}),
      gender: r.gender,
      pay: pay / share,
      category: r.category,
      annualCost: share * 12,
    });
  }
  if (problems.length) throw new PayEquityInputError(problems.slice(0, 50));
  const rows = analysed.map((a) => a.record);
  const trainingYears = rows.map((r) => TRAINING_YEARS[r.training!]);
  const factors: FactorSpec[] = [
    { name: "years_of_training", kind: "numeric", values: trainingYears },
    { name: "years_of_service", kind: "numeric", values: rows.map((r) => r.years_of_service) },
    {
      name: "potential_experience",
      kind: "numeric",
      squared: true,
      values: rows.map((r, i) => Math.max(r.age - trainingYears[i] - 6, 0)),
    },
    {
      name: "level_of_requirements",
      kind: "categorical",
      reference: "highest",
      values: rows.map((r) => String(r.level_of_requirements)),
    },
    {
      name: "professional_position",
      kind: "categorical",
      reference: "highest",
      values: rows.map((r) => String(r.professional_position)),
    },
  ];
  return { employees, factors, excluded, minimumEmployees: SWISS_MINIMUM_EMPLOYEES, aliased: "drop", fullTimeWeek };
}
