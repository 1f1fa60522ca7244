// World Bank PPP conversion factor (PA.NUS.PPP) and price level ratio (PA.NUS.PPPC.RF) by country and year.
import type { Database } from "bun:sqlite";

export interface PppYear {
  year: number;
  ppp_factor: number | null;
  price_level_ratio: number | null;
}

/** A World Bank economy (not an aggregate: those have no region), by the Bank's codes. */
export interface WbEconomy {
  iso2: string | null;
  iso3: string;
  name: string;
}

export class PppRepository {
  private readonly seriesQ;
  private readonly countriesQ;
  private readonly economyQ;

  constructor(db: Database) {
    this.seriesQ = db.query<PppYear, [string]>(
      `SELECT year, max(CASE WHEN indicator = 'PA.NUS.PPP' THEN value END) AS ppp_factor, max(CASE WHEN indicator = 'PA.NUS.PPPC.RF' THEN value END) AS price_level_ratio
       FROM wb_indicator WHERE iso3 = ? AND indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF') GROUP BY year ORDER BY year`,
    );
    this.countriesQ = db.query<WbEconomy & { first: number; last: number }, []>(
      `SELECT i.iso3, c.iso2, c.name, min(year) AS first, max(year) AS last FROM wb_indicator i JOIN wb_country c USING (iso3)
       WHERE indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF') AND c.region IS NOT NULL GROUP BY i.iso3 ORDER BY i.iso3`,
    );
    this.economyQ = db.query<WbEconomy, [string]>(
      "SELECT iso2, iso3, name FROM wb_country WHERE region IS NOT NULL AND (iso2 = ?1 OR iso3 = ?1)",
    );
  }

  /** The economy the World Bank keys by this code (its ISO3-like code, or the ISO2 it uses: XK for Kosovo). */
  economy = (code: string): WbEconomy | null => this.economyQ.get(code.trim().toUpperCase());

  series = (iso3: string) => this.seriesQ.all(iso3);
  countries = () => this.countriesQ.all();
}
