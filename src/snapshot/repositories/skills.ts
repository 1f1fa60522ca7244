// O*NET skills and knowledge elements with each occupation's ratings, normalised to 0–1 at start-up.
import type { Database } from "bun:sqlite";
import { normaliseOnScale, type ScaleBounds } from "../../domain/onet-scales.ts";

export type SkillCategory = "skill" | "knowledge" | "ability";
export const SKILL_CATEGORIES: readonly SkillCategory[] = ["knowledge", "skill", "ability"];

export interface Skill { skillId: string; name: string; description: string | null; category: SkillCategory }

export interface OccupationRating { socCode: string; title: string; importance: number; level: number }

interface RatingRow { soc_code: string; title: string; im: number | null; lv: number | null }

/** Highest importance first; then highest level; then SOC code, so equal ratings have one stable order. */
const byImportance = (a: OccupationRating, b: OccupationRating) =>
  b.importance - a.importance || b.level - a.level || a.socCode.localeCompare(b.socCode);

export class SkillsRepository {
  /** Every rated element, knowledge before skills, each in O*NET element-id order. */
  readonly all: readonly Skill[];
  private readonly byId = new Map<string, Skill>();
  // Ratings per element are computed on first use (one indexed query) and kept: start-up stays fast.
  private readonly ratings = new Map<string, readonly OccupationRating[]>();
  private readonly ratingsQuery;
  private readonly occupationRatings;
  private readonly importance: ScaleBounds;
  private readonly level: ScaleBounds;

  constructor(db: Database) {
    const scales = new Map(db.query<{ scale_id: string; minimum: number; maximum: number }, []>("SELECT scale_id, minimum, maximum FROM onet_scale").all()
      .map((s) => [s.scale_id, { minimum: s.minimum, maximum: s.maximum } as ScaleBounds]));
    this.importance = scales.get("IM")!;
    this.level = scales.get("LV")!;
    this.all = db.query<{ element_id: string; name: string; description: string | null; category: SkillCategory }, []>(
      `SELECT e.element_id, e.name, e.description, (SELECT category FROM onet_rating r WHERE r.element_id = e.element_id LIMIT 1) AS category
       FROM onet_element e WHERE EXISTS (SELECT 1 FROM onet_rating r WHERE r.element_id = e.element_id)
       ORDER BY category, e.element_id`,
    ).all().map((r) => ({ skillId: r.element_id, name: r.name, description: r.description, category: r.category }));
    for (const s of this.all) this.byId.set(s.skillId, s);
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
  ratingsOf(socCode: string): { skill: Skill; importance: number; level: number }[] {
    return this.occupationRatings.all(socCode).flatMap((r) => {
      const skill = this.byId.get(r.element_id);
      return skill && r.im !== null && r.lv !== null ? [{ skill, importance: normaliseOnScale(r.im, this.importance), level: normaliseOnScale(r.lv, this.level) }] : [];
    });
  }

  get(skillId: string): Skill | null {
    return this.byId.get(skillId) ?? null;
  }

  list(category?: SkillCategory): Skill[] {
    return category ? this.all.filter((s) => s.category === category) : [...this.all];
  }

  /** Occupations rated on this element, highest importance first. */
  occupationsFor(skillId: string): readonly OccupationRating[] {
    let list = this.ratings.get(skillId);
    if (!list) {
      list = this.ratingsQuery.all(skillId)
        .filter((r) => r.im !== null && r.lv !== null)
        .map((r) => ({ socCode: r.soc_code, title: r.title, importance: normaliseOnScale(r.im!, this.importance), level: normaliseOnScale(r.lv!, this.level) }))
        .sort(byImportance);
      this.ratings.set(skillId, list);
    }
    return list;
  }
}
