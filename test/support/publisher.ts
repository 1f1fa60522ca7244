// Read publisher files directly in tests, with the parsing libraries and no project code, so expected
// values come from the publisher, not from the build's own output.
import * as XLSX from "xlsx";
import { parse } from "csv-parse/sync";
import { mirror } from "./server.ts";

/** Rows of an Excel sheet as objects keyed by the header in `headerRow` (0-based). */
export async function excelRows(path: string, headerRow = 0, sheet?: string): Promise<Record<string, any>[]> {
  const book = XLSX.read(await Bun.file(mirror(path)).arrayBuffer(), { type: "array" });
  const grid = XLSX.utils.sheet_to_json<any[]>(book.Sheets[sheet ?? book.SheetNames[0]], { header: 1, raw: true, defval: null });
  const header = grid[headerRow];
  return grid.slice(headerRow + 1).map((r) => Object.fromEntries(header.map((h: string, i: number) => [h, r[i]]).reverse()));
}

/** Rows of a delimited text file as objects keyed by its first line. */
export async function textRows(path: string, delimiter = ","): Promise<Record<string, string>[]> {
  return parse(await Bun.file(mirror(path)).text(), { columns: true, delimiter, bom: true, relax_column_count: true, quote: delimiter === "\t" ? false : '"' });
}
