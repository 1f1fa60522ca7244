// O*NET skills and knowledge elements with each occupation's ratings, normalised to 0–1 at start-up.
import type { Database } from "bun:sqlite";
import { normaliseOnScale, type ScaleBounds } from "../../domain/onet-scales.ts";

export type SkillCategory = "skill" | "knowledge" | "ability";
export const SKILL_CATEGORIES: readonly SkillCategory[] = ["knowledge", "skill", "ability"];

export interface Skill { skillId: string; name: string; description: string | null; category: SkillCategory }

export interface OccupationRating { socCode: string; title: string; importance: number; level: number }

interface RatingRow { soc_code: string; title: string; element_id: string; category: SkillCategory; scale_id: "IM" | "LV"; value: number }

/** Highest importance first; then highest level; then SOC code, so equal ratings have one stable order. */
const byImportance = (a: OccupationRating, b: OccupationRating) =>
  b.importance - a.importance || b.level - a.level || a.socCode.localeCompare(b.socCode);

export class SkillsRepository {
  /** Every rated element, knowledge before skills, each in O*NET element-id order. */
  readonly all: readonly Skill[];
  private readonly byId = new Map<string, Skill>();
  private readonly ratings = new Map<string, OccupationRating[]>();

  constructor(db: Database) {
    const scales = new Map(db.query<{ scale_id: string; minimum: number; maximum: number }, []>("SELECT scale_id, minimum, maximum FROM onet_scale").all()
      .map((s) => [s.scale_id, { minimum: s.minimum, maximum: s.maximum } as ScaleBounds]));
    const importance = scales.get("IM")!;
    const level = scales.get("LV")!;
    this.all = db.query<{ element_id: string; name: string; description: string | null; category: SkillCategory }, []>(
      `SELECT DISTINCT r.element_id, e.name, e.description, r.category FROM onet_rating r JOIN onet_element e USING (element_id)
       ORDER BY r.category, r.element_id`,
    ).all().map((r) => ({ skillId: r.element_id, name: r.name, description: r.description, category: r.category }));
    for (const s of this.all) this.byId.set(s.skillId, s);

    const pairs = new Map<string, OccupationRating>();
    for (const r of db.query<RatingRow, []>(
      "SELECT r.soc_code, o.title, r.element_id, r.category, r.scale_id, r.value FROM onet_rating r JOIN onet_occupation o USING (soc_code) WHERE r.scale_id IN ('IM', 'LV')",
    ).all()) {
      const k = `${r.element_id}|${r.soc_code}`;
      let rating = pairs.get(k);
      if (!rating) {
        rating = { socCode: r.soc_code, title: r.title, importance: 0, level: 0 };
        pairs.set(k, rating);
        const list = this.ratings.get(r.element_id) ?? [];
        list.push(rating);
        this.ratings.set(r.element_id, list);
      }
      if (r.scale_id === "IM") rating.importance = normaliseOnScale(r.value, importance);
      else rating.level = normaliseOnScale(r.value, level);
    }
    for (const list of this.ratings.values()) list.sort(byImportance);
  }

  get(skillId: string): Skill | null {
    return this.byId.get(skillId) ?? null;
  }

  list(category?: SkillCategory): Skill[] {
    return category ? this.all.filter((s) => s.category === category) : [...this.all];
  }

  /** Occupations rated on this element, highest importance first. */
  occupationsFor(skillId: string): readonly OccupationRating[] {
    return this.ratings.get(skillId) ?? [];
  }
}
