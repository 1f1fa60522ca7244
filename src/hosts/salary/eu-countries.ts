// E6 GET /v1/salary/eu/countries (deprecated, removed by the spec on 2026-09-01; X7 replaces it): the EU/EEA
// countries whose survey figures are loaded.
import { z } from "zod";
import countries from "../../domain/country-names.ts";
import { defineRoute } from "../../http/route.ts";
import { eurostatToIso } from "../../domain/european-countries.ts";

export const euCountries = defineRoute({
  id: "E6",
  summary: "EU countries with survey data (deprecated: use X7)",
  description:
    "Deprecated; removed on 2026-09-01: answers 410 ENDPOINT_RETIRED from then unless EU_LEGACY_ENDPOINTS=on; GET /api/v1/salary/countries (X7) replaces it. The EU/EEA countries whose SES 2022 earnings are loaded, with the number of ISCO-08 major groups that have a published (non-confidential) mean.",
  method: "GET",
  path: "/api/v1/salary/eu/countries",
  scope: "salary:read",
  examples: [{ summary: "Every country" }],
  deprecated: {
    successor: "/api/v1/salary/countries",
    instead:
      "GET /api/v1/salary/countries lists the EU/EEA countries with earnings data, which figures each has and their vintage; GET /api/v1/salary?job_title=…&location=<country> (E2) answers for them.",
  },
  response: z.object({
    countries: z
      .array(
        z.object({
          country_code: z.string().describe("ISO 3166 alpha-2 code of the country"),
          country_name: z.string().describe("the country's English name"),
          latest_year: z
            .number()
            .int()
            .nullable()
            .describe("the latest survey year loaded (the SES dataset's reference year, 2022)"),
          occupation_groups: z
            .number()
            .int()
            .describe(
              "how many ISCO-08 major groups have a published (non-confidential) SES 2022 mean hourly earnings figure for the country",
            ),
          has_data: z.boolean().describe("true when at least one ISCO-08 major group has a figure"),
        }),
      )
      .describe("EU/EEA countries with SES 2022 earnings loaded, by English name"),
  }),
  handle: (_input, s) => ({
    data: {
      countries: [...s.euEarnings.coverage()]
        .filter(([geo]) => !geo.startsWith("EU"))
        .map(([geo, groups]) => {
          const iso = eurostatToIso(geo);
          return {
            country_code: iso,
            country_name: countries.getName(iso, "en") ?? iso,
            latest_year: Number(s.sources.dataDate("eurostat_ses_2022")),
            occupation_groups: groups,
            has_data: groups > 0,
          };
        })
        .sort((a, b) => a.country_name.localeCompare(b.country_name)),
    },
    datasets: ["eurostat_ses_2022"],
  }),
});
