// Discovery (additions to the spec): the codes E9, E12 and E13 accept, so users need not guess them.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { paginate } from "../../domain/pagination.ts";
import { allCountryCodes } from "../../domain/country-code.ts";
import { PPP_SOURCE } from "./ppp.ts";
import { METRO_NOTES } from "./metro.ts";
import countries from "../../domain/country-names.ts";
import { resolveLocation } from "../../domain/location.ts";
import type { MetroRpp } from "../../snapshot/repositories/metro-prices.ts";
import type { Services } from "../../services.ts";

export const cpiCountries = defineRoute({
  id: "X1",
  summary: "Countries with CPI data (addition)",
  description: "Every country E9 answers for, with its source and the first and last month of its all-items series.",
  method: "GET",
  path: "/api/v1/cpi/countries",
  scope: "costapi:read",
  examples: [{ summary: "Every country with a CPI series" }],
  response: z.array(
    z.object({
      country_code: z.string().describe("ISO 3166 alpha-2 code"),
      country_name: z.string().describe("the country's English name"),
      source: z
        .string()
        .describe(
          "the source E9 uses for the country: bls (BLS CPI-U), hicp (Eurostat HICP) or worldbank (World Bank Global Database of Inflation)",
        ),
      series_id: z.string().describe("the all-items series E9 answers with"),
      first_period: z.string().describe("first month of the all-items series, YYYY-MM-01"),
      last_period: z.string().describe("last month of the all-items series, YYYY-MM-01"),
    }),
  ),
  handle: (_input, s) => ({
    data: s.cpiSeries
      .countriesWithData(allCountryCodes())
      .map(({ country, series }) => ({
        country_code: country.iso2,
        country_name: country.name,
        source: series.source,
        series_id: series.seriesId,
        first_period: series.observations[0].period,
        last_period: series.observations.at(-1)!.period,
      }))
      .sort((a, b) => a.country_name.localeCompare(b.country_name)),
    datasets: ["bls_cpi", "eurostat_hicp", "worldbank_inflation"],
  }),
});

export const pppCountries = defineRoute({
  id: "X2",
  summary: "Countries with PPP data (addition)",
  method: "GET",
  path: "/api/v1/ppp/countries",
  scope: "costapi:read",
  examples: [{ summary: "Every country with PPP data" }],
  response: z.array(
    z.object({
      country_code: z
        .string()
        .nullable()
        .describe("ISO 3166 alpha-2 code; for an economy ISO does not list, the World Bank's (XK: Kosovo)"),
      iso3: z.string().describe("ISO 3166 alpha-3 code, as the World Bank keys it (XKX: Kosovo)"),
      country_name: z.string().describe("the country's English name"),
      first_year: z.number().int().describe("first year with a PPP factor or price level ratio"),
      last_year: z.number().int().describe("last year with a PPP factor or price level ratio"),
    }),
  ),
  handle: (_input, s) => ({
    data: s.ppp.countries().map((c) => ({
      country_code: c.iso2,
      iso3: c.iso3,
      country_name: (c.iso2 && countries.getName(c.iso2, "en")) || c.name,
      first_year: c.first,
      last_year: c.last,
    })),
    datasets: ["worldbank_ppp"],
    methodologyNotes: `${PPP_SOURCE}. World Bank aggregates (regions, income groups) are not listed.`,
  }),
});

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
