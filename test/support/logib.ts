// The Swiss office's example data sheet, as the pay-equity analysis's swiss_standard records. Read from its fixture
// (test/fixtures/mirror/logib/, cut from the office's workbook by scripts/fixtures/cut-mirror.ts; the full suite checks
// it still matches), so the fast test tier needs no mirror. Columns are found by their headings' first lines.
import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import Papa from "papaparse";

export const LOGIB_FIXTURE = "test/fixtures/mirror/logib/example_data_sheet.csv";

const FIELDS: Record<string, string> = {
  Key: "id",
  Age: "age",
  Gender: "gender",
  "Years of service": "years_of_service",
  "Education and training": "training",
  "Level of requirements": "level_of_requirements",
  "Professional position": "professional_position",
  "Employees paid monthly:": "activity_rate",
  "Employees paid hourly:": "paid_hours",
  "Basic wage": "basic_wage",
  Allowances: "allowances",
  "13th monthly wage": "monthly_wage_13",
  "Special payments": "special_payments",
  "Usual weekly working hours in company": "weekly_hours",
  "Statistical population": "population",
};

/** The example sheet's employees as swiss_standard records (empty cells omitted), in the sheet's row order. */
export function logibExampleRecords(): Record<string, string | number>[] {
  const [header, ...rows] = Papa.parse<string[]>(readFileSync(LOGIB_FIXTURE, "utf8"), { skipEmptyLines: true }).data;
  const fields = header.map((h) => FIELDS[h.trim()]);
  return rows.map((r) => {
    const record: Record<string, string | number> = {};
    fields.forEach((f, i) => {
      if (f && r[i] !== "") record[f] = f === "gender" ? r[i] : Number(r[i]);
    });
    return record;
  });
}

/**
 * The office's published results for its example (data README, "Equal-pay analysis"), to the digits it prints:
 * sex coefficient −0.0265 (standard error 0.00334), t = −7.925, 267 df, R² 0.991, Kennedy −2.6%, 280 of 285 analysed
 * (52 women, 228 men): significant, above the 2.5% target value, below the 5% limit value.
 */
export function expectPublishedResults(a: {
  sex_coefficient: number;
  standard_error: number;
  t_statistic: number;
  degrees_of_freedom: number;
  r_squared: number;
  unexplained_gap_pct: number;
  employees_analysed: number;
  women: number;
  men: number;
  excluded: unknown[];
  significant: boolean;
  verdict: string;
}) {
  expect(Number(a.sex_coefficient.toPrecision(3))).toBe(-0.0265);
  expect(Number(a.standard_error.toPrecision(3))).toBe(0.00334);
  expect(Number(a.t_statistic.toPrecision(4))).toBe(-7.925);
  expect(a.degrees_of_freedom).toBe(267);
  expect(Number(a.r_squared.toPrecision(3))).toBe(0.991);
  expect(Number(a.unexplained_gap_pct.toPrecision(2))).toBe(-2.6);
  expect([a.employees_analysed, a.women, a.men, a.excluded.length]).toEqual([280, 52, 228, 5]);
  expect(a.significant).toBe(true);
  expect(a.verdict).toBe("within_limit");
}
