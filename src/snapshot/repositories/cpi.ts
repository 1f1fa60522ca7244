// What CPI category data the snapshot holds: BLS CPI-U U.S. city average series and HICP divisions.
import type { Database } from "bun:sqlite";
import { CPI_CATEGORIES, type CpiCategory } from "../../domain/cpi-categories.ts";

export interface CpiCategoryCoverage extends CpiCategory {
  blsSeriesId: string;
  /** First and last month the snapshot holds for the U.S. series, or null when it holds none. */
  usPeriod: { start: string; end: string } | null;
  /** HICP divisions of this category the snapshot holds (the mirror has CP00 only today). */
  hicpLoaded: string[];
}

export class CpiRepository {
  readonly categories: readonly CpiCategoryCoverage[];

  constructor(db: Database) {
    const range = db.query<{ start: string | null; end: string | null }, [string]>("SELECT min(period) AS start, max(period) AS end FROM cpi_observation WHERE series_id = ?");
    const hicpDivisions = new Set(db.query<{ coicop: string }, []>("SELECT DISTINCT coicop FROM hicp").all().map((r) => r.coicop));
    this.categories = CPI_CATEGORIES.map((c) => {
      const blsSeriesId = `CUUR0000${c.blsItem}`;
      const r = range.get(blsSeriesId);
      return {
        ...c, blsSeriesId,
        usPeriod: r?.start && r.end ? { start: r.start.slice(0, 7), end: r.end.slice(0, 7) } : null,
        hicpLoaded: c.hicpCoicop.filter((d) => hicpDivisions.has(d)),
      };
    });
  }
}
