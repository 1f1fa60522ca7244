// Statutory minimum wages as legislated: one row per country, legal unit and effective date, in national currency,
// each with its own source. Read by column name; amounts kept as published. Four flags are derived from each row's
// note, by the rules below, so that E8 never has to read prose at request time.
import { readTable, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

const FILE = "minimum-wages/statutory_minimum_wages.csv";
/** The file's columns, stored under the same names (the table adds what is read from each row's note). */
const FILE_COLUMNS = [
  "country",
  "effective_from",
  "unit",
  "amount",
  "currency",
  "payments_per_year",
  "standard_hours_per_week",
  "source_url",
  "source_title",
  "note",
] as const;
const UNITS = new Set(["hour", "day", "week", "month", "none"]);

/** Who a row's floor binds: most rows all employees; two kinds of rows bind others or only some jobs. */
export function appliesTo(note: string): "employees" | "guaranteed_minimum" | "civil_law_contracts" {
  if (/GUARANTEED WAGE MINIMUM/i.test(note)) return "guaranteed_minimum"; // Hungary: jobs needing secondary education
  if (/CIVIL-LAW contracts/i.test(note)) return "civil_law_contracts"; // Poland's hourly rate: not employees' pay
  return "employees";
}

/** An hourly row the note calls an equivalent of the legal (monthly or weekly) unit: not a legal rate of its own. */
export const isEquivalent = (unit: string, note: string) =>
  unit === "hour" && /\bequivalent\b/i.test(note) && /legal unit (is|remains)/i.test(note);

/** The compiler marks unconfirmed amounts or dates with these words (PROVENANCE.md), or ends a note with "– check". */
export const isUncertain = (note: string) =>
  /\buncertain\b|\bverify\b|not confirmed|not in (the )?archived excerpts?|– check\.?\s*$/i.test(note);

/** Stated weekly hours are the law's own week unless the note calls them a conversion convention (Ireland's 39). */
export const hoursAreStatutory = (note: string) => !/not a statutory week/i.test(note);

export async function loadStatutoryMinimumWages(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file(FILE), {
    required: [...FILE_COLUMNS],
  });
  const out = t.rows.map((r, i) => {
    const unit = str(r.UNIT);
    const where = `${FILE} row ${i + 2}`;
    if (!unit || !UNITS.has(unit)) throw new Error(`${where}: unit "${unit}" is not hour, day, week, month or none`);
    const amount = num(r.AMOUNT);
    if (unit !== "none" && !(amount !== null && amount > 0))
      throw new Error(`${where}: a ${unit} row needs a positive amount`);
    if (unit !== "none" && !/^\d{4}-\d{2}-\d{2}$/.test(str(r.EFFECTIVE_FROM) ?? ""))
      throw new Error(`${where}: effective_from is not a date`);
    const note = str(r.NOTE) ?? "";
    return [
      str(r.COUNTRY),
      str(r.EFFECTIVE_FROM),
      unit,
      amount,
      str(r.CURRENCY),
      num(r.PAYMENTS_PER_YEAR),
      num(r.STANDARD_HOURS_PER_WEEK),
      str(r.SOURCE_URL),
      str(r.SOURCE_TITLE),
      note || null,
      appliesTo(note),
      isEquivalent(unit, note) ? 1 : 0,
      isUncertain(note) ? 1 : 0,
      num(r.STANDARD_HOURS_PER_WEEK) !== null && hoursAreStatutory(note) ? 1 : 0,
    ];
  });
  const dates = out
    .map((r) => r[1] as string | null)
    .filter((d): d is string => d !== null)
    .sort();
  const rows = insertRows(
    ctx.db,
    "statutory_minimum_wage",
    [...FILE_COLUMNS, "applies_to", "equivalent", "uncertain", "hours_statutory"],
    out,
  );
  return {
    rows,
    vintage: `amounts in force from ${dates[0]} to ${dates.at(-1)}`,
    periodStart: dates[0],
    periodEnd: dates.at(-1),
  };
}
