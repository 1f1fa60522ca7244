// O*NET occupations, held in memory (about a thousand rows) and served from there.
import type { Database } from "bun:sqlite";

export interface Occupation {
  socCode: string;
  title: string;
  description: string | null;
  jobZone: number | null;
  /** False until the Bright Outlook list is in the mirror (see docs/data.md). */
  brightOutlook: boolean;
  /** False until the Green occupations list is in the mirror (see docs/data.md). */
  green: boolean;
}

export interface OccupationFilter {
  jobZone?: number;
  brightOutlook?: boolean;
  green?: boolean;
}

export class OccupationsRepository {
  readonly all: readonly Occupation[];
  private readonly byCode: Map<string, Occupation>;
  /** SOC 2018 codes (major to detailed) with their titles: the taxonomy OEWS publishes under. */
  readonly socTitles: ReadonlyMap<string, string>;
  /** Related occupations by code, each read when first asked for (reading all 18,000 rows cost start-up 19 ms). */
  private readonly related = new Map<string, string[]>();
  private readonly relatedQuery;

  constructor(db: Database) {
    this.all = db
      .query<{ soc_code: string; title: string; description: string | null; job_zone: number | null }, []>(
        "SELECT soc_code, title, description, job_zone FROM onet_occupation ORDER BY soc_code",
      )
      .all()
      .map((r) => ({
        socCode: r.soc_code,
        title: r.title,
        description: r.description,
        jobZone: r.job_zone,
        brightOutlook: false,
        green: false,
      }));
    this.byCode = new Map(this.all.map((o) => [o.socCode, o]));
    this.relatedQuery = db.query<{ related_soc_code: string }, [string]>(
      "SELECT related_soc_code FROM onet_related WHERE soc_code = ? ORDER BY rank",
    );
    this.socTitles = new Map(
      db
        .query<{ code: string; title: string }, []>("SELECT code, title FROM soc_2018")
        .all()
        .map((r) => [r.code, r.title]),
    );
  }

  get(socCode: string): Occupation | null {
    return this.byCode.get(socCode) ?? null;
  }

  /** The codes of the occupations O*NET lists as related, in O*NET's order (its Related Occupations index). */
  relatedCodes(socCode: string): readonly string[] {
    let codes = this.related.get(socCode);
    if (!codes && this.byCode.has(socCode))
      this.related.set(socCode, (codes = this.relatedQuery.all(socCode).map((r) => r.related_soc_code)));
    return codes ?? [];
  }

  /** The other O*NET occupations under the same 6-digit SOC code (15-1299.01 … 15-1299.09 for 15-1299.00). */
  sharingSocCode(socCode: string): Occupation[] {
    const soc = socCode.slice(0, 7);
    return this.all.filter((o) => o.socCode !== socCode && o.socCode.startsWith(soc));
  }

  /** Titles of the occupations O*NET lists as related, in O*NET's order. */
  relatedTitles(socCode: string, n = 5): string[] {
    return this.relatedCodes(socCode)
      .slice(0, n)
      .flatMap((c) => this.byCode.get(c)?.title ?? []);
  }

  /** Occupations in SOC code order; a boolean filter set to false does not restrict (it means "don't care"). */
  list(filter: OccupationFilter): Occupation[] {
    return this.all.filter(
      (o) =>
        (filter.jobZone === undefined || o.jobZone === filter.jobZone) &&
        (!filter.brightOutlook || o.brightOutlook) &&
        (!filter.green || o.green),
    );
  }
}
