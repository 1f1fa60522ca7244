// O*NET-SOC → ISCO-08 through the official crosswalks: O*NET-SOC 2019 → SOC 2010 (O*NET) → ISCO-08 (BLS).
import type { Database } from "bun:sqlite";

export interface IscoMatch { major: string; majorTitle: string; unit: string; unitTitle: string }

export class IscoRepository {
  private readonly unitsQ;
  private readonly titles: Map<string, string>;
  // The crosswalk is fixed for the snapshot's life: each occupation's answer is computed once.
  private readonly memo = new Map<string, IscoMatch | null>();

  constructor(db: Database) {
    this.unitsQ = db.query<{ isco_code: string }, [string]>(
      `SELECT x.isco_code FROM onet_soc_2010_2019 b JOIN isco_soc2010 x ON x.soc2010_code = substr(b.soc2010_code, 1, 7)
       WHERE b.soc2019_code = ? ORDER BY x.isco_code`);
    this.titles = new Map(db.query<{ code: string; title: string }, []>("SELECT code, title FROM isco_08").all().map((r) => [r.code, r.title]));
  }

  title = (code: string) => this.titles.get(code) ?? null;

  /**
   * The ISCO-08 major group of an O*NET occupation: the group most of its crosswalked unit groups fall in
   * (ties: the lower group), and the first unit group within it.
   */
  forOccupation(onetCode: string): IscoMatch | null {
    if (!this.memo.has(onetCode)) this.memo.set(onetCode, this.compute(onetCode));
    return this.memo.get(onetCode)!;
  }

  private compute(onetCode: string): IscoMatch | null {
    const units = this.unitsQ.all(onetCode).map((r) => r.isco_code);
    if (!units.length) return null;
    const tally = new Map<string, number>();
    for (const u of units) tally.set(u[0], (tally.get(u[0]) ?? 0) + 1);
    const major = [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    const unit = units.find((u) => u[0] === major)!;
    return { major, majorTitle: this.title(major) ?? major, unit, unitTitle: this.title(unit) ?? unit };
  }
}
