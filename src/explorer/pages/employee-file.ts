// An employee file as the pay-gap page reads it: CSV (Papa Parse) or a workbook's first sheet (SheetJS, loaded
// only when a workbook is dropped), then the user's column mapping turns rows into E7's EmployeeRecords. Only
// reading and re-labelling happen here: every gap is computed by the API.
import Papa from "papaparse";

/** rowErrors: rows the reader could not read cleanly (0-based, as rows), with why; they are never sent. */
export interface EmployeeTable { columns: string[]; rows: Record<string, string>[]; rowErrors: Map<number, string> }

export async function readEmployeeFile(file: File): Promise<EmployeeTable> {
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(file.name)) {
    const XLSX = await import("@e965/xlsx");
    const book = XLSX.read(await file.arrayBuffer(), { type: "array" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: "", raw: false });
    const columns = rows.length ? Object.keys(rows[0]) : [];
    return { columns, rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v).trim()]))), rowErrors: new Map() };
  }
  const parsed = Papa.parse<Record<string, string>>(await file.text(), { header: true, skipEmptyLines: "greedy", transform: (v) => v.trim() });
  if (parsed.errors.length && !parsed.data.length) throw new Error(`Cannot read ${file.name}: ${parsed.errors[0].message}`);
  // A row with more or fewer cells than the header (an unquoted "52,000"), or a quote left open, is not guessed at.
  const rowErrors = new Map<number, string>();
  for (const e of parsed.errors) if (e.row !== undefined) rowErrors.set(e.row, e.message);
  return { columns: parsed.meta.fields ?? [], rows: parsed.data, rowErrors };
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

// Pay periods and employment types in the seven languages titles are matched in; anything else is a row problem.
const PERIODS: [RegExp, "annual" | "monthly" | "hourly"][] = [
  [/^(annual|annually|yearly|year|per year|a|y|jährlich|jahr|annuel|an|anual|año|annuo|anno|roczn\w*|rok|jaarlijks|jaar)$/, "annual"],
  [/^(monthly|month|per month|m|monatlich|monat|mensuel|mois|mensual|mes|mensile|mese|miesięczn\w*|miesiąc|maandelijks|maand)$/, "monthly"],
  [/^(hourly|hour|per hour|h|stündlich|stunde|horaire|heure|por hora|hora|orario|ora|godzinow\w*|godzina|per uur|uur)$/, "hourly"],
];
const EMPLOYMENT: [RegExp, "full_time" | "part_time"][] = [
  [/^(full time|full|ft|vollzeit|temps plein|tiempo completo|tempo pieno|pełny etat|pelny etat|voltijd)$/, "full_time"],
  [/^(part time|part|pt|teilzeit|temps partiel|tiempo parcial|tempo parziale|niepełny etat|niepelny etat|deeltijd)$/, "part_time"],
];
const lookup = <T>(table: [RegExp, T][], text: string) => table.find(([re]) => re.test(norm(text)))?.[1];

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
    const period = cell("salary_period") ? lookup(PERIODS, cell("salary_period")) : "annual";
    const employment = cell("employment_type") ? lookup(EMPLOYMENT, cell("employment_type")) : "full_time";
    const hours = cell("weekly_hours") ? readAmount(cell("weekly_hours")) : null;
    const variable = cell("variable_pay") ? readAmount(cell("variable_pay")) : null;
    const issues = [
      table.rowErrors.get(i),
      !title && "no job title",
      !gender && `gender "${cell("gender")}" is not male or female`,
      !(salary > 0) && `pay "${cell("salary")}" is not a positive amount`,
      !period && `pay period "${cell("salary_period")}" is not annual, monthly or hourly`,
      !employment && `employment type "${cell("employment_type")}" is not full or part time`,
      hours !== null && !(hours > 0 && hours <= 168) && `weekly hours "${cell("weekly_hours")}" are not between 0 and 168`,
      variable !== null && !(variable >= 0) && `variable pay "${cell("variable_pay")}" is not an amount`,
    ].filter(Boolean);
    if (issues.length) { problems.push({ row: i + 1, message: issues.join("; ") }); return; }
    const record: Record<string, unknown> = { job_title: title, gender, salary, salary_period: period, employment_type: employment };
    if (hours !== null) record.weekly_hours = hours;
    if (variable !== null) record.variable_pay = variable;
    const category = cell("category");
    if (category) record.category = category;
    Object.assign(record, overrides[title]);
    records.push(record);
  });
  return { records, problems };
}
