// The Census Bureau's 2022 Alphabetical Index of Occupations (census/Census-2022-Occupation-Index_Final.xlsx): titles
// as people report them in surveys, each with the 2018 SOC code Census codes it to, as published: a detailed code,
// a broad group (51-9010) or an aggregate with X (13-20XX); an industry restriction when the code depends on the
// industry. Not labels of the lexicon: ranker training (title-ranker.ts) and a held-out evaluation set.
import { readTable, str } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

export async function loadCensusOccupationIndex(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("census/Census-2022-Occupation-Index_Final.xlsx"), {
    required: [
      "2022 Occupation Title",
      "2022 Census Industry Code Restriction",
      "2018 Census Occupation Code",
      "2018 SOC Code",
    ],
  });
  const rows = t.rows
    .filter((r) => str(r["2022 OCCUPATION TITLE"]))
    .map((r) => [
      str(r["2022 OCCUPATION TITLE"]),
      str(r["2018 SOC CODE"]),
      str(r["2018 CENSUS OCCUPATION CODE"]),
      str(r["2022 CENSUS INDUSTRY CODE RESTRICTION"]),
    ]);
  return {
    rows: insertRows(
      ctx.db,
      "census_occupation_title",
      ["title", "soc_code", "census_code", "industry_restriction"],
      rows,
    ),
  };
}
