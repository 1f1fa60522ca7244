// What a loader gets: the open snapshot being built and the mirror's files for its dataset.
import type { Database } from "bun:sqlite";

export interface LoadContext {
  db: Database;
  /** Absolute path of a manifest file (mirror-relative path as in data/sources.json). */
  file(path: string): string;
  /** Absolute paths of the files a manifest glob matched, sorted. */
  glob(pattern: string): string[];
  /** Absolute path of an optional or alternative manifest file, or null when the mirror does not have it. */
  present(path: string): string | null;
}

export interface LoadResult {
  rows: number;
  vintage?: string;
  periodStart?: string;
  periodEnd?: string;
  /** Which of alternative layouts the loader read, for the build's log ("cu.area (BLS, tab-delimited)"). */
  layouts?: string[];
}

export type Loader = (ctx: LoadContext) => Promise<LoadResult>;

/** Insert rows through one prepared statement; `orIgnore` keeps the first row per key (earlier = preferred source). */
export function insertRows(
  db: Database,
  table: string,
  columns: string[],
  rows: unknown[][],
  orIgnore = false,
): number {
  const sql = `INSERT ${orIgnore ? "OR IGNORE " : ""}INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const stmt = db.prepare(sql);
  let inserted = 0;
  db.transaction(() => {
    for (const row of rows) inserted += stmt.run(...(row as any[])).changes;
  })();
  return inserted;
}

export const baseName = (path: string) =>
  path
    .split("/")
    .pop()!
    .replace(/\.[^.]+$/, "");
