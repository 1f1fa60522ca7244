// An employee file as the pay-gap page reads it: CSV (Papa Parse) or a workbook's first sheet (SheetJS, loaded
// only when a workbook is dropped), then the user's column mapping turns rows into E7's EmployeeRecords. Only
// reading and re-labelling happen here: every gap is computed by the API.
import Papa from "papaparse";

/** rowErrors: rows the reader could not read cleanly (0-based, as rows), with why; they are never sent. */
export interface EmployeeTable {
  columns: string[];
  rows: Record<string, string>[];
  rowErrors: Map<number, string>;
}

export async function readEmployeeFile(file: File): Promise<EmployeeTable> {
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(file.name)) {
    const XLSX = await import("@e965/xlsx");
    const book = XLSX.read(await file.arrayBuffer(), { type: "array" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: "", raw: false });
    const columns = rows.length ? Object.keys(rows[0]) : [];
    return {
      columns,
      rows: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v).trim()]))),
      rowErrors: new Map(),
    };
  }
  const parsed = Papa.parse<Record<string, string>>(await file.text(), {
    header: true,
    skipEmptyLines: "greedy",
    transform: (v) => v.trim(),
  });
  if (parsed.errors.length && !parsed.data.length)
    throw new Error(`Cannot read ${file.name}: ${parsed.errors[0].message}`);
  // A row with more or fewer cells than the header (an unquoted "52,000"), or a quote left open, is not guessed at.
  const rowErrors = new Map<number, string>();
  for (const e of parsed.errors) if (e.row !== undefined) rowErrors.set(e.row, e.message);
  return { columns: parsed.meta.fields ?? [], rows: parsed.data, rowErrors };
}

/** Pay-period column names in the seven languages titles are matched in (en, de, fr, nl, pl, es, it). */
const PERIOD_COLUMNS = [
  "salary_period",
  "pay period",
  "salary period",
  "period",
  "pay frequency",
  "frequency",
  "pay basis",
  "pay unit",
  "salary unit",
  "pay interval",
  "zeitraum",
  "abrechnungszeitraum",
  "lohnzeitraum",
  "entgeltzeitraum",
  "zahlungsintervall",
  "zahlungsrhythmus",
  "lohnart",
  "periode",
  "période",
  "période de paie",
  "périodicité",
  "fréquence de paie",
  "fréquence",
  "frequentie",
  "betalingsfrequentie",
  "loonperiode",
  "salarisperiode",
  "okres",
  "okres rozliczeniowy",
  "okres płatności",
  "częstotliwość wypłaty",
  "częstotliwość",
  "periodo",
  "periodo de pago",
  "periodicidad",
  "frecuencia de pago",
  "frecuencia",
  "periodicità",
  "periodo di paga",
  "frequenza",
];

/** `guesses` name a column whole or as part of a longer header; `wholeOnly` only whole (a "Business Unit" is no pay unit). */
export const FIELDS = [
  {
    field: "job_title",
    label: "Job title",
    required: true,
    guesses: [
      "job title",
      "job_title",
      "title",
      "position",
      "job",
      "role",
      "stelle",
      "poste",
      "puesto",
      "functie",
      "stanowisko",
    ],
    wholeOnly: [],
  },
  {
    field: "gender",
    label: "Gender",
    required: true,
    guesses: ["gender", "sex", "geschlecht", "sexe", "sexo", "genere", "geslacht", "płeć"],
    wholeOnly: [],
  },
  {
    field: "salary",
    label: "Pay",
    required: true,
    guesses: [
      "salary",
      "pay",
      "base salary",
      "annual salary",
      "gross pay",
      "gehalt",
      "salaire",
      "salaris",
      "wynagrodzenie",
      "salario",
      "stipendio",
    ],
    wholeOnly: [],
  },
  {
    field: "salary_period",
    label: "Pay period",
    required: false,
    guesses: PERIOD_COLUMNS,
    wholeOnly: ["unit", "einheit", "unité", "eenheid", "jednostka", "unidad", "unità"],
  },
  {
    field: "weekly_hours",
    label: "Weekly hours",
    required: false,
    guesses: ["weekly_hours", "hours", "weekly hours", "stunden"],
    wholeOnly: [],
  },
  {
    field: "variable_pay",
    label: "Variable pay",
    required: false,
    guesses: ["variable_pay", "bonus", "variable pay", "variable"],
    wholeOnly: [],
  },
  {
    field: "employment_type",
    label: "Employment type",
    required: false,
    guesses: ["employment_type", "employment type", "contract", "full/part time"],
    wholeOnly: [],
  },
  {
    field: "category",
    label: "Category (work of equal value)",
    required: false,
    guesses: ["category", "grade", "job family", "level", "band"],
    wholeOnly: [],
  },
] as const;
export type Field = (typeof FIELDS)[number]["field"];
export type Mapping = Partial<Record<Field, string>>;

