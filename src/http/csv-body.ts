// A POST body sent as CSV (a route's `csv` declaration): read within the same limits as JSON, parsed with
// csv-parse, the header checked against the declared columns, cells typed. The rows then become the route's
// JSON body and are validated as such; validation errors are re-addressed to the row and column they came from.
import { parse } from "csv-parse/sync";
import { ApiError, validationError, type FieldError } from "./errors.ts";
import { readText, type BodyLimits } from "./json-body.ts";
import type { CsvBody } from "./route.ts";

export const isCsv = (request: Request) => /^text\/csv\b/i.test(request.headers.get("content-type") ?? "");

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The first line's separator: a semicolon or tab when the header has one and no comma (spreadsheet exports in much of Europe). */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  if (header.includes(",")) return ",";
  return header.includes(";") ? ";" : header.includes("\t") ? "\t" : ",";
}

/** A column the route takes by its prefix (factor.grade): its cells are numbers where they look like one. */
const isPrefixed = (spec: CsvBody, column: string) =>
  !!spec.prefixedColumns &&
  column.startsWith(spec.prefixedColumns) &&
  column.length > spec.prefixedColumns.length &&
  column.length <= 100;

/** The rows, keyed by column and typed, and the line of the file each ends on (for errors). */
export interface CsvRows {
  rows: Record<string, string | number>[];
  lines: number[];
}

/** The CSV's records, keyed by column, cells typed; throws a 422 naming the header or row that is wrong. */
export async function csvRows(request: Request, limits: BodyLimits, spec: CsvBody): Promise<CsvRows> {
  const text = await readText(request, limits);
  let table: { record: string[]; info: { lines: number } }[];
  try {
    // Lines of separators only (",,,", which spreadsheets export for blank rows) are skipped like empty lines.
    table = parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      relax_column_count: false,
      info: true,
    }) as unknown as typeof table;
  } catch (err) {
    throw validationError([{ field: "body", code: "invalid_csv", message: csvErrorMessage(err, separatorOf(text)) }]);
  }
  const [first, ...records] = table;
  const header = first?.record;
  if (!header) throw validationError([{ field: "body", code: "empty_csv", message: "the CSV has no header row" }]);
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const column of header) {
    if (!Object.hasOwn(spec.columns, column) && !isPrefixed(spec, column)) {
      const more = spec.prefixedColumns ? `, and any column starting with ${spec.prefixedColumns}` : "";
      problems.push({
        field: column.slice(0, 100),
        column: column.slice(0, 100),
        code: "unrecognized_column",
        message: `unknown column; the columns are ${Object.keys(spec.columns).join(", ")}${more}`,
      });
    } else if (seen.has(column))
      problems.push({ field: column, column, code: "repeated_column", message: "column given twice" });
    seen.add(column);
  }
  for (const column of spec.required)
    if (!seen.has(column))
      problems.push({
        field: column,
        column,
        code: "missing_column",
        message: "required column missing from the header row",
      });
  if (problems.length) throw validationError(problems);
  const rows = records.map(({ record }) => {
    const row: Record<string, string | number> = {};
    record.forEach((cell, i) => {
      if (cell === "") return; // an empty cell is an omitted field
      const type = spec.columns[header[i]] ?? "auto";
      row[header[i]] = type !== "text" && NUMBER.test(cell) ? Number(cell) : cell;
    });
    return row;
  });
  return { rows, lines: records.map((r) => r.info.lines) };
}

/**
 * A validation error on the body built from CSV rows, addressed as rows and columns: `employees[3].salary` → row 4
 * (the fourth record), column salary, and the line of the file it is on.
 */
export function csvValidationError(err: unknown, spec: CsvBody, lines: number[]): unknown {
  if (!(err instanceof ApiError) || err.code !== "VALIDATION_ERROR" || !err.extra.errors) return err;
  const at = new RegExp(`^${spec.rowsField}\\[(\\d+)\\](?:\\.(\\w+))?$`);
  const errors = err.extra.errors.map((e): FieldError => {
    const m = at.exec(e.field);
    if (!m) return e;
    const row = Number(m[1]) + 1;
    const line = lines[row - 1];
    return {
      ...e,
      row,
      line,
      ...(m[2] ? { column: m[2] } : {}),
      message: `row ${row} (line ${line})${m[2] ? `, column ${m[2]}` : ""}: ${e.message}`,
    };
  });
  return validationError(errors);
}

/** csv-parse's error in a client's words, naming the line once ("expect 3, got 4 on line 2" says it twice). */
function csvErrorMessage(err: unknown, separator: string): string {
  const e = err as { message?: string; lines?: number; code?: string };
  const line = e.lines ?? "?";
  const length = /expect (\d+), got (\d+)/.exec(e.message ?? "");
  if (e.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH" && length) {
    const [header, got] = [Number(length[1]), Number(length[2])];
    const why =
      got > header
        ? `a value holding the separator "${separator}" must be in double quotes${separator === "," ? " (an amount written 52,000, a title with a comma)" : ""}`
        : `a value is missing: an empty one still needs its separator "${separator}"`;
    return `line ${line} has ${got} fields where the header has ${header}: ${why}`;
  }
  const what = String(e.message ?? "malformed CSV")
    .replace(/^Invalid (?:Record Length|Closing Quote|Opening Quote): /, "")
    .replace(/,? (?:on|at) line \d+\.?$/, "");
  return `line ${line}: ${what}`.slice(0, 200);
}
