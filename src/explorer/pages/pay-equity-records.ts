// A mapped file's rows as the pay-equity endpoint's records, for either model. Only reading and re-labelling happen
// here (amounts, genders and periods read as the pay-gap page reads them); every figure is computed by the API. A row
// the page cannot read is listed (row 1 = the first data row) and not sent, never guessed at.
import {
  mixedPeriodSpread,
  readAmount,
  readGender,
  readPeriod,
  type EmployeeTable,
  type Period,
  type RowProblem,
} from "./employee-file.ts";
import { SWISS_FIELDS, type CustomMapping, type SwissField, type SwissMapping } from "./pay-equity-file.ts";

/** fileRows: each record's row in the file (1 = the first data row), since the endpoint numbers the records it gets and
 *  unreadable rows are not among them. mixedPeriods: no period given and the amounts too far apart to be of one
 *  period; nothing may be sent. */
export interface Prepared {
  records: Record<string, unknown>[];
  fileRows: number[];
  problems: RowProblem[];
  mixedPeriods: { min: number; max: number } | null;
}

/** The endpoint requires these of every row; training, level and position only of population 1, which it checks itself. */
const SWISS_ROW_REQUIRED: readonly SwissField[] = ["gender", "age", "years_of_service", "basic_wage", "weekly_hours"];
const SWISS_NUMBERS = SWISS_FIELDS.filter((f) => f.field !== "id" && f.field !== "gender" && f.field !== "category");

const cellOf =
  <F extends string>(row: Record<string, string>, mapping: Partial<Record<F, string>>) =>
  (f: F) =>
    mapping[f] ? (row[mapping[f]!] ?? "").trim() : "";

export function toSwissRecords(table: EmployeeTable, mapping: SwissMapping): Prepared {
  const records: Record<string, unknown>[] = [];
  const problems: RowProblem[] = [];
  const fileRows: number[] = [];
  table.rows.forEach((row, i) => {
    const cell = cellOf(row, mapping);
    const record: Record<string, unknown> = {};
    const issues: string[] = [];
    const gender = readGender(cell("gender"));
    if (gender) record.gender = gender;
    else if (cell("gender")) issues.push(`gender "${cell("gender")}" is not male or female`);
    for (const f of SWISS_NUMBERS) {
      const text = cell(f.field);
      if (!text) continue; // an empty cell is an absent field (the office's sheet leaves apprentices' codes empty)
      const value = readAmount(text);
      if (Number.isFinite(value)) record[f.field] = value;
      else issues.push(`${f.label} "${text}" is not a number`);
    }
    for (const f of SWISS_ROW_REQUIRED)
      if (!cell(f)) issues.push(`no ${SWISS_FIELDS.find((s) => s.field === f)!.label}`);
    if (cell("id")) record.id = cell("id");
    if (cell("category")) record.category = cell("category");
    const readError = table.rowErrors.get(i);
    if (readError || issues.length)
      problems.push({ row: i + 1, message: [readError, ...issues].filter(Boolean).join("; ") });
    else {
      records.push(record);
      fileRows.push(i + 1);
    }
  });
  return { records, fileRows, problems, mixedPeriods: null }; // the data sheet's wages are all monthly
}

/** A column used as a factor: its name in the request, and whether its values are numbers or categories. */
export interface FactorChoice {
  column: string;
  name: string;
  kind: "number" | "category";
}

/** Each row's period is its period column's when one is mapped, else the one chosen for the whole file, else annual. */
export function toCustomRecords(
  table: EmployeeTable,
  mapping: CustomMapping,
  factors: readonly FactorChoice[],
  filePeriod?: Period,
): Prepared {
  const records: Record<string, unknown>[] = [];
  const problems: RowProblem[] = [];
  const fileRows: number[] = [];
  table.rows.forEach((row, i) => {
    const cell = cellOf(row, mapping);
    const gender = readGender(cell("gender"));
    const salary = readAmount(cell("salary"));
    const period = mapping.salary_period ? readPeriod(cell("salary_period")) : (filePeriod ?? "annual");
    const hours = cell("weekly_hours") ? readAmount(cell("weekly_hours")) : null;
    const values: Record<string, number | string> = {};
    const issues = [
      table.rowErrors.get(i),
      !gender && `gender "${cell("gender")}" is not male or female`,
      !(salary > 0) && `pay "${cell("salary")}" is not a positive amount`,
      !period &&
        (cell("salary_period")
          ? `pay period "${cell("salary_period")}" is not annual, monthly or hourly`
          : "no pay period"),
      hours !== null &&
        !(hours > 0 && hours <= 168) &&
        `weekly hours "${cell("weekly_hours")}" are not between 0 and 168`,
    ];
    for (const f of factors) {
      const text = (row[f.column] ?? "").trim();
      // Every record must give every factor: a gap is not filled in.
      if (!text) {
        issues.push(`no ${f.column}`);
        continue;
      }
      // A category is sent as text, so numbered grades (1, 2, 3) are levels, not amounts.
      const value = f.kind === "number" ? readAmount(text) : text;
      if (typeof value === "number" && !Number.isFinite(value)) issues.push(`${f.column} "${text}" is not a number`);
      else values[f.name] = value;
    }
    const found = issues.filter(Boolean);
    if (found.length) {
      problems.push({ row: i + 1, message: found.join("; ") });
      return;
    }
    const record: Record<string, unknown> = { gender, salary, salary_period: period, factors: values };
    if (hours !== null) record.weekly_hours = hours;
    if (cell("id")) record.id = cell("id");
    if (cell("category")) record.category = cell("category");
    records.push(record);
    fileRows.push(i + 1);
  });
  // Every row's amount counts, read or not: one hourly rate among salaries is enough to show the file mixes periods.
  const periodGiven = Boolean(mapping.salary_period || filePeriod);
  const mixedPeriods =
    periodGiven || !mapping.salary
      ? null
      : mixedPeriodSpread(table.rows.map((r) => readAmount(r[mapping.salary!] ?? "")));
  return { records, fileRows, problems, mixedPeriods };
}