/** Lower case, accents and punctuation gone: "Périodicité" and "periodicite", "p.a." and "p a" read alike. */
const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** A first mapping from the header's names (the user can change every choice). Whole names first, for every field, so
 *  "Pay Frequency" is the pay period's before "pay" could claim it as the amount; then names inside longer headers. */
export function guessMapping(columns: string[]): Mapping {
  const mapping: Mapping = {};
  const free = (c: string) => !Object.values(mapping).includes(c);
  for (const f of FIELDS) {
    const hit = [...f.guesses, ...f.wholeOnly]
      .map(norm)
      .map((g) => columns.find((c) => free(c) && norm(c) === g))
      .find(Boolean);
    if (hit) mapping[f.field] = hit;
  }
  for (const f of FIELDS) {
    if (mapping[f.field]) continue;
    const hit = f.guesses
      .map(norm)
      .map((g) => columns.find((c) => free(c) && norm(c).includes(g)))
      .find(Boolean);
    if (hit) mapping[f.field] = hit;
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

/** A reader of cell values from the words for each meaning (compared without case, accents or punctuation). */
function wordReader<T extends string>(words: Record<T, string[]>): (text: string) => T | null {
  const meaning = new Map<string, T>();
  for (const [value, list] of Object.entries(words) as [T, string[]][]) {
    for (const w of list) {
      if (meaning.has(norm(w))) throw new Error(`"${w}" is listed twice`); // one word, one meaning
      meaning.set(norm(w), value);
    }
  }
  return (text) => meaning.get(norm(text)) ?? null;
}

/** M/F from the common spellings (male, m, man, mann, homme, hombre; female, f, w, woman, frau, femme, mujer, k). */
export const readGender = wordReader({
  M: ["m", "male", "man", "men", "mann", "männlich", "homme", "h", "hombre", "uomo", "mężczyzna"],
  F: ["f", "female", "woman", "women", "w", "frau", "weiblich", "femme", "mujer", "donna", "k", "kobieta"],
});

export type Period = "annual" | "monthly" | "hourly";
// Pay periods and employment types in the seven languages; anything else is a row problem, never a guess.
export const readPeriod = wordReader<Period>({
  annual: [
    "annual",
    "annually",
    "yearly",
    "year",
    "per year",
    "a year",
    "yr",
    "per annum",
    "p.a.",
    "pa",
    "a",
    "y",
    "jahr",
    "jährlich",
    "pro jahr",
    "jahresgehalt",
    "jahreslohn",
    "an",
    "annuel",
    "annuelle",
    "année",
    "par an",
    "jaar",
    "jaarlijks",
    "per jaar",
    "rok",
    "rocznie",
    "roczny",
    "roczna",
    "roczne",
    "na rok",
    "año",
    "anual",
    "por año",
    "al año",
    "anno",
    "annuo",
    "annua",
    "annuale",
    "all'anno",
    "per anno",
  ],
  monthly: [
    "monthly",
    "month",
    "per month",
    "a month",
    "mo",
    "mth",
    "m",
    "monat",
    "monatlich",
    "pro monat",
    "monatsgehalt",
    "monatslohn",
    "mois",
    "mensuel",
    "mensuelle",
    "par mois",
    "maand",
    "maandelijks",
    "per maand",
    "miesiąc",
    "miesięcznie",
    "miesięczny",
    "miesięczna",
    "miesięczne",
    "na miesiąc",
    "mes",
    "mensual",
    "por mes",
    "al mes",
    "mese",
    "mensile",
    "al mese",
    "per mese",
  ],
  hourly: [
    "hourly",
    "hour",
    "per hour",
    "an hour",
    "hr",
    "hrs",
    "h",
    "stunde",
    "stündlich",
    "pro stunde",
    "je stunde",
    "stundenlohn",
    "heure",
    "horaire",
    "par heure",
    "à l'heure",
    "uur",
    "per uur",
    "uurloon",
    "godzina",
    "godzinowo",
    "godzinowy",
    "godzinowa",
    "godzinowe",
    "na godzinę",
    "za godzinę",
    "hora",
    "por hora",
    "a la hora",
    "ora",
    "orario",
    "oraria",
    "all'ora",
    "per ora",
  ],
});
const readEmployment = wordReader({
  full_time: [
    "full time",
    "full",
    "ft",
    "vollzeit",
    "temps plein",
    "tiempo completo",
    "tempo pieno",
    "pełny etat",
    "voltijd",
  ],
  part_time: [
    "part time",
    "part",
    "pt",
    "teilzeit",
    "temps partiel",
    "tiempo parcial",
    "tempo parziale",
    "niepełny etat",
    "deeltijd",
  ],
});

/** Pay of one period rarely spans more than this factor in one organisation, while a year is ~12 months or ~2,080 hours. */
export const MIXED_PERIOD_RATIO = 50;

/** The smallest and largest positive amount when they are more than MIXED_PERIOD_RATIO apart, else null. */
export function mixedPeriodSpread(amounts: number[]): { min: number; max: number } | null {
  const positive = amounts.filter((a) => a > 0);
  if (!positive.length) return null;
  const min = Math.min(...positive),
    max = Math.max(...positive);
  return max / min > MIXED_PERIOD_RATIO ? { min, max } : null;
}

export interface RowProblem {
  row: number;
  message: string;
}
/** mixedPeriods: set when no period is given and the amounts are too far apart to be of one period; nothing may be sent. */
export interface Records {
  records: Record<string, unknown>[];
  problems: RowProblem[];
  mixedPeriods: { min: number; max: number } | null;
}

/** The rows as EmployeeRecords through the mapping; rows that cannot be read are listed (row 1 = first data row), not sent.
 *  Each row's period is its period column's when one is mapped, else the one the user chose for the whole file, else annual. */
export function toRecords(
  table: EmployeeTable,
  mapping: Mapping,
  overrides: Record<string, { isco_code?: string; category?: string }>,
  filePeriod?: Period,
): Records {
  const records: Record<string, unknown>[] = [];
  const problems: RowProblem[] = [];
  table.rows.forEach((row, i) => {
    const cell = (f: Field) => (mapping[f] ? (row[mapping[f]!] ?? "").trim() : "");
    const title = cell("job_title");
    const gender = readGender(cell("gender"));
    const salary = readAmount(cell("salary"));
    const period = mapping.salary_period ? readPeriod(cell("salary_period")) : (filePeriod ?? "annual");
    const employment = cell("employment_type") ? readEmployment(cell("employment_type")) : "full_time";
    const hours = cell("weekly_hours") ? readAmount(cell("weekly_hours")) : null;
    const variable = cell("variable_pay") ? readAmount(cell("variable_pay")) : null;
    const issues = [
      table.rowErrors.get(i),
      !title && "no job title",
      !gender && `gender "${cell("gender")}" is not male or female`,
      !(salary > 0) && `pay "${cell("salary")}" is not a positive amount`,
      !period &&
        (cell("salary_period")
          ? `pay period "${cell("salary_period")}" is not annual, monthly or hourly`
          : "no pay period"),
      !employment && `employment type "${cell("employment_type")}" is not full or part time`,
      hours !== null &&
        !(hours > 0 && hours <= 168) &&
        `weekly hours "${cell("weekly_hours")}" are not between 0 and 168`,
      variable !== null && !(variable >= 0) && `variable pay "${cell("variable_pay")}" is not an amount`,
    ].filter(Boolean);
    if (issues.length) {
      problems.push({ row: i + 1, message: issues.join("; ") });
      return;
    }
    const record: Record<string, unknown> = {
      job_title: title,
      gender,
      salary,
      salary_period: period,
      employment_type: employment,
    };
    if (hours !== null) record.weekly_hours = hours;
    if (variable !== null) record.variable_pay = variable;
    const category = cell("category");
    if (category) record.category = category;
    Object.assign(record, overrides[title]);
    records.push(record);
  });
  // Every row's amount counts, read or not: one hourly rate among salaries is enough to show the file mixes periods.
  const periodGiven = Boolean(mapping.salary_period || filePeriod);
  const mixedPeriods =
    periodGiven || !mapping.salary
      ? null
      : mixedPeriodSpread(table.rows.map((r) => readAmount(r[mapping.salary!] ?? "")));
  return { records, problems, mixedPeriods };
}
