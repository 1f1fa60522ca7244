// X2 GET /api/v1/ppp/countries (addition): the economies E12 has PPP data for, by the World Bank's codes.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { PPP_SOURCE } from "./ppp.ts";
import countries from "../../domain/country-names.ts";

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
