// X3 GET /api/v1/prices/us/metro-areas (addition): the metros E13 has prices for, in CBSA order or by a place as typed.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import { METRO_NOTES } from "./metro.ts";
import { resolveLocation } from "../../domain/location.ts";
import type { MetroRpp } from "../../snapshot/repositories/metro-prices.ts";
import type { Services } from "../../services.ts";

/** The metro E2 would answer for `q` (Brooklyn, 94105, NYC, Chicgo), then the metros whose names are like it. */
function searchMetros(q: string, s: Services): MetroRpp[] {
  const place = resolveLocation(q, s.locations);
  const resolved = place?.region === "us" && place.area.cbsa ? s.metroPrices.get(place.area.cbsa) : null;
  const similar = s.metroSearch.search(q).map((m) => s.metroPrices.get(m.key)!);
  return resolved ? [resolved, ...similar.filter((m) => m !== resolved)] : similar;
}

export const metroAreas = defineRoute({
  id: "X3",
  summary: "U.S. metro areas (addition)",
  description:
    "Every MSA with BEA regional price parities, in CBSA order. q: first the metro the location resolver finds for it (a city, ZIP code, alias or misspelling, as E2 reads `location`), then names by trigram similarity (as E15), best first.",
  method: "GET",
  path: "/api/v1/prices/us/metro-areas",
  scope: "costapi:read",
  examples: [
    { summary: "Metros named Austin", query: { q: "Austin" } },
    { summary: "The second page", query: { page: "2", page_size: "20" } },
  ],
  query: z.strictObject({
    q: z.string().min(1).max(200).optional().describe("search by name, typos tolerated"),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe("1-based page number"),
    page_size: z.coerce.number().int().min(1).max(100).default(20).describe("items per page, at most 100"),
  }),
  response: z.array(
    z.object({
      area_code: z.string().describe("METRO followed by the 5-digit CBSA code, as E13 takes it"),
      area_name: z.string().describe("BEA's name of the metropolitan statistical area"),
      rpp_overall: z
        .number()
        .nullable()
        .describe("BEA Regional Price Parity, all items, latest year (U.S. = 100); null when not published"),
      latest_year: z.number().int().describe("the year of the RPPs"),
      has_items: z.boolean().describe("true when E13 has BLS average prices for the metro (it maps to a BLS CPI area)"),
    }),
  ),
  handle: ({ query }, s) => {
    const metros = query.q ? searchMetros(query.q, s) : s.metroPrices.metros;
    const page = paginate(metros, query.page, query.page_size);
    return {
      data: page.items.map((m) => ({
        area_code: `METRO${m.cbsa}`,
        area_name: m.name,
        rpp_overall: m.overall,
        latest_year: m.year,
        has_items: s.metroPrices.cpiAreaOf.has(m.cbsa),
      })),
      datasets: ["bea_rpp"],
      pagination: { page: page.page, page_size: page.page_size, total: page.total, total_pages: page.pages },
      methodologyNotes: METRO_NOTES,
    };
  },
});
