// E17 GET /v1/occupations/{soc_code}/wages: BLS OEWS wages of the latest vintage, one row per published area.
import { z } from "zod";
import { defineRoute } from "../../http/route.ts";
import { validationError } from "../../http/errors.ts";
import { blsAreaCode, AREA_TYPES } from "../../domain/bls-area.ts";
import type { WageRow } from "../../snapshot/repositories/wages.ts";
import { figureNames } from "../../domain/oews-figures.ts";
import { socCodeParams } from "./occupation-path.ts";
import { heldCodesNote, oewsCodeNote } from "../../domain/oews-codes.ts";
import { broadGroupOf } from "../../domain/soc-code.ts";

const WageData = z.object({
  area_code: z.string().describe("7-digit BLS area code; 0000000 = national"),
  area_title: z.string().describe("addition: BLS's title of the area, e.g. U.S."),
  area_type: z.enum(["national", "state", "territory", "msa", "nonmetro"]).describe("addition: the kind of OEWS area"),
  year: z.number().int().describe("the OEWS vintage (May of that year)"),
  median: z
    .number()
    .int()
    .nullable()
    .describe(
      "BLS OEWS annual median wage, USD per year; null when top-coded or not published (reason in metadata.null_reasons)",
    ),
  mean: z
    .number()
    .int()
    .nullable()
    .describe(
      "BLS OEWS annual mean wage, USD per year; null when top-coded or not published (reason in metadata.null_reasons)",
    ),
  pct10: z
    .number()
    .int()
    .nullable()
    .describe("BLS OEWS annual 10th-percentile wage, USD per year; null when top-coded or not published"),
  pct25: z
    .number()
    .int()
    .nullable()
    .describe("BLS OEWS annual 25th-percentile wage, USD per year; null when top-coded or not published"),
  pct75: z
    .number()
    .int()
    .nullable()
    .describe("BLS OEWS annual 75th-percentile wage, USD per year; null when top-coded or not published"),
  pct90: z
    .number()
    .int()
    .nullable()
    .describe("BLS OEWS annual 90th-percentile wage, USD per year; null when top-coded or not published"),
  hourly_median: z
    .number()
    .nullable()
    .describe("BLS OEWS hourly median wage, USD per hour; null when top-coded or not published"),
  hourly_mean: z
    .number()
    .nullable()
    .describe("BLS OEWS hourly mean wage, USD per hour; null when top-coded or not published"),
  total_employment: z
    .number()
    .int()
    .nullable()
    .describe("OEWS estimate of the occupation's employment in the area; null when not published"),
});

const NULL_FIELDS: [keyof WageRow, string][] = [
  ["a_median", "median"],
  ["a_mean", "mean"],
  ["a_pct10", "pct10"],
  ["a_pct25", "pct25"],
  ["a_pct75", "pct75"],
  ["a_pct90", "pct90"],
  ["h_median", "hourly_median"],
  ["h_mean", "hourly_mean"],
  ["tot_emp", "total_employment"],
];
const MARKER_REASON: Record<string, string> = {
  top_coded: "top-coded: at or above the top-code the release states",
  suppressed: "wage estimate not available (BLS `*`)",
  not_available: "employment estimate not available (BLS `**`)",
};

const toWageData = (r: WageRow) => ({
  area_code: r.area_code,
  area_title: r.area_title,
  area_type: AREA_TYPES[r.area_type] as z.infer<typeof WageData>["area_type"],
  year: r.year,
  median: r.a_median,
  mean: r.a_mean,
  pct10: r.a_pct10,
  pct25: r.a_pct25,
  pct75: r.a_pct75,
  pct90: r.a_pct90,
  hourly_median: r.h_median,
  hourly_mean: r.h_mean,
  total_employment: r.tot_emp,
});

/** Why each null in these rows is null: the publisher's marker when there was one, otherwise a blank cell. */
function nullReasons(rows: WageRow[]) {
  return rows.flatMap((r) => {
    const markers: Record<string, string> = r.markers ? JSON.parse(r.markers) : {};
    return NULL_FIELDS.filter(([col]) => r[col] === null).map(([col, field]) => ({
      area_code: r.area_code,
      field,
      reason: MARKER_REASON[markers[col as string]] ?? "blank in the BLS file: not published, or top-coded",
    }));
  });
}

