// E1 GET /v1/trends: median annual wage by OEWS vintage and its compound annual growth rate (U.S. only).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { resolveLocation } from "../../domain/location.ts";
import { cagr } from "../../domain/cagr.ts";
import { oewsCodeNote } from "../../domain/oews-codes.ts";
import { wageTrend } from "./trend-series.ts";
import { matchJob, matchFields } from "./service.ts";
import { titleOrCode, needsTitleOrCode, MatchFields } from "./models.ts";

export const DEFAULT_TREND_YEARS = 10;

export const trends = defineRoute({
  id: "E1",
  summary: "Salary trend",
  description:
    "Median annual wage (BLS OEWS) for the most recent `years` vintages the area has, ascending by year, and the CAGR between the first and last points with a median, whatever their basis. Vintages coded in SOC 2010 (to May 2018) and the May 2019–2020 hybrid join the SOC 2018 series through the O*NET-SOC 2010 → 2019 crosswalk: one-to-one codes continue exactly, merged codes are combined by employment (marked `basis: combined_soc2010`), hybrid codes are marked `oews_hybrid`, and codes split out of broader ones have no point there. U.S. only; where the data mirror holds fewer vintages for an area (metros and states come from the all-areas files only), notes say which.",
  method: "GET",
  path: "/api/v1/trends",
  scope: "salary:read",
  examples: [
    {
      summary: "Software developers, U.S. national, last five vintages",
      query: { job_title: "Software Developer", years: "5" },
    },
    { summary: "Registered nurses in California, by SOC code", query: { occupation_code: "29-1141", location: "CA" } },
  ],
  query: z
    .strictObject({
      ...titleOrCode,
      location: z.string().max(200).optional().describe("U.S. metro or state (as in E2); omitted = U.S. national"),
      years: z.coerce
        .number()
        .int()
        .min(1)
        .max(10)
        .default(DEFAULT_TREND_YEARS)
        .describe("how many of the most recent OEWS vintages, 1–10"),
    })
    .refine(...needsTitleOrCode),
  response: z.object({
    job_title: z.string().nullable().describe("the job_title as sent; null when only occupation_code was given"),
    location: z.string().describe("the title of the BLS area that answered (U.S. for national)"),
    trend: z
      .array(
        z.object({
          year: z.number().int().describe("the OEWS vintage (May of that year)"),
          median: z
            .number()
            .nullable()
            .describe(
              "BLS OEWS annual median wage, USD per year; null when top-coded or not published (for a combined point: when any part is)",
            ),
          basis: z
            .enum(["published", "combined_soc2010", "oews_hybrid"])
            .describe(
              "addition: published (the code's own figure, or its one-to-one SOC 2010 code's), combined_soc2010 (derived: employment-weighted mean of the medians of the SOC 2010 codes it merged from) or oews_hybrid (the figure of the May 2019–2020 OEWS hybrid code holding it); notes explain each",
            ),
          oews_codes: z
            .array(z.string())
            .describe("addition: the OEWS code(s) whose published figures give this point"),
        }),
      )
      .describe(
        "one point per OEWS vintage, ascending by year; vintages with no figure that continues the series are left out and named in notes, with why",
      ),
    cagr: z
      .string()
      .nullable()
      .describe(
        'compound annual growth rate in percent between the first and last points with a median, whatever their basis (published, combined_soc2010 or oews_hybrid: each point says), as a string with two decimals (e.g. "3.02"); null with fewer than two such points',
      ),
    inflation_adjusted_cagr: z.null().describe("reserved; always null"),
    matched_title: z.string().describe("the O*NET title of the matched occupation"),
    matched_soc: z
      .string()
      .describe(
        "the SOC code whose OEWS series answers: the occupation's own, or the OEWS aggregate or broad group it is published within; notes say which",
      ),
    match_method: z
      .string()
      .describe(
        "how the occupation was found: code, alias, esco_label, national_title, trigram or pattern (docs/matching.md)",
      ),
    ...MatchFields,
    notes: z.array(z.string()).describe("how figures were chosen, and which vintages were left out and why"),
  }),
  errors: ["NO_SALARY_DATA", "NO_TREND_DATA"],
  handle: ({ query }, s, fail) => {
    const place = resolveLocation(query.location, s.locations);
    if (place?.region === "eu")
      throw fail(
        "NO_TREND_DATA",
        "EU trend data is unsupported: the EU survey is four-yearly (SES 2022 is the only vintage loaded).",
        { field: "location", suggestion: "Use a U.S. location, or GET /api/v1/salary for the EU benchmark." },
      );
    if (place?.region !== "us")
      throw fail("NO_TREND_DATA", `No U.S. trend data for the location "${(query.location ?? "").slice(0, 100)}".`, {
        field: "location",
        suggestion: "Use a U.S. metro, state or BLS area code; omit location for the national trend.",
      });
    const job = matchJob({ jobTitle: query.job_title, occupationCode: query.occupation_code }, s, fail, "soc", "US");
    const soc = job.soc!;
    const trend = wageTrend(soc, place.area, query.years, s);
    const notes = [
      "Median annual wage as published; a top-coded median (BLS `#`) is null. Each point's basis says whether it is published or derived.",
      "inflation_adjusted_cagr is reserved and always null.",
    ];
    const codeNote = oewsCodeNote(s.wages, s.occupations.socTitles, s.wages.latestYear, soc);
    if (codeNote) notes.push(codeNote);
    notes.push(...trend.notes);
    if (!trend.points.length)
      throw fail("NO_TREND_DATA", `No OEWS trend data for ${job.title} in ${place.area.title}.`, {
        suggestion: "Try the national trend (omit location).",
      });
    const withMedian = trend.points.filter((p) => p.median !== null).map((p) => ({ year: p.year, value: p.median! }));
    return {
      data: {
        job_title: query.job_title ?? null,
        location: place.area.title,
        trend: trend.points,
        cagr: cagr(withMedian),
        inflation_adjusted_cagr: null,
        matched_title: job.title,
        matched_soc: trend.series?.code ?? soc,
        match_method: job.method,
        ...matchFields(job),
        notes,
      },
      datasets: ["bls_oews", "isco_soc_crosswalk"],
    };
  },
});
