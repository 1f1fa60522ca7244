// E19 GET /v1/skills: the skill taxonomy (knowledge, skills; abilities when loaded; work styles when asked for), paged.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import type { Skill as SkillRecord } from "../../snapshot/repositories/skills.ts";
import { Skill, pageParams, paginated, skillCategory, onetNotes } from "./models.ts";

export const toSkill = (s: SkillRecord): z.infer<typeof Skill> => ({
  skill_id: s.skillId,
  name: s.name,
  description: s.description,
  category: s.category,
});

export const listSkills = defineRoute({
  id: "E19",
  summary: "List skills",
  description:
    "O*NET knowledge areas, skills and abilities, in that order, each in content-model order; category=work_style (an addition) lists the 16 work styles. The 52 abilities come from O*NET's content model; while the loaded release carries no ability ratings, no occupation is rated on them (methodology_notes says so). skill_id is the O*NET element id.",
  method: "GET",
  path: "/api/v1/skills",
  scope: "skills:read",
  examples: [{ summary: "Knowledge areas", query: { category: "knowledge" } }],
  query: z.strictObject({ ...pageParams, category: skillCategory.optional() }),
  response: paginated(Skill),
  handle: ({ query }, { skills }) => ({
    data: paginate(skills.list(query.category).map(toSkill), query.page, query.page_size),
    datasets: ["onet_29_3", "onet_30_0"],
    methodologyNotes: onetNotes(skills),
  }),
});
