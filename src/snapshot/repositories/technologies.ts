// O*NET 29.3 Technology Skills: which software and tools (examples) each occupation uses, by UNSPSC commodity,
// with O*NET's Hot Technology flag (a property of the technology) and In Demand flag (per occupation).
import type { Database } from "bun:sqlite";

export interface TechnologyExample {
  name: string;
  commodityCode: number;
  commodityTitle: string;
  hotTechnology: boolean;
  inDemand: boolean;
}

/** One occupation's use of a technology. */
export interface TechnologyUse {
  socCode: string;
  commodityCode: number;
  commodityTitle: string;
  hotTechnology: boolean;
  inDemand: boolean;
}

interface Row {
  soc_code: string;
  example: string;
  commodity_code: number;
  commodity_title: string;
  hot_technology: number;
  in_demand: number;
}

const toExample = (r: Row): TechnologyExample => ({
  name: r.example,
  commodityCode: r.commodity_code,
  commodityTitle: r.commodity_title,
  hotTechnology: r.hot_technology === 1,
  inDemand: r.in_demand === 1,
});

export class TechnologiesRepository {
  private readonly byOccupation;
  private readonly byName;
  private readonly socsWith;

  constructor(db: Database) {
    this.byOccupation = db.query<Row, [string]>("SELECT * FROM onet_technology WHERE soc_code = ?");
    this.byName = db.query<Row, [string]>(
      "SELECT * FROM onet_technology WHERE example = ? ORDER BY soc_code, commodity_code",
    );
    this.socsWith = db.query<{ soc_code: string }, [string]>(
      "SELECT DISTINCT soc_code FROM onet_technology WHERE soc_code LIKE ? ORDER BY soc_code",
    );
  }

  /** Every technology an O*NET occupation lists; none when O*NET lists none for it. */
  forOccupation(onetCode: string): TechnologyExample[] {
    return this.byOccupation.all(onetCode).map(toExample);
  }

  /** Every occupation that uses a technology (one row per occupation and commodity), in code order. */
  usesOf(name: string): TechnologyUse[] {
    return this.byName.all(name).map((r) => ({ ...toExample(r), socCode: r.soc_code }));
  }

  /** The O*NET codes under a 6-digit SOC code that list technologies. */
  occupationsWithin(soc: string): string[] {
    return this.socsWith.all(`${soc}.%`).map((r) => r.soc_code);
  }
}
