// E13 GET /v1/prices/us/metro-areas/{area_code}: a metro's price level (BEA RPP) and BLS average prices.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";

export const METRO_NOTES =
  "RPPs: BEA MARPP, latest year, U.S. = 100. BEA publishes services as housing (rents), utilities and other services, not as one total, so rpp_services is null; the three parts are given as rpp_housing, rpp_utilities and rpp_other_services (rpp_rents = housing). " +
  "items: the latest BLS average price of each item in the metro's CPI area (BLS S-area mapped to the CBSA by its first principal city and state), leaving out series discontinued more than two years before the area's newest price.";

export const metroArea = defineRoute({
  id: "E13",
  summary: "U.S. metro-area prices",
  description: "area_code is METRO followed by the 5-digit CBSA code (e.g. METRO35620). area_type is always msa.",
  method: "GET",
  path: "/api/v1/prices/us/metro-areas/:area_code",
  scope: "costapi:read",
  examples: [{ summary: "Austin-Round Rock-San Marcos, TX", params: { area_code: "METRO12420" } }],
  params: z.object({
    area_code: z
      .string()
      .max(20)
      .regex(/^METRO\d{5}$/i, "must be METRO followed by a 5-digit CBSA code, e.g. METRO35620")
      .transform((v) => v.slice(5))
      .describe("METRO followed by the 5-digit CBSA code, any case, e.g. METRO35620"),
  }),
  response: z.object({
    area_code: z.string().describe("METRO followed by the 5-digit CBSA code"),
    area_name: z.string().describe("BEA's name of the metropolitan statistical area"),
    area_type: z.literal("msa").describe("always msa"),
    rpp_overall: z
      .number()
      .nullable()
      .describe("BEA Regional Price Parity (MARPP), all items, latest year (U.S. = 100); null when not published"),
    rpp_goods: z.number().nullable().describe("BEA RPP for goods (U.S. = 100); null when not published"),
    rpp_services: z
      .null()
      .describe("always null: BEA publishes services only as housing, utilities and other services"),
    rpp_rents: z
      .number()
      .nullable()
      .describe("BEA RPP for housing (rents), U.S. = 100; the same value as rpp_housing; null when not published"),
    rpp_housing: z
      .number()
      .nullable()
      .describe("addition: BEA RPP for housing (rents), U.S. = 100; null when not published"),
    rpp_utilities: z
      .number()
      .nullable()
      .describe("addition: BEA RPP for utilities, U.S. = 100; null when not published"),
    rpp_other_services: z
      .number()
      .nullable()
      .describe("addition: BEA RPP for other services, U.S. = 100; null when not published"),
    latest_year: z.number().int().describe("the year of the RPPs (BEA's latest)"),
    cpi_area: z
      .object({
        code: z.string().describe("BLS average-price area code, e.g. S12A"),
        name: z.string().describe("BLS name of the area"),
      })
      .nullable()
      .describe("addition: the BLS CPI area whose average prices answer items; null when none maps to the metro"),
    items: z
      .array(
        z.object({
          item_code: z.string().describe("BLS average-price item code"),
          item_name: z
            .string()
            .nullable()
            .describe("BLS item name, with its unit (e.g. per gallon); null when BLS's item list lacks the code"),
          period: z.string().describe("the month of the price, YYYY-MM-01"),
          price: z.number().describe("the latest BLS average price, USD per the item's unit"),
          currency: z.literal("USD").describe("always USD"),
        }),
      )
      .describe(
        "the latest BLS average price of each item in the metro's CPI area, leaving out series discontinued more than two years before the area's newest price; empty when no CPI area maps to the metro",
      ),
  }),
  errors: ["NOT_FOUND"],
  handle: ({ params }, s, fail) => {
    const m = s.metroPrices.get(params.area_code);
    if (!m)
      throw fail(
        "NOT_FOUND",
        `No metropolitan statistical area with CBSA code ${params.area_code} in BEA's regional price parities.`,
        { suggestion: "GET /api/v1/prices/us/metro-areas lists them (q searches by name)." },
      );
    return {
      data: {
        area_code: `METRO${m.cbsa}`,
        area_name: m.name,
        area_type: "msa" as const,
        rpp_overall: m.overall,
        rpp_goods: m.goods,
        rpp_services: null,
        rpp_rents: m.housing,
        rpp_housing: m.housing,
        rpp_utilities: m.utilities,
        rpp_other_services: m.otherServices,
        latest_year: m.year,
        cpi_area: s.metroPrices.cpiAreaOf.get(m.cbsa) ?? null,
        items: s.metroPrices.items(m.cbsa).map((i) => ({
          item_code: i.itemCode,
          item_name: i.itemName,
          period: i.period,
          price: i.price,
          currency: "USD" as const,
        })),
      },
      datasets: ["bea_rpp", "bls_ap", "census_cbsa"],
      methodologyNotes: METRO_NOTES,
    };
  },
});
