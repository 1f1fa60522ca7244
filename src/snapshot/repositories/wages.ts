// BLS OEWS wage rows by year, area and SOC code.
import type { Database } from "bun:sqlite";
import { OPTIONAL_FIGURES, type OptionalFigure } from "../../domain/oews-figures.ts";
import { Lru } from "../../domain/lru.ts";
import type { OewsCode, OewsCodeLookup } from "../../domain/oews-codes.ts";

export interface WageRow {
  year: number;
  area_code: string;
  area_title: string;
  area_type: number;
  occ_code: string;
  occ_title: string;
  tot_emp: number | null;
  h_mean: number | null;
  a_mean: number | null;
  h_median: number | null;
  h_pct10: number | null;
  h_pct25: number | null;
  h_pct75: number | null;
  h_pct90: number | null;
  a_pct10: number | null;
  a_pct25: number | null;
  a_median: number | null;
  a_pct75: number | null;
  a_pct90: number | null;
  markers: string | null;
  source_file: string;
}

/** A wider area containing an area (its principal state, the nation), as E2's suggestions name it. */
export interface WiderArea {
  areaCode: string;
  title: string;
  postal: string;
}

interface AreaRow {
  area_code: string;
  area_title: string;
  area_type: number;
  prim_state: string | null;
}

const COLUMNS =
  "year, area_code, area_title, area_type, occ_code, occ_title, tot_emp, h_mean, a_mean, h_median, h_pct10, h_pct25, h_pct75, h_pct90, a_pct10, a_pct25, a_median, a_pct75, a_pct90, markers, source_file";

export class WagesRepository implements OewsCodeLookup {
  readonly latestYear: number;
  private readonly byOccupation;
  private readonly byOccupationArea;
  // One occupation in one area, the row every salary answer reads: kept, bounded (an occupation × area mix is large).
  private readonly areaRows = new Lru<string, WageRow[]>(20_000);
  private readonly area;
  private readonly stateArea;
  private readonly topCode;
  private readonly codeOf;
  private readonly heldBy;
  private readonly mostRecent;
  private readonly occupationTitle;
  private readonly yearsOf;
  /** Per "year:area_type" with areas, what oews_missing_figure says its rows lack (read once: a few rows). */
  private readonly missing: Map<string, OptionalFigure[]>;

  constructor(private readonly db: Database) {
    this.latestYear = db.query<{ y: number }, []>("SELECT max(year) AS y FROM oews_wage").get()!.y;
    this.missing = this.missingFigures();
    this.byOccupation = db.query<WageRow, [number, string]>(
      `SELECT ${COLUMNS} FROM oews_wage WHERE year = ? AND occ_code = ? ORDER BY area_type, area_code`,
    );
    this.byOccupationArea = db.query<WageRow, [number, string, string]>(
      `SELECT ${COLUMNS} FROM oews_wage WHERE year = ? AND occ_code = ? AND area_code = ?`,
    );
    this.area = db.query<AreaRow, [number, string]>(
      "SELECT area_code, area_title, area_type, prim_state FROM oews_area WHERE year = ? AND area_code = ?",
    );
    this.stateArea = db.query<AreaRow, [number, string]>(
      "SELECT area_code, area_title, area_type, prim_state FROM oews_area WHERE year = ? AND area_type IN (2, 3) AND prim_state = ?",
    );
    this.codeOf = db.query<
      OewsCode,
      [number, string]
    >(`SELECT m.oews_code AS code, m.basis, (SELECT occ_title FROM oews_wage w WHERE w.year = m.year AND w.occ_code = m.oews_code LIMIT 1) AS title
      FROM oews_code_map m WHERE m.year = ? AND m.soc_code = ?`);
    this.mostRecent = db.query<WageRow, [string, string]>(
      `SELECT ${COLUMNS} FROM oews_wage WHERE occ_code = ? AND area_code = ? ORDER BY year DESC LIMIT 1`,
    );
    this.heldBy = db.query<{ soc_code: string }, [number, string]>(
      "SELECT soc_code FROM oews_code_map WHERE year = ? AND oews_code = ? AND basis != 'own_code' ORDER BY soc_code",
    );
    this.occupationTitle = db.query<{ occ_title: string }, [number, string]>(
      "SELECT occ_title FROM oews_wage WHERE year = ? AND occ_code = ? LIMIT 1",
    );
    this.yearsOf = db.query<{ year: number }, [string]>("SELECT year FROM oews_area WHERE area_code = ? ORDER BY year");
    this.topCode = db.query<{ year: number; annual: number; hourly: number; highest: number | null }, [number]>(
      `SELECT t.year, t.annual, t.hourly,
              (SELECT MAX(MAX(COALESCE(a_pct90, 0)), MAX(COALESCE(a_mean, 0))) FROM oews_wage WHERE year = ?1) AS highest
       FROM oews_top_code t WHERE t.year <= ?1 ORDER BY t.year DESC LIMIT 1`,
    );
  }

  rows(year: number, occCode: string, areaCode?: string): WageRow[] {
    return areaCode
      ? this.areaRows.get(`${year}|${occCode}|${areaCode}`, () => this.byOccupationArea.all(year, occCode, areaCode))
      : this.byOccupation.all(year, occCode);
  }

  /** The OEWS vintages that publish an area, ascending (kept per area: E1 asks several times per answer). */
  years(areaCode: string): readonly number[] {
    let years = this.areaYears.get(areaCode);
    if (!years) this.areaYears.set(areaCode, (years = this.yearsOf.all(areaCode).map((r) => r.year)));
    return years;
  }
  private readonly areaYears = new Map<string, readonly number[]>();

