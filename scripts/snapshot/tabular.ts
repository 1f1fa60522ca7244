// Generic readers for publisher layouts. Every loader finds its columns by name, never by position,
// because publishers reorder, rename case and (in one OEWS year) duplicate columns.
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface Table {
  file: string;
  columns: string[];
  rows: Row[];
}

export interface ReadOptions {
  /** Columns that must be present; the header row is the first row holding all of them. */
  required: string[];
  /** Workbook sheet name; default: the first sheet that holds the required columns. */
  sheet?: string;
  /** Field delimiter for text files; default: tab for .txt and BLS flat files, otherwise detected. */
  delimiter?: string;
}

const HEADER_SEARCH_ROWS = 25;
const key = (name: unknown) =>
  String(name ?? "")
    .replace(/^\uFEFF/, "")
    .trim()
    .toUpperCase();

/** Read a CSV, tab-delimited text, BLS flat file or Excel workbook into rows keyed by upper-cased header. */
export async function readTable(file: string, options: ReadOptions): Promise<Table> {
  const grids = /\.xlsx?$/i.test(file)
    ? await workbookGrids(file, options.sheet)
    : [await textGrid(file, options.delimiter)];
  for (const grid of grids) {
    const headerIndex = headerRowIndex(grid, options.required);
    if (headerIndex < 0) continue;
    const header = grid[headerIndex].map(key);
    const firstIndex = new Map<string, number>();
    header.forEach((name, i) => {
      if (name && !firstIndex.has(name)) firstIndex.set(name, i);
    });
    const columns = [...firstIndex.keys()];
    const rows: Row[] = [];
    for (const raw of grid.slice(headerIndex + 1)) {
      if (raw.every((c) => c === null || c === "")) continue;
      const row: Row = {};
      for (const [name, i] of firstIndex) row[name] = normaliseCell(raw[i]);
      rows.push(row);
    }
    return { file, columns, rows };
  }
  throw new Error(`${file}: no header row with columns ${options.required.join(", ")}`);
}

/** The first row (among the first 25) holding every required column name, case-insensitively; -1 if none. */
export function headerRowIndex(grid: Cell[][], required: string[]): number {
  const wanted = required.map(key);
  return grid.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    const names = new Set(row.map(key));
    return wanted.every((w) => names.has(w));
  });
}

function normaliseCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  const text = String(value).trim();
  return text === "" ? null : text;
}

const workbooks = new Map<string, Promise<XLSX.WorkBook>>();
/** Parse a workbook once per build, however many readers ask for it. */
export function readWorkbook(file: string): Promise<XLSX.WorkBook> {
  let book = workbooks.get(file);
  if (!book) {
    book = Bun.file(file)
      .arrayBuffer()
      .then((buf) => XLSX.read(buf, { type: "array", cellDates: false }));
    workbooks.set(file, book);
  }
  return book;
}

/** All rows of every sheet whose name matches, as raw grids. */
export async function sheetGrids(file: string, sheetName: RegExp): Promise<Cell[][][]> {
  const book = await readWorkbook(file);
  return book.SheetNames.filter((n) => sheetName.test(n)).map((n) =>
    XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[n], { header: 1, raw: true, defval: null, blankrows: false }),
  );
}

export async function workbookGrids(file: string, sheet?: string): Promise<Cell[][][]> {
  const book = await readWorkbook(file);
  const names = sheet ? [sheet] : book.SheetNames;
  return names.map((name) => {
    const ws = book.Sheets[name];
    if (!ws) throw new Error(`${file}: no sheet named ${name}`);
    return XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: false });
  });
}

async function textGrid(file: string, delimiter?: string): Promise<Cell[][]> {
  const text = await Bun.file(file).text();
  const firstLine = text.slice(0, text.indexOf("\n"));
  const delim =
    delimiter ??
    (firstLine.includes("\t") ? "\t" : firstLine.split(";").length > firstLine.split(",").length ? ";" : ",");
  // Tab-delimited publisher files (O*NET, BLS time.series) do not quote; a quote is a literal character there.
  return parse(text, {
    delimiter: delim,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    quote: delim === "\t" ? false : '"',
  }) as Cell[][];
}

/** What a publisher marker in a numeric cell means. */
export type Marker = "top_coded" | "suppressed" | "not_available" | "less_than_half_percent";

export interface ParsedNumber {
  value: number | null;
  marker: Marker | null;
}

/**
 * Parse a numeric cell. OEWS markers keep their meaning: `#` = at or above the top-code,
 * `*` = wage not available, `**` = employment estimate not available, `~` = under 0.5%.
 * A blank cell is simply not published: null with no marker.
 */
