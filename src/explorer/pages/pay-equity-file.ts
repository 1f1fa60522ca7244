// The equal-pay page's file: which model its columns fit and which column is which. The Swiss office's data sheet
// (Logib module 1) is recognised by the first line of its headings ("Age\n(date of birth, …)" is "Age"); any other
// file is mapped by the user, starting from the pay-gap page's guesses, with the remaining columns offered as factors.
import { guessMapping, readAmount, readEmployeeFile, type EmployeeTable } from "./employee-file.ts";

export type Model = "swiss_standard" | "custom";

/** The endpoint's swiss_standard record fields and the office's heading for each (its first line); `required` ones identify the sheet. */
export const SWISS_FIELDS = [
  { field: "id", label: "Key (personnel number)", heading: "Key", required: false },
  { field: "gender", label: "Gender", heading: "Gender", required: true },
  { field: "age", label: "Age (years)", heading: "Age", required: true },
  { field: "years_of_service", label: "Years of service", heading: "Years of service", required: true },
  { field: "training", label: "Education and training (code 1–8)", heading: "Education and training", required: true },
  {
    field: "level_of_requirements",
    label: "Level of requirements (1–8)",
    heading: "Level of requirements",
    required: true,
  },
  {
    field: "professional_position",
    label: "Professional position (1–5)",
    heading: "Professional position",
    required: true,
  },
  {
    field: "activity_rate",
    label: "Activity rate % (paid monthly)",
    heading: "Employees paid monthly",
    required: false,
  },
  { field: "paid_hours", label: "Paid hours (paid hourly)", heading: "Employees paid hourly", required: false },
  { field: "basic_wage", label: "Basic wage", heading: "Basic wage", required: true },
  { field: "allowances", label: "Allowances", heading: "Allowances", required: false },
  { field: "monthly_wage_13", label: "13th monthly wage", heading: "13th monthly wage", required: false },
  { field: "special_payments", label: "Special payments", heading: "Special payments", required: false },
  {
    field: "weekly_hours",
    label: "Usual weekly hours (full time)",
    heading: "Usual weekly working hours in company",
    required: true,
  },
  { field: "population", label: "Statistical population", heading: "Statistical population", required: false },
  // The office's sheet has no such column (its "Function" is one job, not a group of equal value): the user may map one.
  { field: "category", label: "Category (work of equal value)", heading: null, required: false },
] as const;
export type SwissField = (typeof SWISS_FIELDS)[number]["field"];

export const CUSTOM_FIELDS = [
  { field: "id", label: "Key (personnel number)", required: false },
  { field: "gender", label: "Gender", required: true },
  { field: "salary", label: "Pay", required: true },
  { field: "salary_period", label: "Pay period", required: false },
  { field: "weekly_hours", label: "Weekly hours", required: false },
  { field: "category", label: "Category (work of equal value)", required: false },
] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number]["field"];

export type SwissMapping = Partial<Record<SwissField, string>>;
export type CustomMapping = Partial<Record<CustomField, string>>;

/** A heading's first line, without case, a trailing colon or spaces: how the office's sheet names its columns. */
const firstLine = (heading: string) => heading.split("\n")[0].trim().replace(/:$/, "").trim().toLowerCase();

/** Each Swiss field's column, found by the office's heading or the endpoint's field name. */
export function swissMapping(columns: string[]): SwissMapping {
  const mapping: SwissMapping = {};
  for (const f of SWISS_FIELDS) {
    const names: string[] = [f.field, ...(f.heading ? [f.heading.toLowerCase()] : [])];
    const hit = columns.find((c) => names.includes(firstLine(c)));
    if (hit) mapping[f.field] = hit;
  }
  return mapping;
}

/** Whether the columns are the office's data sheet: every field that identifies it is found. */
export const isSwissSheet = (columns: string[]) => {
  const mapping = swissMapping(columns);
  return SWISS_FIELDS.every((f) => !f.required || mapping[f.field]);
};

const ID_NAMES = ["id", "key", "employee id", "employee number", "personnel number", "staff id", "personalnummer"];

/** A first custom mapping: the pay-gap page's guesses for the fields both pages share, and an id column by its name. */
export function guessCustomMapping(columns: string[]): CustomMapping {
  const id = columns.find((c) => ID_NAMES.includes(firstLine(c)));
  const guessed = guessMapping(columns.filter((c) => c !== id));
  const mapping: CustomMapping = id ? { id } : {};
  for (const f of CUSTOM_FIELDS) if (f.field !== "id" && guessed[f.field]) mapping[f.field] = guessed[f.field];
  return mapping;
}

/** A column's factor name as the endpoint takes it: a letter, then letters, digits or _ (at most 40), unique in the file. */
export function factorNames(columns: string[]): Record<string, string> {
  const names: Record<string, string> = {};
  const taken = new Set<string>();
  for (const c of columns) {
    let base = c
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "");
    if (!/^[a-z]/.test(base)) base = `f_${base}`.replace(/_+$/, "");
    base = base.slice(0, 36).replace(/_+$/, ""); // room for a "_2" … "_20" that makes it unique
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    names[c] = name;
  }
  return names;
}

/** Whether every row's cell in the column reads as a number (then it may be a numeric factor). */
export const numericColumn = (table: EmployeeTable, column: string) =>
  table.rows.every((r) => Number.isFinite(readAmount(r[column] ?? "")));

/** Columns ticked as factors at first: those mapped to no field, with a value in every row, and not one label per
 *  person (names, e-mail addresses): a text column qualifies when its values repeat. */
export function defaultFactors(table: EmployeeTable, mapping: CustomMapping): string[] {
  const mapped = new Set(Object.values(mapping));
  return table.columns.filter((c) => {
    if (mapped.has(c)) return false;
    const values = table.rows.map((r) => (r[c] ?? "").trim());
    if (!values.length || values.some((v) => !v)) return false;
    return numericColumn(table, c) || new Set(values).size < values.length;
  });
}

/** Reads a CSV as the pay-gap page does. In a workbook, the sheet holding the office's data sheet (its example puts it
 *  second, after "General_information"), else the first sheet. Cells are read as stored, not as displayed, so a
 *  number format (5'201, CHF 5,201) cannot change an amount. */
export async function readPayEquityFile(file: File): Promise<EmployeeTable & { sheet: string | null }> {
  if (!/\.(xlsx|xlsm|xls|ods)$/i.test(file.name)) return { ...(await readEmployeeFile(file)), sheet: null };
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.read(await file.arrayBuffer(), { type: "array" });
  const headerOf = (name: string) =>
    (XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1 })[0] ?? []).map(String);
  const sheet = book.SheetNames.find((n) => isSwissSheet(headerOf(n))) ?? book.SheetNames[0];
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[sheet], { defval: "", raw: true });
  return {
    columns: rows.length ? Object.keys(rows[0]).filter((c) => !c.startsWith("__EMPTY")) : [], // "__EMPTY": SheetJS's key for a column without a heading
    rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v).trim()]))),
    rowErrors: new Map(),
    sheet,
  };
}
