// E12 GET /v1/ppp/countries/{country_code}: the World Bank PPP factor and price level ratio, every year published.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import { countryCodeParam } from "./models.ts";

export const PPP_SOURCE =
  "World Bank, International Comparison Program: PA.NUS.PPP (PPP conversion factor, GDP, LCU per international $) and PA.NUS.PPPC.RF (price level ratio of PPP conversion factor to market exchange rate)";

export const pppCountry = defineRoute({
  id: "E12",
  summary: "PPP history of a country",
  description: "Every year the World Bank publishes, ascending; a year with one indicator only has null for the other.",
  method: "GET",
  path: "/api/v1/ppp/countries/:country_code",
  scope: "costapi:read",
  examples: [
    { summary: "Germany", params: { country_code: "DE" } },
    { summary: "Kosovo, by the World Bank's code", params: { country_code: "XK" } },
  ],
  params: z.object({ country_code: countryCodeParam }),
  response: z.object({
    country_code: z
      .string()
      .describe("ISO 3166 alpha-2 code; for an economy ISO does not list, the World Bank's (XK: Kosovo)"),
    country_name: z.string().describe("the country's English name"),
    years: z
      .array(
        z.object({
          year: z.number().int().describe("the year"),
          ppp_factor: z
            .number()
            .nullable()
            .describe(
              "World Bank PA.NUS.PPP: PPP conversion factor for GDP, local currency units per international dollar; null when not published that year",
            ),
          price_level_ratio: z
            .number()
            .nullable()
            .describe(
              "World Bank PA.NUS.PPPC.RF: PPP conversion factor ÷ market exchange rate (United States = 1); null when not published that year",
            ),
        }),
      )
      .describe("every year published, ascending"),
    source: z.string().describe("the World Bank indicators that answer"),
  }),
  errors: ["NOT_FOUND"],
  handle: ({ params }, s, fail) => {
    // The World Bank keys its series by its own codes: ISO 3166's for most economies, XK/XKX for Kosovo (ISO's
    // libraries say XKK), JG/CHI for the Channel Islands. An ISO code is read first (EL, UK, alpha-3), then the Bank's.
    const iso = parseCountryCode(params.country_code);
    const wb = s.ppp.economy(iso?.iso2 ?? params.country_code) ?? s.ppp.economy(params.country_code);
    const country = wb ? { iso2: wb.iso2 ?? wb.iso3, iso3: wb.iso3, name: iso?.name ?? wb.name } : iso;
    if (!country)
      throw fail("NOT_FOUND", `No country with the code ${params.country_code.toUpperCase()}.`, {
        suggestion: "GET /api/v1/ppp/countries lists the countries with PPP data.",
      });
    const years = s.ppp.series(country.iso3);
    if (!years.length)
      throw fail("NOT_FOUND", `The World Bank publishes no PPP data for ${country.name}.`, {
        suggestion: "GET /api/v1/ppp/countries lists the countries with PPP data.",
      });
    return {
      data: { country_code: country.iso2, country_name: country.name, years, source: PPP_SOURCE },
      datasets: ["worldbank_ppp"],
    };
  },
});
