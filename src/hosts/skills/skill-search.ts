// E18 GET /v1/skills/search: skills and knowledge areas by trigram similarity of their names.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import { Skill, pageParams, paginated, searchQuery, skillCategory, onetNotes, SEARCH_NOTES } from "./models.ts";
import { toSkill } from "./skills.ts";
import { inCategory } from "../../snapshot/repositories/skills.ts";
import { shortestFloat4 } from "../../domain/trigram.ts";

const SkillHit = Skill.extend({
  score: z.number().min(0).max(1).describe("pg_trgm similarity between q and the skill's name"),
});

export const searchSkills = defineRoute({
  id: "E18",
  summary: "Search skills",
  description:
    "Skills, knowledge areas and abilities (work styles with category=work_style) whose name is similar to q. Page 1 and page_size 20 by default. When q also names technologies (O*NET Technology Skills: Python, Excel), metadata.technologies counts them, names the best three and links GET /api/v1/technologies/search.",
  method: "GET",
  path: "/api/v1/skills/search",
  scope: "skills:read",
  examples: [{ summary: "Programming", query: { q: "programming" } }],
  query: z.strictObject({ q: searchQuery, ...pageParams, category: skillCategory.optional() }),
  response: paginated(SkillHit),
  handle: ({ query }, { skillSearch, skills, technologySearch }) => {
    const hits = skillSearch.search(query.q).flatMap((m) => {
      const skill = skills.get(m.key)!;
      return inCategory(skill, query.category) ? [{ ...toSkill(skill), score: shortestFloat4(m.score) }] : [];
    });
    const technologies = technologySearch.search(query.q);
    return {
      data: paginate(hits, query.page, query.page_size),
      datasets: ["onet_29_3", "onet_30_0"],
      methodologyNotes: `${SEARCH_NOTES} ${onetNotes(skills)}`,
      ...(technologies.length
        ? {
            extraMetadata: {
              technologies: {
                matches: technologies.length,
                best: technologies.slice(0, 3).map((t) => ({ name: t.key, score: shortestFloat4(t.score) })),
                search: `/api/v1/technologies/search?q=${encodeURIComponent(query.q)}`,
              },
            },
          }
        : {}),
    };
  },
});
