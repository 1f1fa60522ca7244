// BEA Regional Price Parities (MARPP by MSA, SARPP by state, PARPP by state portion): wide years → long rows.
import { readTable, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

const FILES = [
  "bea-rpp/MARPP_MSA_2008_2024.csv",
  "bea-rpp/SARPP_STATE_2008_2023.csv",
  "bea-rpp/PARPP_PORT_2008_2024.csv",
];
const unquote = (s: string | null) => (s ? s.replace(/^"+|"+$/g, "").trim() : s);

export async function loadRpp(ctx: LoadContext): Promise<LoadResult> {
  const out: unknown[][] = [];
  let latest = 0;
  for (const path of FILES) {
    const t = await readTable(ctx.file(path), {
      required: ["GeoFIPS", "GeoName", "TableName", "LineCode", "Description"],
    });
    const years = t.columns.filter((c) => /^\d{4}$/.test(c));
    for (const r of t.rows) {
      const line = num(r.LINECODE);
      if (line === null) continue; // BEA's footnote lines under the table
      for (const y of years) {
        out.push([
          unquote(str(r.GEOFIPS)),
          unquote(str(r.GEONAME)),
          str(r.TABLENAME),
          line,
          str(r.DESCRIPTION),
          str(r.UNIT),
          Number(y),
          num(r[y]),
        ]);
        latest = Math.max(latest, Number(y));
      }
    }
  }
  return {
    rows: insertRows(
      ctx.db,
      "rpp",
      ["geo_fips", "geo_name", "table_name", "line_code", "description", "unit", "year", "value"],
      out,
    ),
    periodStart: "2008",
    periodEnd: String(latest),
  };
}
