// E20 GET /v1/skills/{skill_id}: one skill and every occupation rated on it, by importance.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { Skill, onetNotes } from "./models.ts";
import { toSkill } from "./skills.ts";

const SkillDetail = Skill.extend({
  occupations: z
    .array(
      z.object({
        soc_code: z.string().describe("O*NET-SOC code, e.g. 15-1252.00"),
        title: z.string().describe("the O*NET title"),
        importance: z
          .number()
          .min(0)
          .max(1)
          .describe("the element's importance for the occupation on 0–1: (IM − 1) / 4 (O*NET 29.3)"),
        level: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .describe(
            "the element's level for the occupation on 0–1: LV / 7 (O*NET 29.3); null for work styles, rated on importance only",
          ),
      }),
    )
    .describe("sorted by importance, then level, descending; then SOC code"),
});

export const skillDetail = defineRoute({
  id: "E20",
  summary: "Skill detail",
  description: "A skill, knowledge area or work style with the occupations rated on it, highest importance first.",
  method: "GET",
  path: "/api/v1/skills/:skill_id",
  scope: "skills:read",
  examples: [
    { summary: "Reading Comprehension", params: { skill_id: "2.A.1.a" } },
    { summary: "Work style: Dependability", params: { skill_id: "1.C.5.a" } },
  ],
  params: z.object({
    skill_id: z
      .string()
      .max(32)
      .regex(/^\d(\.[A-Za-z0-9]+)+$/, "must be an O*NET element id such as 2.A.1.a")
      .describe("O*NET element id from E19 or E18"),
  }),
  response: SkillDetail,
  errors: ["NOT_FOUND"],
  handle: ({ params }, { skills }, fail) => {
    const skill = skills.get(params.skill_id);
    if (!skill)
      throw fail("NOT_FOUND", `No skill with id ${params.skill_id}.`, {
        suggestion: "List skill ids with GET /api/v1/skills.",
      });
    return {
      data: {
        ...toSkill(skill),
        occupations: skills
          .occupationsFor(skill.skillId)
          .map((r) => ({ soc_code: r.socCode, title: r.title, importance: r.importance, level: r.level })),
      },
      datasets: ["onet_29_3", "onet_30_0"],
      methodologyNotes: onetNotes(skills),
    };
  },
});