  /** National employment per 6-digit SOC code in a year (detailed and broad rows). */
  nationalEmployment(year: number): Map<string, number> {
    return new Map(
      this.db
        .query<{ occ_code: string; tot_emp: number }, [number]>(
          "SELECT occ_code, tot_emp FROM oews_wage WHERE year = ? AND area_code = '0000000' AND tot_emp IS NOT NULL",
        )
        .all(year)
        .map((r) => [r.occ_code, r.tot_emp]),
    );
  }

  /**
   * National employment in the latest vintage of the code OEWS publishes a 6-digit SOC code under (its own, or the
   * aggregate or broad group holding it), or null when none; the latest vintage's map is built on first use.
   */
  latestNationalEmployment(soc: string): number | null {
    this.latestEmployment ??= this.nationalEmployment(this.latestYear);
    const code = this.oewsCodeFor(this.latestYear, soc)?.code;
    return code ? (this.latestEmployment.get(code) ?? null) : null;
  }
  private latestEmployment: Map<string, number> | undefined;

  /** The wider areas that contain an area, narrowest first: an MSA's or nonmetro area's principal state, then the nation. */
  widerAreas(year: number, areaCode: string): readonly WiderArea[] {
    const key = `${year}|${areaCode}`;
    let wider = this.wider.get(key);
    if (!wider) this.wider.set(key, (wider = Object.freeze(this.widerAreasOf(year, areaCode))));
    return wider;
  }
  // Keyed by year and area (a few thousand at most): every E2 answer for an area names the same wider areas.
  private readonly wider = new Map<string, readonly WiderArea[]>();
  private widerAreasOf(year: number, areaCode: string): WiderArea[] {
    const area = this.area.get(year, areaCode);
    if (!area || area.area_type === 1) return [];
    const state = area.area_type >= 4 ? this.stateArea.get(year, area.prim_state ?? "") : null;
    return [state, this.area.get(year, "0000000")].flatMap((a) =>
      a ? [{ areaCode: a.area_code, title: a.area_title, postal: a.prim_state ?? "US" }] : [],
    );
  }

  /**
   * Figures a vintage publishes for no area of a type (1 national, 2 state, 4 MSA, 6 nonmetro): "a_mean" and
   * "h_median" for May 2025's MSA rows. What a vintage lacks is read from its rows, not written per vintage.
   */
  missingFor(year: number, areaType: number): OptionalFigure[] {
    // A vintage with no area of the type publishes none of its figures.
    return this.missing.get(`${year}:${areaType}`) ?? [...OPTIONAL_FIGURES];
  }

  private missingFigures(): Map<string, OptionalFigure[]> {
    const missing = new Map<string, OptionalFigure[]>();
    for (const t of this.db
      .query<{ year: number; area_type: number }, []>("SELECT DISTINCT year, area_type FROM oews_area")
      .all())
      missing.set(`${t.year}:${t.area_type}`, []);
    for (const r of this.db
      .query<{ year: number; area_type: number; figure: OptionalFigure }, []>(
        "SELECT year, area_type, figure FROM oews_missing_figure",
      )
      .all())
      missing.get(`${r.year}:${r.area_type}`)?.push(r.figure);
    // In OPTIONAL_FIGURES' order, as the notes name them.
    for (const list of missing.values()) list.sort((a, b) => OPTIONAL_FIGURES.indexOf(a) - OPTIONAL_FIGURES.indexOf(b));
    return missing;
  }

  /** The most recent vintage's row of a code in an area (May 2025 has no all-occupations row, May 2024 has). */
  mostRecentRow(occCode: string, areaCode: string): WageRow | undefined {
    return this.mostRecent.get(occCode, areaCode) ?? undefined;
  }

  hasArea(year: number, areaCode: string): boolean {
    return this.area.get(year, areaCode) !== null;
  }

  /**
   * The code OEWS publishes a SOC 2018 detailed code under in a year (oews_code_map): its own, its broad group's
   * OEWS aggregate, or its broad group. Null when the year publishes no figure for it (or, before May 2021, when
   * it is not in the latest vintage's aggregate or broad group: the SOC 2010 crosswalk decides those).
   */
  oewsCodeFor(year: number, soc: string): OewsCode | null {
    const key = `${year}|${soc}`;
    if (!this.codes.has(key)) this.codes.set(key, this.codeOf.get(year, soc));
    return this.codes.get(key)!;
  }
  private readonly codes = new Map<string, OewsCode | null>();

  /** The SOC 2018 detailed codes OEWS publishes within an aggregate or broad code in a year (none for a detailed code published as itself). */
  codesHeldBy(year: number, oewsCode: string): readonly string[] {
    const key = `${year}|${oewsCode}`;
    let codes = this.held.get(key);
    if (!codes) this.held.set(key, (codes = Object.freeze(this.heldBy.all(year, oewsCode).map((r) => r.soc_code))));
    return codes;
  }
  private readonly held = new Map<string, readonly string[]>();

  /** The title OEWS gives a code in a year, or null when the year does not publish it. */
  titleOf(year: number, occCode: string): string | null {
    return this.occupationTitle.get(year, occCode)?.occ_title ?? null;
  }

  /**
   * The top-code this year's release states, or the last one stated before it while the year's figures stay under it
   * (a release without a workbook states none); `applies` false when the year publishes wages above it (May 2025
   * publishes 391,490 as anesthesiologists' median, over May 2024's 239,200): then the year has none.
   */
  topCodeFor(year: number): { year: number; annual: number; hourly: number; applies: boolean } | null {
    const top = this.topCode.get(year);
    if (!top) return null;
    return {
      year: top.year,
      annual: top.annual,
      hourly: top.hourly,
      applies: top.year === year || (top.highest ?? 0) <= top.annual,
    };
  }
}
