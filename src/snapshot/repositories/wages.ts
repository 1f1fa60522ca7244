// BLS OEWS wage rows by year, area and SOC code.
import type { Database } from "bun:sqlite";
import { broadGroupOf } from "../../domain/soc-code.ts";

export interface WageRow {
  year: number; area_code: string; area_title: string; area_type: number; occ_code: string; occ_title: string;
  tot_emp: number | null; h_mean: number | null; a_mean: number | null; h_median: number | null;
  a_pct10: number | null; a_pct25: number | null; a_median: number | null; a_pct75: number | null; a_pct90: number | null;
  markers: string | null; source_file: string;
}

const COLUMNS = "year, area_code, area_title, area_type, occ_code, occ_title, tot_emp, h_mean, a_mean, h_median, a_pct10, a_pct25, a_median, a_pct75, a_pct90, markers, source_file";

export class WagesRepository {
  readonly latestYear: number;
  private readonly byOccupation;
  private readonly byOccupationArea;
  private readonly areaExists;
  private readonly occupationExists;
  private readonly topCode;

  constructor(private readonly db: Database) {
    this.latestYear = db.query<{ y: number }, []>("SELECT max(year) AS y FROM oews_wage").get()!.y;
    this.byOccupation = db.query<WageRow, [number, string]>(`SELECT ${COLUMNS} FROM oews_wage WHERE year = ? AND occ_code = ? ORDER BY area_type, area_code`);
    this.byOccupationArea = db.query<WageRow, [number, string, string]>(`SELECT ${COLUMNS} FROM oews_wage WHERE year = ? AND occ_code = ? AND area_code = ?`);
    this.areaExists = db.query<{ x: number }, [number, string]>("SELECT 1 AS x FROM oews_area WHERE year = ? AND area_code = ?");
    this.occupationExists = db.query<{ x: number }, [number, string]>("SELECT 1 AS x FROM oews_wage WHERE year = ?1 AND occ_code = ?2 LIMIT 1");
    this.topCode = db.query<{ annual: number; hourly: number }, [number]>("SELECT annual, hourly FROM oews_top_code WHERE year <= ? ORDER BY year DESC LIMIT 1");
  }

  rows(year: number, occCode: string, areaCode?: string): WageRow[] {
    return areaCode ? this.byOccupationArea.all(year, occCode, areaCode) : this.byOccupation.all(year, occCode);
  }

  /** The OEWS vintages that publish an area, ascending. */
  years(areaCode: string): number[] {
    return this.db.query<{ year: number }, [string]>("SELECT year FROM oews_area WHERE area_code = ? ORDER BY year").all(areaCode).map((r) => r.year);
  }

  /** National employment per 6-digit SOC code in a year (detailed and broad rows). */
  nationalEmployment(year: number): Map<string, number> {
    return new Map(this.db.query<{ occ_code: string; tot_emp: number }, [number]>(
      "SELECT occ_code, tot_emp FROM oews_wage WHERE year = ? AND area_code = '0000000' AND tot_emp IS NOT NULL").all(year).map((r) => [r.occ_code, r.tot_emp]));
  }

  hasArea(year: number, areaCode: string): boolean {
    return this.areaExists.get(year, areaCode) !== null;
  }

  publishes(year: number, occCode: string): boolean {
    return this.occupationExists.get(year, occCode) !== null;
  }

  /** The code OEWS publishes a SOC occupation under in a year: itself, else its broad group if that is published. */
  publishedCode(year: number, soc: string): { code: string; viaBroadGroup: boolean } {
    const key = `${year}|${soc}`;
    let found = this.codes.get(key);
    if (!found) this.codes.set(key, (found = this.choosePublishedCode(year, soc)));
    return found;
  }
  private readonly codes = new Map<string, { code: string; viaBroadGroup: boolean }>();

  private choosePublishedCode(year: number, soc: string): { code: string; viaBroadGroup: boolean } {
    const broad = broadGroupOf(soc);
    return !this.publishes(year, soc) && broad && this.publishes(year, broad) ? { code: broad, viaBroadGroup: true } : { code: soc, viaBroadGroup: false };
  }

  /** The most recent top-code a workbook stated at or before this year. */
  topCodeFor(year: number): { annual: number; hourly: number } | null {
    return this.topCode.get(year);
  }
}
