// X1 GET /api/v1/cpi/countries (addition): the countries E9 and E10 have CPI series for, so users need not guess codes.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { allCountryCodes } from "../../domain/country-code.ts";

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
