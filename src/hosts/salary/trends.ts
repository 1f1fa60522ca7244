// E1 GET /v1/trends: median annual wage by OEWS vintage and its compound annual growth rate (U.S. only).
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { resolveLocation } from "../../domain/location.ts";
import { cagr } from "../../domain/cagr.ts";
import { OEWS_SOC_2018_FROM, oewsCodeNote, type OewsCode } from "../../domain/oews-codes.ts";
import type { Services } from "../../services.ts";
import { matchJob, matchFields } from "./service.ts";
import { titleOrCode, needsTitleOrCode, MatchFields } from "./models.ts";

export const DEFAULT_TREND_YEARS = 10;

export const trends = defineRoute({
  id: "E1",
  summary: "Salary trend",
  description: "Median annual wage (BLS OEWS) for the most recent `years` vintages, ascending by year, and the CAGR between the first and last points with a published median. U.S. only; metro areas have May 2025 only, states May 2024 and 2025.",
  method: "GET",
  path: "/api/v1/trends",
  scope: "salary:read",
  examples: [
    { summary: "Software developers, U.S. national, last five vintages", query: { job_title: "Software Developer", years: "5" } },
    { summary: "Registered nurses in California, by SOC code", query: { occupation_code: "29-1141", location: "CA" } },
  ],
  query: z.strictObject({
    ...titleOrCode,
    location: z.string().max(200).optional().describe("U.S. metro or state (as in E2); omitted = U.S. national"),
    years: z.coerce.number().int().min(1).max(10).default(DEFAULT_TREND_YEARS).describe("how many of the most recent OEWS vintages, 1–10"),
  }).refine(...needsTitleOrCode),
  response: z.object({
    job_title: z.string().nullable().describe("the job_title as sent; null when only occupation_code was given"),
    location: z.string().describe("the title of the BLS area that answered (U.S. for national)"),
    trend: z.array(z.object({
      year: z.number().int().describe("the OEWS vintage (May of that year)"),
      median: z.number().nullable().describe("BLS OEWS annual median wage, USD per year; null when top-coded or not published"),
    })).describe("one point per OEWS vintage, ascending by year; vintages without a figure under the series' code are left out and named in notes"),
    cagr: z.string().nullable().describe("compound annual growth rate in percent between the first and last points with a published median, as a string with two decimals (e.g. \"3.02\"); null with fewer than two such points"),
    inflation_adjusted_cagr: z.null().describe("reserved; always null"),
    matched_title: z.string().describe("the O*NET title of the matched occupation"),
    matched_soc: z.string().describe("the SOC code whose OEWS series answers: the occupation's own, or the OEWS aggregate or broad group it is published within; notes say which"),
    match_method: z.string().describe("how the occupation was found: code, alias, esco_label, national_title, trigram or pattern (README: title matching)"),
    ...MatchFields,
    notes: z.array(z.string()).describe("how figures were chosen, and which vintages were left out and why"),
  }),
  errors: ["NO_SALARY_DATA", "NO_TREND_DATA"],
  handle: ({ query }, s, fail) => {
    const place = resolveLocation(query.location, s.locations);
    if (place?.region === "eu") throw fail("NO_TREND_DATA", "EU trend data is unsupported: the EU survey is four-yearly (SES 2022 is the only vintage loaded).", { field: "location", suggestion: "Use a U.S. location, or GET /api/v1/salary for the EU benchmark." });
    if (!place || place.region !== "us") throw fail("NO_TREND_DATA", `No U.S. trend data for the location "${(query.location ?? "").slice(0, 100)}".`, { field: "location", suggestion: "Use a U.S. metro, state or BLS area code; omit location for the national trend." });
    const job = matchJob({ jobTitle: query.job_title, occupationCode: query.occupation_code }, s, fail, "soc", "US");
    const soc = job.soc!;
    const area = place.area;
    const notes: string[] = ["Median annual wage as published; a top-coded median (BLS `#`) is null.", "inflation_adjusted_cagr is reserved and always null."];
    // The series keeps one code: the one the latest vintage publishes the occupation under. When that is an OEWS
    // aggregate or broad group, only years publishing that same code count; a detailed code also continues through
    // a SOC 2010 code that maps to it one-to-one.
    const series = s.wages.oewsCodeFor(s.wages.latestYear, soc);
    const grouped = series !== null && series.basis !== "own_code";
    const old = grouped ? null : s.crosswalk.oneToOne2010(soc);
    const codesIn = (year: number): string[] => (grouped ? groupCodeIn(year, soc, series, s) : ownCodesIn(year, soc, old));
    const skipped: number[] = [];
    const points = s.wages.years(area.areaCode).slice(-query.years).flatMap((year) => {
      const row = codesIn(year).flatMap((c) => s.wages.rows(year, c, area.areaCode))[0];
      if (!row) { skipped.push(year); return []; }
      return [{ year, median: row.a_median }];
    });
    const codeNote = oewsCodeNote(s.wages, s.occupations.socTitles, s.wages.latestYear, soc);
    if (codeNote) notes.push(codeNote);
    if (skipped.length) {
      notes.push(grouped
        ? `Left out: ${skipped.join(", ")} (OEWS published no figure under ${series.code} (${series.title}) for this area in those vintages).`
        : `Left out: ${skipped.join(", ")} (no figure under a code that maps one-to-one from SOC 2010 to ${soc}${old ? ` (${old})` : ""}, or not published there).`);
    }
    if (!points.length) throw fail("NO_TREND_DATA", `No OEWS trend data for ${job.title} in ${area.title}.`, { suggestion: "Try the national trend (omit location)." });
    const withMedian = points.filter((p) => p.median !== null).map((p) => ({ year: p.year, value: p.median! }));
    return {
      data: {
        job_title: query.job_title ?? null, location: area.title, trend: points, cagr: cagr(withMedian), inflation_adjusted_cagr: null,
        matched_title: job.title, matched_soc: series?.code ?? soc, match_method: job.method, ...matchFields(job), notes,
      },
      datasets: ["bls_oews", "isco_soc_crosswalk"],
    };
  },
});

/**
 * A year's code for a series kept under an aggregate or broad group: that code, where the year's code map
 * (oews_code_map, built from each vintage's own file) publishes the occupation under it.
 */
const groupCodeIn = (year: number, soc: string, series: OewsCode, s: Services): string[] =>
  (s.wages.oewsCodeFor(year, soc)?.code === series.code ? [series.code] : []);

/** A year's codes for a detailed code's own series: SOC 2018 codes from May 2021 (and partly 2019–2020), else the one-to-one SOC 2010 code. */
const ownCodesIn = (year: number, soc: string, old: string | null): string[] =>
  (year >= OEWS_SOC_2018_FROM ? [soc] : year >= 2019 ? [soc, old] : [old]).filter((c): c is string => c !== null);
