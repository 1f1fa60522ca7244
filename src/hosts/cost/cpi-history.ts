// E9 GET /v1/cpi/countries/{country_code}/history: a country's monthly CPI series, as its publisher released it.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { parseCountryCode } from "../../domain/country-code.ts";
import { CPI_CATEGORIES } from "../../domain/cpi-categories.ts";
import { countryCodeParam, isoDate, CPI_NOTES } from "./models.ts";
import { monthOf, staleness, STALE_AFTER_MONTHS } from "../../domain/series-staleness.ts";

/** At most this many observations (100 years); the most recent are kept and `truncated` says so. */
export const MAX_OBSERVATIONS = 1200;

export const cpiHistory = defineRoute({
  id: "E9",
  summary: "CPI history of a country",
  description: `Monthly observations, ascending. Sources: United States → BLS CPI-U; countries in Eurostat's HICP table → HICP; others → World Bank Global Database of Inflation. At most ${MAX_OBSERVATIONS} observations, the most recent (truncated: true when cut). latest_period is the series' last month; stale when it is more than ${STALE_AFTER_MONTHS} months behind the freshest all-items series the service holds.`,
  method: "GET",
  path: "/api/v1/cpi/countries/:country_code/history",
  scope: "costapi:read",
  examples: [
    {
      summary: "Germany's HICP in 2024",
      params: { country_code: "DE" },
      query: { start_date: "2024-01-01", end_date: "2024-12-31" },
    },
    { summary: "U.S. food CPI", params: { country_code: "US" }, query: { category: "SAF", start_date: "2023-01-01" } },
  ],
  params: z.object({ country_code: countryCodeParam }),
  query: z.strictObject({
    start_date: isoDate.optional().describe("YYYY-MM-DD, inclusive"),
    end_date: isoDate.optional().describe("YYYY-MM-DD, inclusive"),
    category: z
      .string()
      .transform((c) => c.trim().toUpperCase())
      .pipe(z.enum(CPI_CATEGORIES.map((c) => c.code) as [string, ...string[]]))
      .default("SA0")
      .describe("CPI category code (E10); default SA0"),
  }),
  response: z.object({
    country_code: z.string().describe("ISO 3166 alpha-2 code"),
    country_name: z.string().describe("the country's English name"),
    series_id: z
      .string()
      .describe(
        "the publisher's series: BLS CPI-U (CUUR0000 + item), Eurostat HICP (prc_hicp_midx/…) or World Bank (hcpi_m/<ISO3> (source))",
      ),
    observations: z
      .array(
        z.object({
          period: z.string().describe("the month, as its first day (YYYY-MM-01)"),
          value: z
            .number()
            .describe(
              "the index value as published, on the source's base (BLS 1982-84 = 100; HICP 2005 = 100; World Bank as published)",
            ),
          flags: z
            .string()
            .nullable()
            .describe(
              "the publisher's flags on the value (BLS footnote codes, Eurostat observation flags); null when none",
            ),
        }),
      )
      .describe("monthly observations in the date range, ascending"),
    truncated: z
      .boolean()
      .describe(`true when more than ${MAX_OBSERVATIONS} observations matched and only the most recent are returned`),
    latest_period: z
      .string()
      .describe("addition: the series' last month (YYYY-MM-01), whatever start_date and end_date select"),
    months_behind: z
      .number()
      .int()
      .describe(
        "addition: whole months from latest_period to the last month of the freshest all-items CPI series this service holds (0 for that series; metadata.methodology_notes names it)",
      ),
    stale: z
      .boolean()
      .describe(
        `addition: true when latest_period is more than ${STALE_AFTER_MONTHS} months behind the freshest all-items CPI series this service holds: the publisher has stopped or lags, and the note says so`,
      ),
  }),
  errors: ["NOT_FOUND"],
  handle: ({ params, query }, s, fail) => {
    const country = parseCountryCode(params.country_code);
    if (!country)
      throw fail("NOT_FOUND", `No country with the code ${params.country_code.toUpperCase()}.`, {
        suggestion: "Use an ISO 3166 alpha-2 or alpha-3 code; GET /api/v1/cpi/countries lists those with data.",
      });
    if (query.start_date && query.end_date && query.start_date > query.end_date) {
      throw validationError([{ field: "start_date", code: "after_end_date", message: "start_date is after end_date" }]);
    }
    const series = s.cpiSeries.series(country, query.category);
    if (!series) {
      const available = s.cpiSeries.categoriesOf(country);
      throw fail(
        "NOT_FOUND",
        `No ${query.category} series for ${country.name}${available.length ? `; its source has ${available.join(", ")}` : ": no CPI source covers it"}.`,
        { suggestion: "The data mirror has HICP all-items only and U.S. major groups to 2023-11." },
      );
    }
    const inRange = series.observations.filter(
      (o) => (!query.start_date || o.period >= query.start_date) && (!query.end_date || o.period <= query.end_date),
    );
    if (!inRange.length)
      throw fail(
        "NOT_FOUND",
        `No ${query.category} observations for ${country.name} between ${query.start_date ?? "the start"} and ${query.end_date ?? "the end"}.`,
        { suggestion: `The series runs ${series.observations[0].period} to ${series.observations.at(-1)!.period}.` },
      );
    const truncated = inRange.length > MAX_OBSERVATIONS;
    // Measured against the service's freshest series, not today: publication lag would make every series look late,
    // and the answer stays the same whenever the snapshot is served.
    const latestPeriod = series.observations.at(-1)!.period;
    const freshest = s.cpiSeries.freshestAllItems() ?? { country, period: latestPeriod };
    const behind = staleness(latestPeriod, freshest.period);
    const staleNote = behind.stale
      ? ` Stale: the series ends ${monthOf(latestPeriod)}, ${behind.monthsBehind} months behind the freshest CPI series this service holds (${freshest.country.name}, ${monthOf(freshest.period)}); later months are not in the data this service holds.`
      : "";
    return {
      data: {
        country_code: country.iso2,
        country_name: country.name,
        series_id: series.seriesId,
        observations: truncated ? inRange.slice(-MAX_OBSERVATIONS) : inRange,
        truncated,
        latest_period: latestPeriod,
        months_behind: behind.monthsBehind,
        stale: behind.stale,
      },
      datasets: [series.dataset],
      methodologyNotes: `${CPI_NOTES[series.source]} Periods are the first day of each month.${staleNote}`,
    };
  },
});