export function parseNumber(cell: Cell | undefined): ParsedNumber {
  if (cell === null || cell === undefined) return { value: null, marker: null };
  if (typeof cell === "number") return { value: Number.isFinite(cell) ? cell : null, marker: null };
  const text = cell.trim();
  if (text === "#") return { value: null, marker: "top_coded" };
  if (text === "*") return { value: null, marker: "suppressed" };
  if (text === "**") return { value: null, marker: "not_available" };
  if (text === "~") return { value: null, marker: "less_than_half_percent" };
  if (text === "" || text === "-" || text === ":" || text === "..") return { value: null, marker: null };
  const n = Number(text.replace(/,/g, ""));
  return Number.isFinite(n) ? { value: n, marker: null } : { value: null, marker: null };
}

// Absent columns read as undefined: older layouts lack some fields (AREA before 2019, for instance).
export const num = (cell: Cell | undefined): number | null => parseNumber(cell).value;
export const str = (cell: Cell | undefined): string | null =>
  cell === null || cell === undefined ? null : String(cell).trim() || null;

/** One series row of a Eurostat TSV download: its dimension codes and one cell per period. */
export interface EurostatTsvSeries {
  dims: Record<string, string>;
  cells: { period: string; value: number | null; flag: string | null }[];
}

/**
 * Decode Eurostat's TSV download layout: the first column names the dimensions, comma-separated, before
 * `\TIME_PERIOD` (`freq,currency,geo\TIME_PERIOD`), and holds their codes per row; every other column is a
 * period whose cells are a number, `:` (not available), either followed by flags (`837 e`, `: m`).
 */
export function decodeEurostatTsv(table: Table): EurostatTsvSeries[] {
  const dimsColumn = table.columns.find((c) => c.includes("\\TIME_PERIOD"));
  if (!dimsColumn) throw new Error(`${table.file}: no "…\\TIME_PERIOD" column: not Eurostat's TSV layout`);
  const names = dimsColumn
    .split("\\")[0]!
    .split(",")
    .map((n) => n.trim().toLowerCase());
  const periods = table.columns.filter((c) => c !== dimsColumn);
  return table.rows.map((row) => {
    const codes = String(row[dimsColumn] ?? "")
      .split(",")
      .map((c) => c.trim());
    if (codes.length !== names.length)
      throw new Error(
        `${table.file}: row "${row[dimsColumn]}" does not have the ${names.length} dimensions ${names.join(", ")}`,
      );
    return {
      dims: Object.fromEntries(names.map((n, i) => [n, codes[i]!])),
      cells: periods.map((period) => {
        const [, number, flag] =
          String(row[period] ?? ":")
            .trim()
            .match(/^(:|-?[0-9.]+)\s*([a-z]*)$/) ?? [];
        if (number === undefined)
          throw new Error(`${table.file}: cell "${row[period]}" (${period}) is neither a number nor ":" with flags`);
        return { period, value: number === ":" ? null : Number(number), flag: flag || null };
      }),
    };
  });
}

/** One observation of a JSON-stat 2.0 dataset: its category code per dimension, value and status flag. */
export interface JsonStatObservation {
  dims: Record<string, string>;
  value: number | null;
  flag: string | null;
}

/** Decode a JSON-stat 2.0 dataset (Eurostat's dissemination API), optionally inside a `{response}` wrapper. */
export function decodeJsonStat(json: any): {
  label: string;
  updated: string | null;
  observations: JsonStatObservation[];
} {
  const ds = json.response ?? json;
  const ids: string[] = ds.id;
  const sizes: number[] = ds.size;
  const codesByDim = ids.map((id) => {
    const index = ds.dimension[id].category.index;
    const codes: string[] = [];
    if (Array.isArray(index)) index.forEach((code: string, i: number) => (codes[i] = code));
    else for (const [code, i] of Object.entries(index)) codes[i as number] = code;
    return codes;
  });
  const values: Record<string, number> = Array.isArray(ds.value)
    ? Object.fromEntries(ds.value.map((v: number, i: number) => [i, v]))
    : ds.value;
  const status: Record<string, string> = ds.status ?? {};
  const positions = new Set([...Object.keys(values), ...Object.keys(status)].map(Number));
  const observations = [...positions]
    .sort((a, b) => a - b)
    .map((pos) => {
      const dims: Record<string, string> = {};
      let rest = pos;
      for (let d = ids.length - 1; d >= 0; d--) {
        dims[ids[d]] = codesByDim[d][rest % sizes[d]];
        rest = Math.floor(rest / sizes[d]);
      }
      const v = values[pos];
      return { dims, value: typeof v === "number" ? v : null, flag: status[pos] ?? null };
    });
  return { label: ds.label, updated: ds.updated ?? null, observations };
}
