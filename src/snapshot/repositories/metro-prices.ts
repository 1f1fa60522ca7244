// U.S. metro price levels: BEA regional price parities by MSA (MARPP) and BLS average prices for the CPI
// metro areas. BLS names its areas by S-codes; each is mapped to the CBSA whose principal cities include the
// first city of the BLS area name in its first state ("Boston-Cambridge-Newton, MA-NH" → Boston, MA → 14460),
// and "Urban Hawaii" → Urban Honolulu (46520), "Urban Alaska" → Anchorage (11260).
import type { Database } from "bun:sqlite";

export interface MetroRpp {
  cbsa: string;
  name: string;
  year: number;
  overall: number | null;
  goods: number | null;
  housing: number | null;
  utilities: number | null;
  otherServices: number | null;
}
export interface AveragePrice {
  itemCode: string;
  itemName: string | null;
  period: string;
  price: number;
}

const NAMED_AREAS: Record<string, string> = { S49F: "46520", S49G: "11260" };

export class MetroPricesRepository {
  readonly metros: readonly MetroRpp[];
  private readonly byCbsa: Map<string, MetroRpp>;
  /** CBSA → BLS average-price area (S-code and name). */
  readonly cpiAreaOf = new Map<string, { code: string; name: string }>();
  private readonly itemsQ;

  constructor(db: Database) {
    const rows = db
      .query<{ geo_fips: string; geo_name: string; year: number; line_code: number; value: number | null }, []>(
        "SELECT geo_fips, geo_name, year, line_code, value FROM rpp WHERE table_name = 'MARPP' AND geo_fips NOT IN ('00000', '00999') AND year = (SELECT max(year) FROM rpp WHERE table_name = 'MARPP') ORDER BY geo_fips",
      )
      .all();
    const metros = new Map<string, MetroRpp>();
    for (const r of rows) {
      const m = metros.get(r.geo_fips) ?? {
        cbsa: r.geo_fips,
        name: r.geo_name.replace(/\s*\(Metropolitan Statistical Area\)\s*\*?$/, ""),
        year: r.year,
        overall: null,
        goods: null,
        housing: null,
        utilities: null,
        otherServices: null,
      };
      if (r.line_code === 1) m.overall = r.value;
      if (r.line_code === 2) m.goods = r.value;
      if (r.line_code === 3) m.housing = r.value;
      if (r.line_code === 4) m.utilities = r.value;
      if (r.line_code === 5) m.otherServices = r.value;
      metros.set(r.geo_fips, m);
    }
    this.metros = [...metros.values()];
    this.byCbsa = metros;

    const principal = db
      .query<{ cbsa_code: string; city: string; state: string }, []>(
        "SELECT p.cbsa_code, p.city, c.state_name AS state FROM cbsa_principal_city p JOIN (SELECT DISTINCT state_fips, state_name FROM cbsa_county) c USING (state_fips)",
      )
      .all();
    const stateNames: Record<string, string> = Object.fromEntries(
      db
        .query<{ code: string; name: string }, []>(
          "SELECT DISTINCT prim_state AS code, area_title AS name FROM oews_area WHERE area_type = 2 AND prim_state IS NOT NULL",
        )
        .all()
        .map((r) => [r.code, r.name]),
    );
    for (const a of db
      .query<{ code: string; name: string }, []>("SELECT code, name FROM ap_area WHERE code GLOB 'S[0-9][0-9][A-Z]'")
      .all()) {
      const named = NAMED_AREAS[a.code];
      const m = /^([^-,]+?)[-,].*?\b([A-Z]{2})\b/.exec(a.name) ?? /^(.+?)\s+([A-Z]{2})$/.exec(a.name);
      const cbsa =
        named ??
        (m ? principal.find((p) => p.city === m[1].trim() && p.state === stateNames[m[2]])?.cbsa_code : undefined);
      if (cbsa) this.cpiAreaOf.set(cbsa, a);
    }
    this.itemsQ = db.query<AveragePrice, [string]>(
      `SELECT s.item_code AS itemCode, i.name AS itemName, p.period, p.value AS price
       FROM ap_series s JOIN ap_price p ON p.series_id = s.series_id LEFT JOIN ap_item i ON i.code = s.item_code
       WHERE s.area_code = ? AND p.period = (SELECT max(period) FROM ap_price WHERE series_id = s.series_id) ORDER BY s.item_code`,
    );
  }

  get = (cbsa: string) => this.byCbsa.get(cbsa) ?? null;
  /**
   * The latest average price of each item BLS publishes for the metro's CPI area, leaving out series
   * discontinued more than two years before the area's newest price (leaded gasoline, last priced 1989).
   */
  items(cbsa: string): AveragePrice[] {
    const area = this.cpiAreaOf.get(cbsa);
    if (!area) return [];
    const all = this.itemsQ.all(area.code);
    const newest = all.reduce((m, i) => (i.period > m ? i.period : m), "");
    const cutoff = `${Number(newest.slice(0, 4)) - 2}${newest.slice(4)}`;
    return all.filter((i) => i.period >= cutoff);
  }
}
