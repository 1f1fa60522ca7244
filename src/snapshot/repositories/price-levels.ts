// Price levels and exchange rates: BEA regional price parities for U.S. areas, World Bank price level
// ratios for countries, and the euro/dollar rate World Bank data implies.
import type { Database } from "bun:sqlite";
import { Lru } from "../../domain/lru.ts";

export interface Rate {
  eurPerUsd: number;
  year: number;
}

export class PriceLevelsRepository {
  private readonly rppQ;
  private readonly plrQ;
  private readonly rateQ;
  /** EUR per USD, annual average: Germany's PPP factor ÷ its price level ratio (same euro rate for every euro member). */
  readonly eurPerUsd: Rate | null;

  constructor(db: Database) {
    this.rppQ = db.query<{ value: number; year: number }, [string, string]>(
      "SELECT value, year FROM rpp WHERE table_name = ? AND geo_fips = ? AND line_code = (CASE table_name WHEN 'SARPP' THEN 5 ELSE 1 END) AND value IS NOT NULL ORDER BY year DESC LIMIT 1",
    );
    this.plrQ = db.query<{ value: number; year: number }, [string]>(
      "SELECT value, year FROM wb_indicator WHERE iso3 = ? AND indicator = 'PA.NUS.PPPC.RF' ORDER BY year DESC LIMIT 1",
    );
    this.rateQ = db.query<{ ppp: number; plr: number; year: number }, [string]>(
      `SELECT p.value AS ppp, r.value AS plr, p.year FROM wb_indicator p JOIN wb_indicator r ON r.iso3 = p.iso3 AND r.year = p.year AND r.indicator = 'PA.NUS.PPPC.RF'
       WHERE p.iso3 = ? AND p.indicator = 'PA.NUS.PPP' ORDER BY p.year DESC LIMIT 1`,
    );
    const euro = this.lcuPerUsd("DEU");
    this.eurPerUsd = euro ? { eurPerUsd: euro.value, year: euro.year } : null;
  }

  /** Local currency units per USD, annual average: the country's PPP factor ÷ its price level ratio, latest common year. */
  lcuPerUsd(iso3: string): { value: number; year: number } | null {
    const r = this.rateQ.get(iso3);
    return r ? { value: r.ppp / r.plr, year: r.year } : null;
  }

  // One row per area or country asked, over an immutable table: bounded by the areas and countries that exist.
  private readonly memo = new Lru<string, { value: number; year: number } | null>(2048);

  /** BEA RPP all items, latest year: an MSA by CBSA code, a state by 2-digit FIPS. */
  msaRpp = (cbsa: string) => this.memo.get(`MARPP|${cbsa}`, () => this.rppQ.get("MARPP", cbsa));
  stateRpp = (fips: string) => this.memo.get(`SARPP|${fips}`, () => this.rppQ.get("SARPP", `${fips}000`));
  /** World Bank price level ratio (PPP ÷ market rate; U.S. = 1), latest year. */
  priceLevelRatio = (iso3: string) => this.memo.get(`PLR|${iso3}`, () => this.plrQ.get(iso3));
}
