// Read publisher files directly in tests, with the parsing libraries and no project code, so expected
// values come from the publisher, not from the build's own output.
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { mirror } from "./server.ts";

/** Rows of an Excel sheet as objects keyed by the header in `headerRow` (0-based). */
export async function excelRows(path: string, headerRow = 0, sheet?: string): Promise<Record<string, any>[]> {
  const book = XLSX.read(await Bun.file(mirror(path)).arrayBuffer(), { type: "array" });
  const grid = XLSX.utils.sheet_to_json<any[]>(book.Sheets[sheet ?? book.SheetNames[0]], {
    header: 1,
    raw: true,
    defval: null,
  });
  const header = grid[headerRow];
  return grid
    .slice(headerRow + 1)
    .map((r) => Object.fromEntries(header.map((h: string, i: number) => [h, r[i]]).reverse()));
}

/** Rows of a delimited text file as objects keyed by its first line. */
export async function textRows(path: string, delimiter = ","): Promise<Record<string, string>[]> {
  return parse(await Bun.file(mirror(path)).text(), {
    columns: true,
    delimiter,
    bom: true,
    relax_column_count: true,
    quote: delimiter === "\t" ? false : '"',
  });
}

/** A JSON-stat 2.0 file of the mirror (Eurostat's, unwrapped from its `response`), read cell by dimension codes. */
export async function jsonStat(path: string) {
  const json = await Bun.file(mirror(path)).json();
  const ds = json.response ?? json;
  // position = Σ index_d × stride_d over the dimension order in ds.id
  const position = (want: Record<string, string>): number =>
    ds.id.reduce(
      (p: number, dim: string, i: number) => p * ds.size[i] + ds.dimension[dim].category.index[want[dim]],
      0,
    );
  return { ds, position, value: (want: Record<string, string>): number | null => ds.value[position(want)] ?? null };
}

/** SES 2022 mean hourly earnings (earn_ses22_47), enterprises with 10+ employees, NACE B–S except O. */
export async function sesHourly() {
  const { value } = await jsonStat("eurostat/earn_ses22_47.json");
  const hourly = (geo: string, group: string, sex: string) =>
    value({
      freq: "A",
      sex,
      indic_se: "ERN",
      isco08: group,
      sizeclas: "GE10",
      nace_r2: "B-S_X_O",
      unit: "EUR",
      geo,
      time: "2022",
    });
  /** The unadjusted gap Eurostat defines, (men − women) ÷ men × 100, to two decimals. */
  const gapPct = (geo: string, group: string) => {
    const [m, f] = [hourly(geo, group, "M")!, hourly(geo, group, "F")!];
    return Math.round(((m - f) / m) * 10000) / 100;
  };
  return { hourly, gapPct };
}

/**
 * Eurostat's TSV download (e.g. estat_earn_mw_cur.tsv), read cell by cell: `freq,currency,geo\\TIME_PERIOD`
 * codes in the first column, one column per period, cells like `2343`, `2157 e`, `: m`.
 */
export async function eurostatTsv(path: string) {
  const [header, ...lines] = (await Bun.file(mirror(path)).text())
    .split(/\r?\n/)
    .filter(Boolean)
    .map((l) => l.split("\t").map((c) => c.trim()));
  const dims = header![0]!.split("\\")[0]!.split(",");
  const periods = header!.slice(1);
  const rows = lines.map((cells) => ({
    dims: Object.fromEntries(cells[0]!.split(",").map((c, i) => [dims[i], c])),
    cells: cells.slice(1),
  }));
  /** Value and flag of one cell; value null for ":". */
  const cell = (want: Record<string, string>, period: string) => {
    const row = rows.find((r) => Object.entries(want).every(([k, v]) => r.dims[k] === v));
    const text = row?.cells[periods.indexOf(period)] ?? ":";
    const [number, flag = null] = text.split(/\s+/);
    return { value: number === ":" ? null : Number(number), flag };
  };
  /** The latest period not after `last` (inclusive) whose value is published. */
  const latest = (want: Record<string, string>, last: string) =>
    periods.filter((p) => p <= last && cell(want, p).value !== null).at(-1) ?? null;
  return { periods, rows, cell, latest };
}

/** The semester in force today, as Eurostat labels it (S1 January–June). */
export const semesterToday = (now = new Date()) => `${now.getUTCFullYear()}-S${now.getUTCMonth() < 6 ? 1 : 2}`;
