// BLS OEWS: national workbooks (May 2014-2024) and the all-areas CSVs (May 2024, May 2025).
import { readTable, sheetGrids, parseNumber, str, num, type Row, type Marker } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

const WAGE_COLUMNS = [
  "TOT_EMP",
  "H_MEAN",
  "A_MEAN",
  "H_PCT10",
  "H_PCT25",
  "H_MEDIAN",
  "H_PCT75",
  "H_PCT90",
  "A_PCT10",
  "A_PCT25",
  "A_MEDIAN",
  "A_PCT75",
  "A_PCT90",
] as const;

const NATIONAL_WORKBOOKS = [2014, 2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024].map(
  (y) => `bls-oews/national_M${y}_dl.xlsx`,
);
// CSVs after the workbooks: the workbook's national rows (with hourly percentiles) win on overlap.
const AREA_FILES = ["bls-oews/oews_M2024_national_state_nonmetro.csv", "bls-oews/oews_M2025_all_areas.csv"];

/** 7-digit BLS area code: 0000000 national, SS00000 state/territory, 00 + CBSA for an MSA, nonmetro as published. */
export function areaCodeOf(area: string, areaType: number): string {
  if (areaType === 1) return "0000000";
  if (areaType === 2 || areaType === 3) return area.padStart(2, "0") + "00000";
  return area.padStart(7, "0");
}

/** SOC aggregation level from the code's shape, for files that do not carry O_GROUP. */
export function socGroup(code: string): string {
  if (code === "00-0000") return "total";
  if (code.endsWith("-0000")) return "major";
  if (code.endsWith("00")) return "minor";
  if (code.endsWith("0")) return "broad";
  return "detailed";
}

const yearOf = (path: string) => Number(/M(\d{4})/.exec(path)![1]);

export async function loadOews(ctx: LoadContext): Promise<LoadResult> {
  const out: unknown[][] = [];
  const topCodes: unknown[][] = [];
  for (const path of [...NATIONAL_WORKBOOKS, ...AREA_FILES]) {
    const year = yearOf(path);
    const table = await readTable(ctx.file(path), { required: ["OCC_CODE", "OCC_TITLE", "TOT_EMP", "A_MEDIAN"] });
    for (const row of table.rows) out.push(toRecord(row, year, path));
  }
  // Each workbook states its top-code in its field descriptions ("$115.00 per hour or $239,200 per year").
  for (const path of ["bls-oews/field_descriptions.xlsx", ...NATIONAL_WORKBOOKS]) {
    const found = await statedTopCode(ctx.file(path));
    if (found) topCodes.push([path.includes("field_descriptions") ? 2014 : yearOf(path), found.annual, found.hourly]);
  }
  insertRows(ctx.db, "oews_top_code", ["year", "annual", "hourly"], topCodes, true);
  const rows = insertRows(
    ctx.db,
    "oews_wage",
    [
      "year",
      "area_code",
      "area",
      "area_type",
      "area_title",
      "prim_state",
      "occ_code",
      "occ_title",
      "o_group",
      "tot_emp",
      "h_mean",
      "a_mean",
      "h_pct10",
      "h_pct25",
      "h_median",
      "h_pct75",
      "h_pct90",
      "a_pct10",
      "a_pct25",
      "a_median",
      "a_pct75",
      "a_pct90",
      "annual_only",
      "hourly_only",
      "markers",
      "source_file",
    ],
    out,
    true,
  );
  // OEWS estimates refer to May of their year: the vintage is the newest file's.
  const years = [...NATIONAL_WORKBOOKS, ...AREA_FILES].map(yearOf).sort();
  return { rows, vintage: `May ${years.at(-1)}`, periodStart: `${years[0]}-05`, periodEnd: `${years.at(-1)}-05` };
}

function toRecord(row: Row, year: number, path: string): unknown[] {
  const area = str(row.AREA) ?? "99";
  const areaType = num(row.AREA_TYPE) ?? 1;
  const code = str(row.OCC_CODE)!;
  const markers: Partial<Record<string, Marker>> = {};
  const values = WAGE_COLUMNS.map((col) => {
    const parsed = parseNumber(row[col] ?? null);
    if (parsed.marker) markers[col.toLowerCase()] = parsed.marker;
    return parsed.value;
  });
  return [
    year,
    areaCodeOf(area, areaType),
    area,
    areaType,
    str(row.AREA_TITLE) ?? "U.S.",
    str(row.PRIM_STATE) ?? (areaType === 1 ? "US" : null),
    code,
    str(row.OCC_TITLE),
    str(row.O_GROUP ?? row.OCC_GROUP ?? null) ?? socGroup(code),
    ...values,
    row.ANNUAL === "TRUE" ? 1 : 0,
    row.HOURLY === "TRUE" ? 1 : 0,
    Object.keys(markers).length ? JSON.stringify(markers) : null,
    path,
  ];
}

async function statedTopCode(file: string): Promise<{ annual: number; hourly: number } | null> {
  for (const rows of await sheetGrids(file, /field/i)) {
    for (const r of rows) {
      const m = /\$([\d.,]+) per hour or \$([\d,]+) per year/.exec(r.join(" "));
      if (m) return { hourly: Number(m[1].replace(/,/g, "")), annual: Number(m[2].replace(/,/g, "")) };
    }
  }
  return null;
}