export const occupationWages = defineRoute({
  id: "E17",
  summary: "Wages of an occupation",
  description:
    "BLS OEWS annual wages (USD) of the latest vintage in the snapshot: one row per published area (national, states, territories, MSAs, nonmetropolitan areas), or the one area_code. O*NET-SOC codes map to their 6-digit SOC code, and that to the code OEWS publishes it under: itself, the OEWS aggregate of its broad group (25-9042 → 25-9045) or the broad group; the notes and metadata.oews_code say which. OEWS's own aggregate codes (such as 25-9045) and broad groups are accepted as themselves.",
  method: "GET",
  path: "/api/v1/occupations/:soc_code/wages",
  scope: "skills:read",
  examples: [
    { summary: "Software developers, every area", params: { soc_code: "15-1252" } },
    { summary: "Registered nurses, national", params: { soc_code: "29-1141.00" }, query: { area_code: "0000000" } },
  ],
  params: socCodeParams,
  query: z.strictObject({
    area_code: z
      .string()
      .max(7)
      .regex(
        /^\d{2}$|^\d{5}$|^\d{7}$/,
        "must be a 7-digit BLS area code (0000000 national), a 2-digit state FIPS, a 5-digit CBSA or 99",
      )
      .optional()
      .describe(
        "7-digit BLS area code (0000000 = national, 0035620 = New York MSA); 99, 2-digit state FIPS and 5-digit CBSA codes are accepted too",
      ),
  }),
  response: z.array(WageData),
  errors: ["NOT_FOUND"],
  handle: ({ params, query }, { occupations, wages }, fail) => {
    const { onet, soc } = params.soc_code;
    const year = wages.latestYear;
    const aggregate = !occupations.socTitles.has(soc) && wages.codesHeldBy(year, soc).length > 0;
    // An O*NET occupation, or a plain 6-digit code of SOC 2018 or of an OEWS aggregate (not 25-9045.01).
    const known =
      occupations.get(onet) !== null || (onet === `${soc}.00` && (occupations.socTitles.has(soc) || aggregate));
    if (!known)
      throw fail(
        "NOT_FOUND",
        `No occupation ${onet} or SOC code ${soc} in O*NET 30.0, SOC 2018 or the OEWS May ${year} aggregates.`,
        { suggestion: "Find codes with GET /api/v1/occupations/search?q=…" },
      );
    const area = query.area_code === undefined ? undefined : blsAreaCode(query.area_code);
    if (area === null)
      throw validationError([{ field: "area_code", code: "invalid_format", message: "not a BLS area code" }]);
    if (area && !wages.hasArea(year, area))
      throw fail("NOT_FOUND", `OEWS May ${year} publishes no area ${area}.`, {
        suggestion: "Omit area_code to list every published area.",
      });
    // A detailed SOC code answers under the code OEWS publishes it under (none: no rows); a group or an aggregate as itself.
    const detailed = broadGroupOf(soc) !== null && !aggregate;
    const occCode = detailed ? (wages.oewsCodeFor(year, soc)?.code ?? null) : soc;
    const rows = occCode ? wages.rows(year, occCode, area) : [];
    const notes = [`BLS OEWS May ${year}, annual wages in USD; hourly figures as published.`];
    if (!occCode)
      notes.push(`OEWS May ${year} publishes no wages for ${soc}, nor for an aggregate or broad group that holds it.`);
    const codeNote = detailed
      ? oewsCodeNote(wages, occupations.socTitles, year, soc)
      : heldCodesNote(wages, occupations.socTitles, year, soc, wages.titleOf(year, soc) ?? soc);
    if (codeNote) notes.push(codeNote);
    if (onet !== `${soc}.00`) notes.push(`O*NET occupation ${onet} is reported under its SOC code ${soc}.`);
    const top = wages.topCodeFor(year);
    if (top?.applies)
      notes.push(
        `BLS top-codes wages at $${top.annual.toLocaleString("en-US")} a year ($${top.hourly.toFixed(2)} an hour); a top-coded or unpublished value is null, with its reason in metadata.null_reasons.`,
      );
    else if (top)
      notes.push(
        `BLS OEWS May ${year} states no top-code and publishes wages above May ${top.year}'s ($${top.annual.toLocaleString("en-US")} a year): figures are as published; an unpublished value is null, with its reason in metadata.null_reasons.`,
      );
    // What a vintage publishes for no area of a kind (May 2025's MSA rows: no mean, no hourly figures), from its rows.
    for (const [type, kind] of [
      [1, "national"],
      [2, "state"],
      [4, "metropolitan-area"],
      [6, "nonmetropolitan-area"],
    ] as const) {
      const missing = wages.missingFor(year, type);
      if (missing.length && rows.some((r) => r.area_type === type))
        notes.push(
          `BLS OEWS May ${year} publishes no ${figureNames(missing)} for any ${kind} row; those figures are null.`,
        );
    }
    return {
      data: rows.map(toWageData),
      datasets: ["bls_oews"],
      methodologyNotes: notes.join(" "),
      extraMetadata: { null_reasons: nullReasons(rows), oews_code: occCode },
    };
  },
});
