// X4 GET /v1/occupations/{soc_code}/technologies: the software and tools an occupation uses (O*NET Technology
// Skills), grouped by UNSPSC commodity, In Demand and Hot Technology first.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { groupByCommodity } from "../../domain/technologies.ts";
import { socCodeParams } from "./occupation-path.ts";
import { missingDataNote } from "./gaps.ts";
import { TECHNOLOGY_NOTES, TechnologyFlags } from "./models.ts";

const TechnologyExample = z.object({
  name: z.string().describe("O*NET's technology example, e.g. Python or Microsoft Excel"),
  ...TechnologyFlags,
});

export const occupationTechnologies = defineRoute({
  id: "X4",
  summary: "Technologies of an occupation",
  description:
    "Addition: the technology examples O*NET 29.3 lists for one occupation, grouped by UNSPSC commodity. Groups with more In Demand examples come first, then more Hot Technology examples, then by commodity title; within a group, In Demand first, then Hot Technology, then by name. An occupation O*NET lists none for answers an empty list with a note naming close occupations that have them.",
  method: "GET",
  path: "/api/v1/occupations/:soc_code/technologies",
  scope: "skills:read",
  examples: [{ summary: "Software developers", params: { soc_code: "15-1252.00" } }],
  params: socCodeParams,
  response: z.object({
    soc_code: z.string().describe("the O*NET-SOC code answered"),
    title: z.string().describe("its O*NET 30.0 title"),
    technology_count: z
      .number()
      .int()
      .describe("how many technology examples are listed (an example in two commodities counts twice)"),
    in_demand_count: z.number().int().describe("how many of them O*NET flags In Demand for this occupation"),
    hot_technology_count: z.number().int().describe("how many of them O*NET flags Hot Technology"),
    commodities: z
      .array(
        z.object({
          commodity_code: z.number().int().describe("UNSPSC commodity code, e.g. 43232405"),
          commodity_title: z
            .string()
            .describe("UNSPSC commodity title, e.g. Object or component oriented development software"),
          examples: z
            .array(TechnologyExample)
            .describe(
              "the occupation's examples in this commodity, In Demand first, then Hot Technology, then by name",
            ),
        }),
      )
      .describe("the examples grouped by commodity; empty when O*NET lists none for the occupation"),
  }),
  errors: ["NOT_FOUND"],
  handle: ({ params }, s, fail) => {
    const occupation = s.occupations.get(params.soc_code.onet);
    if (!occupation)
      throw fail("NOT_FOUND", `No O*NET occupation ${params.soc_code.onet}.`, {
        suggestion: "Find codes with GET /api/v1/occupations/search?q=…",
      });
    const examples = s.technologies.forOccupation(occupation.socCode);
    const groups = groupByCommodity(examples);
    const gap = examples.length
      ? ""
      : `${missingDataNote(occupation, "technology examples", (c) => s.technologies.forOccupation(c).length > 0, s)} `;
    return {
      data: {
        soc_code: occupation.socCode,
        title: occupation.title,
        technology_count: examples.length,
        in_demand_count: examples.filter((e) => e.inDemand).length,
        hot_technology_count: examples.filter((e) => e.hotTechnology).length,
        commodities: groups.map((g) => ({
          commodity_code: g.code,
          commodity_title: g.title,
          examples: g.examples.map((e) => ({ name: e.name, hot_technology: e.hotTechnology, in_demand: e.inDemand })),
        })),
      },
      datasets: ["onet_29_3", "onet_30_0"],
      methodologyNotes: gap + TECHNOLOGY_NOTES,
    };
  },
});
