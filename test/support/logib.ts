// The Swiss office's example data sheet (../shared/data/logib/), read by its column headings into the record fields
// of the pay-equity analysis. The headings' first lines name the columns ("Age\n(date of birth, …)").
import { expect } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { mirror } from "./server.ts";

const FIELDS: Record<string, string> = {
  "Key": "id", "Age": "age", "Gender": "gender", "Years of service": "years_of_service", "Education and training": "training",
  "Level of requirements": "level_of_requirements", "Professional position": "professional_position",
  "Employees paid monthly:": "activity_rate", "Employees paid hourly:": "paid_hours", "Basic wage": "basic_wage", "Allowances": "allowances",
  "13th monthly wage": "monthly_wage_13", "Special payments": "special_payments", "Usual weekly working hours in company": "weekly_hours",
  "Statistical population": "population",
};

/** The example sheet's employees as swiss_standard records (empty cells omitted), in the sheet's row order. */
export function logibExampleRecords(): Record<string, string | number>[] {
  const workbook = XLSX.read(readFileSync(mirror("logib/Example_data_sheet_M1.xlsx")));
  const [header, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets["data_sheet_template"], { header: 1, raw: true });
  const fields = header.map((h) => FIELDS[String(h).split("\n")[0].trim()]);
  return rows.filter((r) => r.length).map((r) => {
    const record: Record<string, string | number> = {};
    fields.forEach((f, i) => { if (f && r[i] !== undefined && r[i] !== "") record[f] = r[i] as string | number; });
    return record;
  });
}

/**
 * The office's published results for its example (data README, "Equal-pay analysis"), to the digits it prints:
 * sex coefficient −0.0265 (standard error 0.00334), t = −7.925, 267 df, R² 0.991, Kennedy −2.6%, 280 of 285 analysed
 * (52 women, 228 men): significant, above the 2.5% target value, below the 5% limit value.
 */
export function expectPublishedResults(a: {
  sex_coefficient: number; standard_error: number; t_statistic: number; degrees_of_freedom: number; r_squared: number; unexplained_gap_pct: number;
  employees_analysed: number; women: number; men: number; excluded: unknown[]; significant: boolean; verdict: string;
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
