// Census/OMB CBSA delineation (July 2023): List 1 (CBSA → counties) and List 2 (principal cities).
import { readTable, str } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

export async function loadCbsa(ctx: LoadContext): Promise<LoadResult> {
  const l1 = await readTable(ctx.file("census-cbsa/list1_2023.xlsx"), {
    required: ["CBSA Code", "CBSA Title", "County/County Equivalent", "FIPS State Code", "FIPS County Code"],
  });
  let rows = insertRows(
    ctx.db,
    "cbsa_county",
    [
      "cbsa_code",
      "cbsa_title",
      "area_type",
      "metro_division_code",
      "csa_code",
      "county",
      "state_name",
      "state_fips",
      "county_fips",
      "central_outlying",
    ],
    l1.rows
      .filter((r) => str(r["FIPS COUNTY CODE"]))
      .map((r) => [
        str(r["CBSA CODE"]),
        str(r["CBSA TITLE"]),
        str(r["METROPOLITAN/MICROPOLITAN STATISTICAL AREA"]),
        str(r["METROPOLITAN DIVISION CODE"]),
        str(r["CSA CODE"]),
        str(r["COUNTY/COUNTY EQUIVALENT"]),
        str(r["STATE NAME"]),
        str(r["FIPS STATE CODE"]),
        str(r["FIPS COUNTY CODE"]),
        str(r["CENTRAL/OUTLYING COUNTY"]),
      ]),
  );
  const l2 = await readTable(ctx.file("census-cbsa/list2_2023.xlsx"), {
    required: ["CBSA Code", "CBSA Title", "Principal City Name", "FIPS Place Code"],
  });
  rows += insertRows(
    ctx.db,
    "cbsa_principal_city",
    ["cbsa_code", "cbsa_title", "area_type", "city", "state_fips", "place_fips"],
    l2.rows
      .filter((r) => str(r["FIPS PLACE CODE"]))
      .map((r) => [
        str(r["CBSA CODE"]),
        str(r["CBSA TITLE"]),
        str(r["METROPOLITAN/MICROPOLITAN STATISTICAL AREA"]),
        str(r["PRINCIPAL CITY NAME"]),
        str(r["FIPS STATE CODE"]),
        str(r["FIPS PLACE CODE"]),
      ]),
  );
  return { rows };
}
