// The Swiss office's example data sheet (../shared/data/logib/), read by its column headings into the record fields
// of the pay-equity analysis. The headings' first lines name the columns ("Age\n(date of birth, …)").
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
