// O*NET skills, knowledge, abilities and work styles elements with each occupation's ratings, normalised to 0–1.
import type { Database } from "bun:sqlite";
import { normaliseOnScale, type ScaleBounds } from "../../domain/onet-scales.ts";

export type SkillCategory = "skill" | "knowledge" | "ability" | "work_style";
export const SKILL_CATEGORIES: readonly SkillCategory[] = ["knowledge", "skill", "ability", "work_style"];
/** The spec's categories: what a list without `category` holds. Work styles (an addition) come only when asked for. */
export const SPEC_SKILL_CATEGORIES: readonly SkillCategory[] = ["knowledge", "skill", "ability"];

/** Whether a skill belongs in a list filtered by `category` (omitted: the spec's categories). */
export const inCategory = (skill: { category: SkillCategory }, category?: SkillCategory) =>
  category ? skill.category === category : SPEC_SKILL_CATEGORIES.includes(skill.category);

/** O*NET rates work styles on importance only; every other category has a level too. */
const rated = (category: SkillCategory, im: number | null, lv: number | null) =>
  im !== null && (lv !== null || category === "work_style");

export interface Skill {
  skillId: string;
  name: string;
  description: string | null;
  category: SkillCategory;
}

/** level: null for work styles, which O*NET rates on importance only. */
export interface OccupationRating {
  socCode: string;
  title: string;
  importance: number;
  level: number | null;
}

interface RatingRow {
  soc_code: string;
  title: string;
  im: number | null;
  lv: number | null;
}

/** Highest importance first; then highest level; then SOC code, so equal ratings have one stable order. */
const byImportance = (a: OccupationRating, b: OccupationRating) =>
  b.importance - a.importance || (b.level ?? 0) - (a.level ?? 0) || a.socCode.localeCompare(b.socCode);

export class SkillsRepository {
  /** Every rated element and every ability: knowledge, skills, abilities, work styles, each in element-id order. */
  readonly all: readonly Skill[];
  /** Whether the loaded O*NET release rates abilities (Abilities.xlsx or Abilities.txt was in the mirror). */
  readonly abilitiesRated: boolean;
  private readonly byId = new Map<string, Skill>();
  // Ratings per element are computed on first use (one indexed query) and kept: start-up stays fast.
  private readonly ratings = new Map<string, readonly OccupationRating[]>();
  private readonly ratingsQuery;
  private readonly occupationRatings;
  private readonly importance: ScaleBounds;
  private readonly level: ScaleBounds;

  constructor(private readonly db: Database) {
    const scales = new Map(
      db
        .query<{ scale_id: string; minimum: number; maximum: number }, []>(
          "SELECT scale_id, minimum, maximum FROM onet_scale",
        )
        .all()
        .map((s) => [s.scale_id, { minimum: s.minimum, maximum: s.maximum } as ScaleBounds]),
    );
    this.importance = scales.get("IM")!;
    this.level = scales.get("LV")!;
    const rows = db
      .query<{ element_id: string; name: string; description: string | null; rated_as: SkillCategory | null }, []>(
        // Rated elements, and the 52 abilities of the content model (1.A.n.x.n) whether or not a release rates them.
        `SELECT e.element_id, e.name, e.description,
                (SELECT category FROM onet_rating r WHERE r.element_id = e.element_id LIMIT 1) AS rated_as
       FROM onet_element e WHERE EXISTS (SELECT 1 FROM onet_rating r WHERE r.element_id = e.element_id)
          OR e.element_id GLOB '1.A.[0-9].[a-z].[0-9]*'
       ORDER BY e.element_id`,
      )
      .all();
    this.all = rows
      .map((r) => ({
        skillId: r.element_id,
        name: r.name,
        description: r.description,
        category: r.rated_as ?? "ability",
      }))
      .sort((a, b) => SKILL_CATEGORIES.indexOf(a.category) - SKILL_CATEGORIES.indexOf(b.category));
    for (const s of this.all) this.byId.set(s.skillId, s);
    // From the rows above: asking the ratings for an ability scans all 130,000 of them when a release rates none.
    this.abilitiesRated = rows.some((r) => r.rated_as === "ability");
    this.ratingsQuery = db.query<RatingRow, [string]>(
      `SELECT r.soc_code, o.title,
              max(CASE WHEN r.scale_id = 'IM' THEN r.value END) AS im,
              max(CASE WHEN r.scale_id = 'LV' THEN r.value END) AS lv
       FROM onet_rating r JOIN onet_occupation o USING (soc_code)
       WHERE r.element_id = ? AND r.scale_id IN ('IM', 'LV')
       GROUP BY r.soc_code`,
    );
    this.occupationRatings = db.query<{ element_id: string; im: number | null; lv: number | null }, [string]>(
      `SELECT element_id, max(CASE WHEN scale_id = 'IM' THEN value END) AS im, max(CASE WHEN scale_id = 'LV' THEN value END) AS lv
       FROM onet_rating WHERE soc_code = ? AND scale_id IN ('IM', 'LV') GROUP BY element_id`,
    );
  }

  /** Every element rated for an occupation, with its normalised importance and level; none when unrated. */
  ratingsOf(socCode: string): { skill: Skill; importance: number; level: number | null }[] {
    return this.occupationRatings.all(socCode).flatMap((r) => {
      const skill = this.byId.get(r.element_id);
      return skill && rated(skill.category, r.im, r.lv)
        ? [{ skill, importance: normaliseOnScale(r.im!, this.importance), level: this.levelOf(r.lv) }]
        : [];
    });
  }

  private levelOf = (lv: number | null) => (lv === null ? null : normaliseOnScale(lv, this.level));

  /** Whether O*NET 29.3 rates an occupation on any element (the set is built on first use). */
  isRated(socCode: string): boolean {
    this.rated ??= new Set(
      this.db
        .query<{ soc_code: string }, []>("SELECT DISTINCT soc_code FROM onet_rating")
        .all()
        .map((r) => r.soc_code),
    );
    return this.rated.has(socCode);
  }
  private rated: Set<string> | undefined;

  get(skillId: string): Skill | null {
    return this.byId.get(skillId) ?? null;
  }

  /** The elements of a category; omitted: the spec's categories (work styles only when asked for). */
  list(category?: SkillCategory): Skill[] {
    return this.all.filter((s) => inCategory(s, category));
  }

  /** Occupations rated on this element, highest importance first. */
  occupationsFor(skillId: string): readonly OccupationRating[] {
    let list = this.ratings.get(skillId);
    if (!list) {
      const category = this.byId.get(skillId)?.category ?? "skill";
      list = this.ratingsQuery
        .all(skillId)
        .filter((r) => rated(category, r.im, r.lv))
        .map((r) => ({
          socCode: r.soc_code,
          title: r.title,
          importance: normaliseOnScale(r.im!, this.importance),
          level: this.levelOf(r.lv),
        }))
        .sort(byImportance);
      this.ratings.set(skillId, list);
    }
    return list;
  }
}
