// Each SOC 2018 code's relation to SOC 2010 and the codes that answer its trend points in vintages coded before
// SOC 2018 (soc_revision and oews_trend_source, derived at build time by src/domain/soc-revision.ts).
import type { Database } from "bun:sqlite";
import type { SocRelation, SocRevision, TrendBasis } from "../../domain/soc-revision.ts";

export class SocRevisionRepository {
  private readonly revisionQuery;
  private readonly sourcesQuery;
  private readonly heldByQuery;

  constructor(db: Database) {
    this.revisionQuery = db.query<
      { relation: SocRelation; soc2010_codes: string; employment_ratio: number | null },
      [string]
    >("SELECT relation, soc2010_codes, employment_ratio FROM soc_revision WHERE soc_code = ?");
    this.sourcesQuery = db.query<{ oews_code: string; basis: TrendBasis }, [number, string]>(
      "SELECT oews_code, basis FROM oews_trend_source WHERE year = ? AND soc_code = ? ORDER BY oews_code",
    );
    this.heldByQuery = db.query<{ soc_code: string }, [number, string]>(
      "SELECT soc_code FROM oews_trend_source WHERE year = ? AND oews_code = ? ORDER BY soc_code",
    );
  }

  /** How a SOC 2018 detailed code relates to SOC 2010, or null for a code that is not SOC 2018 detailed. */
  revision(soc: string): SocRevision | null {
    const r = this.revisionQuery.get(soc);
    return r
      ? {
          soc,
          relation: r.relation,
          from: r.soc2010_codes ? r.soc2010_codes.split(",") : [],
          employmentRatio: r.employment_ratio,
        }
      : null;
  }

  /** The national codes answering a code's point in a vintage coded before SOC 2018, and how; null when none. */
  sourcesIn(year: number, soc: string): { codes: string[]; basis: TrendBasis } | null {
    const rows = this.sourcesQuery.all(year, soc);
    return rows.length ? { codes: rows.map((r) => r.oews_code), basis: rows[0]!.basis } : null;
  }

  /** The SOC 2018 codes whose point in a vintage a code answers (a hybrid code holds several). */
  heldBy(year: number, code: string): string[] {
    return this.heldByQuery.all(year, code).map((r) => r.soc_code);
  }
}
