// World Bank PPP conversion factor (PA.NUS.PPP) and price level ratio (PA.NUS.PPPC.RF) by country and year.
import type { Database } from "bun:sqlite";

export interface PppYear {
  year: number;
  ppp_factor: number | null;
  price_level_ratio: number | null;
}

export class PppRepository {
  private readonly seriesQ;
  private readonly countriesQ;

  constructor(db: Database) {
    this.seriesQ = db.query<PppYear, [string]>(
      `SELECT year, max(CASE WHEN indicator = 'PA.NUS.PPP' THEN value END) AS ppp_factor, max(CASE WHEN indicator = 'PA.NUS.PPPC.RF' THEN value END) AS price_level_ratio
       FROM wb_indicator WHERE iso3 = ? AND indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF') GROUP BY year ORDER BY year`,
    );
    this.countriesQ = db.query<{ iso3: string; first: number; last: number }, []>(
      "SELECT iso3, min(year) AS first, max(year) AS last FROM wb_indicator WHERE indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF') GROUP BY iso3 ORDER BY iso3",
    );
  }

  series = (iso3: string) => this.seriesQ.all(iso3);
  countries = () => this.countriesQ.all();
}
