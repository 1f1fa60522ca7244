// X5 GET /v1/technologies/search: technologies (O*NET Technology Skills examples) by trigram similarity of their
// names, each with the occupations that use it.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import { byFlagThenEmployment } from "../../domain/technologies.ts";
import type { Services } from "../../services.ts";
import { pageParams, paginated, searchQuery, SEARCH_NOTES, TECHNOLOGY_NOTES } from "./models.ts";
import { shortestFloat4 } from "../../domain/trigram.ts";

const TechnologyHit = z.object({
  name: z.string().describe("O*NET's technology example"),
  score: z.number().min(0).max(1).describe("pg_trgm similarity between q and the name"),
  hot_technology: z
    .boolean()
    .describe("O*NET Hot Technology: frequently in employers' job postings (the same for every occupation listing it)"),
  commodities: z
    .array(
      z.object({
        commodity_code: z.number().int().describe("UNSPSC commodity code"),
        commodity_title: z.string().describe("UNSPSC commodity title"),
      }),
    )
    .describe("the UNSPSC commodities O*NET files it under (usually one)"),
  occupation_count: z.number().int().describe("how many O*NET occupations list it"),
  in_demand_count: z.number().int().describe("in how many of them O*NET flags it In Demand"),
  occupations: z
    .array(
      z.object({
        soc_code: z.string().describe("O*NET-SOC code"),
        title: z.string().describe("O*NET 30.0 title"),
        in_demand: z.boolean().describe("O*NET In Demand: frequently in this occupation's job postings"),
        employment: z
          .number()
          .int()
          .nullable()
          .describe(
            "U.S. national employment (BLS OEWS, latest vintage) of the code OEWS publishes the occupation's 6-digit SOC code under; shared by O*NET occupations under one SOC code; null when unpublished",
          ),
      }),
    )
    .describe("the occupations that list it, In Demand first, then by employment, at most `occupations` of them"),
});

export const searchTechnologies = defineRoute({
  id: "X5",
  summary: "Search technologies",
  description:
    "Addition: technologies (O*NET 29.3 Technology Skills examples) whose name is similar to q, best first; equal scores rank Hot Technology first, then by how many occupations flag it In Demand, then by the employment of the occupations using it, then by name. Page 1 and page_size 20 by default.",
  method: "GET",
  path: "/api/v1/technologies/search",
  scope: "skills:read",
  examples: [
    { summary: "Python", query: { q: "python" } },
    { summary: "Spreadsheets, five occupations each", query: { q: "excel", occupations: "5" } },
  ],
  query: z.strictObject({
    q: searchQuery,
    ...pageParams,
    occupations: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .default(10)
      .describe("how many using occupations to list per technology, 0–100"),
  }),
  response: paginated(TechnologyHit),
  handle: ({ query }, s) => {
    const ranked = s.technologySearch
      .search(query.q)
      .map((m) => ({ ...usage(m.key, s), score: shortestFloat4(m.score) }))
      .sort(
        (a, b) =>
          b.score - a.score ||
          Number(b.hot) - Number(a.hot) ||
          b.inDemand - a.inDemand ||
          b.employment - a.employment ||
          (a.name < b.name ? -1 : 1),
      );
    const page = paginate(ranked, query.page, query.page_size);
    const items = page.items.map((t) => ({
      name: t.name,
      score: t.score,
      hot_technology: t.hot,
      commodities: t.commodities,
      occupation_count: t.occupations.length,
      in_demand_count: t.inDemand,
      occupations: t.occupations.slice(0, query.occupations).map((o) => ({
        soc_code: o.socCode,
        title: s.occupations.get(o.socCode)?.title ?? o.socCode,
        in_demand: o.inDemand,
        employment: o.employment,
      })),
    }));
    return {
      data: { ...page, items },
      datasets: ["onet_29_3", "onet_30_0", "bls_oews"],
      methodologyNotes: `${SEARCH_NOTES} ${TECHNOLOGY_NOTES}`,
    };
  },
});

/** A technology's occupations (one entry per occupation, In Demand in any commodity), ranked, with its totals. */
export function usage(name: string, s: Services) {
  const uses = s.technologies.usesOf(name);
  const bySoc = new Map<string, { socCode: string; inDemand: boolean; employment: number | null }>();
  for (const u of uses) {
    const seen = bySoc.get(u.socCode);
    bySoc.set(u.socCode, {
      socCode: u.socCode,
      inDemand: (seen?.inDemand ?? false) || u.inDemand,
      employment: s.wages.latestNationalEmployment(u.socCode.slice(0, 7)),
    });
  }
  const occupations = [...bySoc.values()].sort(byFlagThenEmployment);
  const commodities = [
    ...new Map(
      uses.map((u) => [u.commodityCode, { commodity_code: u.commodityCode, commodity_title: u.commodityTitle }]),
    ).values(),
  ];
  return {
    name,
    hot: uses.some((u) => u.hotTechnology),
    commodities,
    occupations,
    inDemand: occupations.filter((o) => o.inDemand).length,
    // Each 6-digit SOC code's employment once: O*NET occupations under one code share it.
    employment: [...new Map(occupations.map((o) => [o.socCode.slice(0, 7), o.employment ?? 0])).values()].reduce(
      (sum, e) => sum + e,
      0,
    ),
  };
}
