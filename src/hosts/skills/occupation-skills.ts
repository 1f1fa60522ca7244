// E16 GET /v1/occupations/{soc_code}/skills: an occupation's skills and knowledge (or work styles) by importance.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { inCategory } from "../../snapshot/repositories/skills.ts";
import { skillCategory, onetNotes } from "./models.ts";
import { socCodeParams } from "./occupation-path.ts";
import { missingDataNote } from "./gaps.ts";

const OccupationSkillDetail = z.object({
  skill_id: z.string().describe("O*NET content-model element id, e.g. 2.A.1.a"),
  name: z.string().describe("O*NET element name"),
  category: skillCategory,
  importance: z.number().min(0).max(1).describe("O*NET 29.3 importance rating on 0–1: (IM − 1) / 4"),
  level: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("O*NET 29.3 level rating on 0–1: LV / 7; null for work styles, which O*NET rates on importance only"),
});

export const occupationSkills = defineRoute({
  id: "E16",
  summary: "Skills of an occupation",
  description:
    "O*NET skills and knowledge ratings of one occupation, sorted by importance (then level) descending, then skill_id; category=work_style (an addition) gives its 16 work styles instead; category=ability is empty while the loaded O*NET release carries no ability ratings. An occupation O*NET has not rated answers an empty list with a note naming the rated occupations under its SOC code and among its related occupations.",
  method: "GET",
  path: "/api/v1/occupations/:soc_code/skills",
  scope: "skills:read",
  examples: [
    { summary: "Registered nurses' knowledge", params: { soc_code: "29-1141.00" }, query: { category: "knowledge" } },
    {
      summary: "Registered nurses' work styles",
      params: { soc_code: "29-1141.00" },
      query: { category: "work_style" },
    },
  ],
  params: socCodeParams,
  query: z.strictObject({ category: skillCategory.optional() }),
  response: z.array(OccupationSkillDetail),
  errors: ["NOT_FOUND"],
  handle: ({ params, query }, s, fail) => {
    const { occupations, skills } = s;
    const occupation = occupations.get(params.soc_code.onet);
    if (!occupation)
      throw fail("NOT_FOUND", `No O*NET occupation ${params.soc_code.onet}.`, {
        suggestion: "Find codes with GET /api/v1/occupations/search?q=…",
      });
    const ratings = skills.ratingsOf(occupation.socCode);
    const data = ratings
      .filter((r) => inCategory(r.skill, query.category))
      .sort(
        (a, b) =>
          b.importance - a.importance ||
          (b.level ?? 0) - (a.level ?? 0) ||
          (a.skill.skillId < b.skill.skillId ? -1 : 1),
      )
      .map((r) => ({
        skill_id: r.skill.skillId,
        name: r.skill.name,
        category: r.skill.category,
        importance: r.importance,
        level: r.level,
      }));
    const unrated =
      ratings.length === 0
        ? `${missingDataNote(occupation, "skills, knowledge or work styles ratings", (c) => skills.isRated(c), s)} `
        : "";
    return { data, datasets: ["onet_29_3", "onet_30_0"], methodologyNotes: unrated + onetNotes(skills) };
  },
});
