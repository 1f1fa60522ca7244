// E11 GET /v1/cpi/compare: the latest all-items CPI of 2–20 countries and its change over a year.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import type { DatasetId } from "../../snapshot/repositories/sources.ts";
import { round } from "../../domain/rounding.ts";
import { monthOf, staleness, STALE_AFTER_MONTHS } from "../../domain/series-staleness.ts";

export const cpiCompare = defineRoute({
  id: "E11",
  summary: "Compare CPI across countries",
  description: `Each country's latest all-items (SA0) index from its E9 source, and yoy_change: the percentage change from the same month a year earlier (null when that month is missing, e.g. the U.S. 2025-10), rounded to two decimals. base_country is the first listed. A series whose latest month is more than ${STALE_AFTER_MONTHS} months behind the freshest all-items series the service holds (as E9 says it) is marked stale, with a note.`,
  method: "GET",
  path: "/api/v1/cpi/compare",
  scope: "costapi:read",
  examples: [{ summary: "The U.S. against Germany and France", query: { countries: "US,DE,FR" } }],
  query: z.strictObject({
    countries: z
      .string()
      .max(200)
      .transform((v) => v.split(",").map((c) => c.trim().toUpperCase()))
      .refine((l) => l.length >= 2 && l.length <= 20, "countries takes 2 to 20 comma-separated codes")
      .refine((l) => l.every(Boolean), "countries must not contain empty entries")
      .describe("2–20 comma-separated ISO codes; trimmed and upper-cased"),
  }),
  response: z.object({
    base_country: z.string().describe("ISO 3166 alpha-2 code of the first country listed"),
    comparisons: z
      .array(
        z.object({
          country_code: z.string().describe("ISO 3166 alpha-2 code"),
          country_name: z.string().describe("the country's English name"),
          latest_cpi: z
            .number()
            .nullable()
            .describe(
              "the latest all-items (SA0) index value, on its source's own base (BLS 1982-84 = 100, HICP 2005 = 100, World Bank as published); null when no series covers the country",
            ),
          period: z
            .string()
            .nullable()
            .describe("addition: the month of latest_cpi, YYYY-MM-01: the series' latest period; null when no series"),
          yoy_change: z
            .number()
            .nullable()
            .describe(
              "percent change of latest_cpi from the same month a year earlier, two decimals; null when that month is missing",
            ),
          series_id: z
            .string()
            .nullable()
            .describe("addition: the publisher series answering (as E9 names it); null when no series"),
          months_behind: z
            .number()
            .int()
            .nullable()
            .describe(
              "addition: whole months from period to the last month of the freshest all-items CPI series this service holds, as E9 counts them (0 for that series); null when no series",
            ),
          stale: z
            .boolean()
            .describe(
              `addition: true when period is more than ${STALE_AFTER_MONTHS} months behind the freshest all-items CPI series this service holds (E9's stale), so latest_cpi and yoy_change describe an earlier time; false otherwise and when no series`,
            ),
          note: z
            .string()
            .nullable()
            .describe("addition: for a stale series, how far behind it is and behind which; null otherwise"),
        }),
      )
      .describe("one per country, in the order given"),
  }),
  handle: ({ query }, s, _fail) => {
    const parsed = query.countries.map((c) => ({ input: c, country: parseCountryCode(c) }));
    const unknown = parsed.filter((p) => !p.country).map((p) => p.input);
    if (unknown.length)
      throw validationError([
        { field: "countries", code: "unknown_country", message: `unknown country code(s): ${unknown.join(", ")}` },
      ]);
    // "US,US" or "US,USA": one country twice would be compared with itself.
    const twice = parsed.map((p) => p.country!.iso2).filter((c, i, all) => all.indexOf(c) !== i);
    if (twice.length)
      throw validationError([
        {
          field: "countries",
          code: "duplicate_country",
          message: `countries names ${[...new Set(twice)].join(", ")} more than once; list each country once`,
        },
      ]);
    const datasets = new Set<DatasetId>();
    const latest = parsed.map(({ country }) => {
      const series = s.cpiSeries.series(country!, "SA0");
      if (series) datasets.add(series.dataset);
      return { country: country!, series, last: series?.observations.at(-1) };
    });
    // The reference is E9's: the freshest all-items series the service holds, so a country is stale or not
    // whichever others are asked with it (JP, 2023-12, is stale beside CA as beside the U.S.).
    const freshest = s.cpiSeries.freshestAllItems();
    const comparisons = latest.map(({ country, series, last }) => {
      const yearBefore = last
        ? series!.observations.find((o) => o.period === `${Number(last.period.slice(0, 4)) - 1}${last.period.slice(4)}`)
        : undefined;
      const behind = last && freshest ? staleness(last.period, freshest.period) : null;
      return {
        country_code: country.iso2,
        country_name: country.name,
        latest_cpi: last?.value ?? null,
        period: last?.period ?? null,
        yoy_change: last && yearBefore ? round((last.value / yearBefore.value - 1) * 100, 2) : null,
        series_id: series?.seriesId ?? null,
        months_behind: behind?.monthsBehind ?? null,
        stale: behind?.stale ?? false,
        note: behind?.stale
          ? `Stale: ${country.name}'s latest month is ${monthOf(last!.period)}, ${behind.monthsBehind} months behind the freshest CPI series this service holds (${freshest!.country.name}, ${monthOf(freshest!.period)}); its latest_cpi and yoy_change describe ${monthOf(last!.period)}.`
          : null,
      };
    });
    const stale = comparisons.filter((c) => c.stale);
    const staleNote = stale.length
      ? ` Stale series (more than ${STALE_AFTER_MONTHS} months behind the freshest CPI series this service holds, ${freshest!.country.name} at ${monthOf(freshest!.period)}): ${stale.map((c) => `${c.country_name} (${c.country_code}) ends ${monthOf(c.period!)}`).join(", ")}.`
      : "";
    return {
      data: { base_country: comparisons[0].country_code, comparisons },
      datasets: [...datasets],
      methodologyNotes: `Indexes are on each source's own base (BLS 1982-84 = 100; HICP 2005 = 100; World Bank as published): compare yoy_change across countries, not latest_cpi.${staleNote}`,
    };
  },
});
