// ISCO-08 titles: a unit group with its major group, as the EU paths report them.
import type { Database } from "bun:sqlite";

export interface IscoMatch {
  major: string;
  majorTitle: string;
  unit: string;
  unitTitle: string;
}

export class IscoRepository {
  private readonly titles: Map<string, string>;

  constructor(db: Database) {
    this.titles = new Map(
      db
        .query<{ code: string; title: string }, []>("SELECT code, title FROM isco_08")
        .all()
        .map((r) => [r.code, r.title]),
    );
  }

  title = (code: string) => this.titles.get(code) ?? null;

  /** A 4-digit unit group with its titles and major group, or null when ISCO-08 has no such unit. */
  unit(code: string): IscoMatch | null {
    const unitTitle = this.title(code);
    if (!unitTitle || code.length !== 4) return null;
    return { major: code[0], majorTitle: this.title(code[0]) ?? code[0], unit: code, unitTitle };
  }
}
