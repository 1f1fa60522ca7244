// SOC 2018 ↔ SOC 2010 at the 6-digit level, from the O*NET-SOC 2010 → 2019 crosswalk (O*NET 2019 = SOC 2018
// plus O*NET detail). Older OEWS vintages (to May 2018; mixed in 2019–2020) use SOC 2010 codes.
import type { Database } from "bun:sqlite";

export class SocCrosswalk {
  private readonly to2010 = new Map<string, Set<string>>();
  private readonly to2018 = new Map<string, Set<string>>();

  constructor(db: Database) {
    for (const r of db.query<{ a: string; b: string }, []>("SELECT substr(soc2010_code, 1, 7) AS a, substr(soc2019_code, 1, 7) AS b FROM onet_soc_2010_2019").all()) {
      if (!this.to2010.has(r.b)) this.to2010.set(r.b, new Set());
      this.to2010.get(r.b)!.add(r.a);
      if (!this.to2018.has(r.a)) this.to2018.set(r.a, new Set());
      this.to2018.get(r.a)!.add(r.b);
    }
  }

  /** The SOC 2010 code a SOC 2018 code corresponds to one-to-one (each maps only to the other), or null. */
  oneToOne2010(soc2018: string): string | null {
    const olds = this.to2010.get(soc2018);
    if (!olds || olds.size !== 1) return null;
    const [old] = olds;
    return this.to2018.get(old)?.size === 1 ? old : null;
  }
}
