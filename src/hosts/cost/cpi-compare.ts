// E11 GET /v1/cpi/compare: the latest all-items CPI of 2–20 countries and its change over a year.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import type { DatasetId } from "../../snapshot/repositories/sources.ts";

const round2 = (x: number) => Math.round(x * 100) / 100;

export const cpiCompare = defineRoute({
  id: "E11",
  summary: "Compare CPI across countries",
  description: "Each country's latest all-items (SA0) index from its E9 source, and yoy_change: the percentage change from the same month a year earlier (null when that month is missing, e.g. the U.S. 2025-10), rounded to two decimals. base_country is the first listed.",
  method: "GET",
  path: "/api/v1/cpi/compare",
  scope: "costapi:read",
  examples: [{ summary: "The U.S. against Germany and France", query: { countries: "US,DE,FR" } }],
  query: z.strictObject({
    countries: z.string().max(200).transform((v) => v.split(",").map((c) => c.trim().toUpperCase()))
      .refine((l) => l.length >= 2 && l.length <= 20, "countries takes 2 to 20 comma-separated codes").refine((l) => l.every(Boolean), "countries must not contain empty entries")
      .describe("2–20 comma-separated ISO codes; trimmed and upper-cased"),
  }),
  response: z.object({
    base_country: z.string(),
    comparisons: z.array(z.object({ country_code: z.string(), country_name: z.string(), latest_cpi: z.number().nullable(), period: z.string().nullable(), yoy_change: z.number().nullable(), series_id: z.string().nullable() })),
  }),
  handle: ({ query }, s) => {
    const parsed = query.countries.map((c) => ({ input: c, country: parseCountryCode(c) }));
    const unknown = parsed.filter((p) => !p.country).map((p) => p.input);
    if (unknown.length) throw validationError([{ field: "countries", code: "unknown_country", message: `unknown country code(s): ${unknown.join(", ")}` }]);
    const datasets = new Set<DatasetId>();
    const comparisons = parsed.map(({ country }) => {
      const series = s.cpiSeries.series(country!, "SA0");
      const latest = series?.observations.at(-1);
      if (series) datasets.add(series.dataset);
      const yearBefore = latest ? series!.observations.find((o) => o.period === `${Number(latest.period.slice(0, 4)) - 1}${latest.period.slice(4)}`) : undefined;
      return {
        country_code: country!.iso2, country_name: country!.name, latest_cpi: latest?.value ?? null, period: latest?.period ?? null,
        yoy_change: latest && yearBefore ? round2((latest.value / yearBefore.value - 1) * 100) : null, series_id: series?.seriesId ?? null,
      };
    });
    return { data: { base_country: comparisons[0].country_code, comparisons }, datasets: [...datasets], methodologyNotes: "Indexes are on each source's own base (BLS 1982-84 = 100; HICP 2005 = 100; World Bank as published): compare yoy_change across countries, not latest_cpi." };
  },
});
