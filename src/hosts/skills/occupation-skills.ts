// E16 GET /v1/occupations/{soc_code}/skills: an occupation's skills and knowledge by importance.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { skillCategory, ONET_NOTES } from "./models.ts";
import { socCodeParams } from "./occupation-path.ts";

const OccupationSkillDetail = z.object({
  skill_id: z.string().describe("O*NET content-model element id, e.g. 2.A.1.a"),
  name: z.string().describe("O*NET element name"),
  category: skillCategory,
  importance: z.number().min(0).max(1).describe("O*NET 29.3 importance rating on 0–1: (IM − 1) / 4"),
  level: z.number().min(0).max(1).describe("O*NET 29.3 level rating on 0–1: LV / 7"),
});

export const occupationSkills = defineRoute({
  id: "E16",
  summary: "Skills of an occupation",
  description: "O*NET skills and knowledge ratings of one occupation, sorted by importance (then level) descending, then skill_id. An occupation O*NET has not rated answers an empty list with a note.",
  method: "GET",
  path: "/api/v1/occupations/:soc_code/skills",
  scope: "skills:read",
  examples: [{ summary: "Registered nurses' knowledge", params: { soc_code: "29-1141.00" }, query: { category: "knowledge" } }],
  params: socCodeParams,
  query: z.strictObject({ category: skillCategory.optional() }),
  response: z.array(OccupationSkillDetail),
  errors: ["NOT_FOUND"],
  handle: ({ params, query }, { occupations, skills }, fail) => {
    const occupation = occupations.get(params.soc_code.onet);
    if (!occupation) throw fail("NOT_FOUND", `No O*NET occupation ${params.soc_code.onet}.`, { suggestion: "Find codes with GET /api/v1/occupations/search?q=…" });
    const ratings = skills.ratingsOf(occupation.socCode);
    const data = ratings
      .filter((r) => !query.category || r.skill.category === query.category)
      .sort((a, b) => b.importance - a.importance || b.level - a.level || (a.skill.skillId < b.skill.skillId ? -1 : 1))
      .map((r) => ({ skill_id: r.skill.skillId, name: r.skill.name, category: r.skill.category, importance: r.importance, level: r.level }));
    const unrated = ratings.length === 0 ? `O*NET 29.3 publishes no skills or knowledge ratings for ${occupation.socCode} (${occupation.title}). ` : "";
    return { data, datasets: ["onet_29_3", "onet_30_0"], methodologyNotes: unrated + ONET_NOTES };
  },
});
