// An employee file as the pay-gap page reads it: CSV (Papa Parse) or a workbook's first sheet (SheetJS, loaded
// only when a workbook is dropped), then the user's column mapping turns rows into E7's EmployeeRecords. Only
// reading and re-labelling happen here: every gap is computed by the API.
import Papa from "papaparse";

export interface EmployeeTable { columns: string[]; rows: Record<string, string>[] }

export async function readEmployeeFile(file: File): Promise<EmployeeTable> {
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(file.name)) {
    const XLSX = await import("@e965/xlsx");
    const book = XLSX.read(await file.arrayBuffer(), { type: "array" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: "", raw: false });
    const columns = rows.length ? Object.keys(rows[0]) : [];
    return { columns, rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v).trim()]))) };
  }
  const parsed = Papa.parse<Record<string, string>>(await file.text(), { header: true, skipEmptyLines: "greedy", transform: (v) => v.trim() });
  if (parsed.errors.length && !parsed.data.length) throw new Error(`Cannot read ${file.name}: ${parsed.errors[0].message} (row ${parsed.errors[0].row})`);
  return { columns: parsed.meta.fields ?? [], rows: parsed.data };
}

export const FIELDS = [
  { field: "job_title", label: "Job title", required: true, guesses: ["job title", "job_title", "title", "position", "job", "role", "stelle", "poste", "puesto"] },
  { field: "gender", label: "Gender", required: true, guesses: ["gender", "sex", "geschlecht", "sexe", "sexo", "genere", "płeć"] },
  { field: "salary", label: "Pay", required: true, guesses: ["salary", "pay", "base salary", "annual salary", "gross pay", "gehalt", "salaire", "salario", "stipendio"] },
  { field: "salary_period", label: "Pay period", required: false, guesses: ["salary_period", "period", "pay period"] },
  { field: "weekly_hours", label: "Weekly hours", required: false, guesses: ["weekly_hours", "hours", "weekly hours", "stunden"] },
  { field: "variable_pay", label: "Variable pay", required: false, guesses: ["variable_pay", "bonus", "variable pay", "variable"] },
  { field: "employment_type", label: "Employment type", required: false, guesses: ["employment_type", "employment type", "contract", "full/part time"] },
  { field: "category", label: "Category (work of equal value)", required: false, guesses: ["category", "grade", "job family", "level", "band"] },
] as const;
export type Field = (typeof FIELDS)[number]["field"];
export type Mapping = Partial<Record<Field, string>>;

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** A first mapping from the header's names (the user can change every choice). */
export function guessMapping(columns: string[]): Mapping {
  const mapping: Mapping = {};
  for (const f of FIELDS) {
    const hit = f.guesses.map(norm).map((g) => columns.find((c) => norm(c) === g)).find(Boolean) ?? columns.find((c) => f.guesses.some((g) => norm(c).includes(norm(g))));
    if (hit && !Object.values(mapping).includes(hit)) mapping[f.field] = hit;
  }
  return mapping;
}

/** 52,000.50 / 52.000,50 / 52 000,5 / 52000 → 52000.5; anything else → NaN. */
export function readAmount(text: string): number {
  const t = text.replace(/[\s\u00a0€$£]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ""));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, "").replace(",", "."));
  if (/^\d+,\d+$/.test(t)) return Number(t.replace(",", "."));
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** M/F from the common spellings (male, m, man, mann, homme, hombre; female, f, w, woman, frau, femme, mujer, k). */
export function readGender(text: string): "M" | "F" | null {
  const t = norm(text);
  if (/^(m|male|man|men|mann|männlich|homme|h|hombre|uomo|mężczyzna)$/.test(t)) return "M";
  if (/^(f|female|woman|women|w|frau|weiblich|femme|mujer|donna|k|kobieta)$/.test(t)) return "F";
  return null;
}

const PERIODS: Record<string, "annual" | "monthly" | "hourly"> = { annual: "annual", yearly: "annual", year: "annual", monthly: "monthly", month: "monthly", hourly: "hourly", hour: "hourly" };

export interface RowProblem { row: number; message: string }
export interface Records { records: Record<string, unknown>[]; problems: RowProblem[] }

/** The rows as EmployeeRecords through the mapping; rows that cannot be read are listed (row 1 = first data row), not sent. */
export function toRecords(table: EmployeeTable, mapping: Mapping, overrides: Record<string, { isco_code?: string; category?: string }>): Records {
  const records: Record<string, unknown>[] = [];
  const problems: RowProblem[] = [];
  table.rows.forEach((row, i) => {
    const cell = (f: Field) => (mapping[f] ? (row[mapping[f]!] ?? "").trim() : "");
    const title = cell("job_title");
    const gender = readGender(cell("gender"));
    const salary = readAmount(cell("salary"));
    const issues = [
      !title && "no job title",
      !gender && `gender "${cell("gender")}" is not male or female`,
      !(salary > 0) && `pay "${cell("salary")}" is not a positive amount`,
    ].filter(Boolean);
    if (issues.length) { problems.push({ row: i + 1, message: issues.join("; ") }); return; }
    const record: Record<string, unknown> = { job_title: title, gender, salary };
    const period = PERIODS[norm(cell("salary_period"))];
    if (period) record.salary_period = period;
    const hours = readAmount(cell("weekly_hours"));
    if (hours > 0) record.weekly_hours = hours;
    const variable = readAmount(cell("variable_pay"));
    if (variable >= 0) record.variable_pay = variable;
    if (/part/i.test(cell("employment_type"))) record.employment_type = "part_time";
    const category = cell("category");
    if (category) record.category = category;
    Object.assign(record, overrides[title]);
    records.push(record);
  });
  return { records, problems };
}
