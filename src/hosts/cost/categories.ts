// E10 GET /v1/cpi/categories: the spec's CPI category codes, and which series back each one.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";

const CpiCategory = z.object({
  category_code: z
    .string()
    .describe("the spec's CPI category code (SA0, SAF, SAH, SAT, SAM, SAR, SAE, SAC), as E9 accepts it"),
  category_name: z.string().describe("the category's name, e.g. Food and beverages"),
  source: z.string().describe("the publisher series behind the code"),
  bls_series_id: z.string().describe("BLS CPI-U U.S. city average, not seasonally adjusted"),
  us_period: z
    .object({
      start: z.string().describe("first month of the U.S. series, YYYY-MM"),
      end: z.string().describe("last month of the U.S. series, YYYY-MM"),
    })
    .nullable()
    .describe("months the snapshot holds for the U.S. series"),
  hicp_coicop: z.array(z.string()).describe("ECOICOP divisions this code maps to for HICP countries"),
  hicp_loaded: z.array(z.string()).describe("those divisions the snapshot holds"),
});

export const listCpiCategories = defineRoute({
  id: "E10",
  summary: "CPI categories",
  description:
    "The category codes E9 accepts. U.S. figures come from BLS CPI-U; EU/EEA figures from Eurostat HICP mapped onto the same codes.",
  method: "GET",
  path: "/api/v1/cpi/categories",
  scope: "costapi:read",
  examples: [{ summary: "Every category" }],
  response: z.array(CpiCategory),
  handle: (_input, { cpiSeries }) => ({
    data: cpiSeries.categoryCoverage().map((c) => ({
      category_code: c.category.code,
      category_name: c.category.name,
      source: `BLS CPI-U ${c.blsSeriesId}; Eurostat HICP ${c.category.hicpCoicop.join("+")}`,
      bls_series_id: c.blsSeriesId,
      us_period: c.usPeriod,
      hicp_coicop: c.category.hicpCoicop,
      hicp_loaded: c.hicpLoaded,
    })),
    datasets: ["bls_cpi", "eurostat_hicp"],
    methodologyNotes:
      "The spec's SAC (apparel) is BLS item SAA; SAE (education and communication) maps to HICP CP10 + CP08. " +
      "The data mirror holds U.S. major groups to 2023-11 and HICP all-items (CP00) only; other HICP divisions light up when loaded.",
  }),
});
